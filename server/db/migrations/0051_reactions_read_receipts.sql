-- Reactions both ways and the owner's read-receipt setting (issue 28, items 4 and 5).
--
-- 1. A message's reactions changing (the customer's by webhook, the owner's from the inbox) tells the
--    owner's open tabs, as a status does: 'message.reaction' with the conversation and the message.
--    The business's own reaction is kept in `messages.reactions` under the key 'business', which no
--    customer's key (digits or a BSUID with its dot) can be.
create function live_message_reaction() returns trigger language plpgsql as $$
begin
  perform live_notify(new.user_id, 'message.reaction',
                      jsonb_build_object('c', live_conversation_id(new.conversation_id), 'm', new.id));
  return null;
end
$$;
create trigger messages_live_reaction after update of reactions on messages
  for each row when (old.reactions is distinct from new.reactions) execute function live_message_reaction();

-- 2. What the owner chose for their inbox; no row means the defaults. `read_receipts`: opening a
--    conversation marks its customer messages read on WhatsApp (blue ticks).
create table inbox_settings (
  user_id bigint primary key references users (id) on delete cascade,
  read_receipts boolean not null default true,
  updated_at timestamptz not null default now()
);

-- 3. The sandbox's reactions, one per side of a message, as WhatsApp shows them: the business's on
--    the customer's messages, the customer's on the business's. Null: none.
alter table sandbox_messages add column business_reaction text;
alter table sandbox_messages add column customer_reaction text;
