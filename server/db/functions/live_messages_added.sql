-- live_messages_added: its current body (created in migration 0022_live_events, last changed in 0040_customer_identity).
-- Edit it here: the migration runner applies every file of this folder after the migrations (server/db/README.md).
create or replace function live_messages_added() returns trigger language plpgsql as $$
begin
  perform live_notify(user_id,
                      case when direction = 'inbound' then 'message.received' else 'message.sent' end,
                      jsonb_build_object('l', jsonb_agg(jsonb_build_array(conversation_public_id(wa_id), id) order by id)))
     from (select a.user_id, a.direction, c.wa_id, a.id, (row_number() over (order by a.id) - 1) / 40 as part
             from added a join conversations c on c.id = a.conversation_id) numbered
    group by user_id, direction, part;
  return null;
end
$$;
