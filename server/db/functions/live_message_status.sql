-- live_message_status: its current body (created in migration 0022_live_events).
-- Edit it here: the migration runner applies every file of this folder after the migrations (server/db/README.md).
create or replace function live_message_status() returns trigger language plpgsql as $$
begin
  perform live_notify(new.user_id, 'message.status',
                      jsonb_build_object('c', live_conversation_id(new.conversation_id), 'm', new.id, 's', new.status));
  return null;
end
$$;
