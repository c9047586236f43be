-- live_message_reaction: its current body (created in migration 0051_reactions_read_receipts).
-- Edit it here: the migration runner applies every file of this folder after the migrations (server/db/README.md).
create or replace function live_message_reaction() returns trigger language plpgsql as $$
begin
  perform live_notify(new.user_id, 'message.reaction',
                      jsonb_build_object('c', live_conversation_id(new.conversation_id), 'm', new.id));
  return null;
end
$$;
