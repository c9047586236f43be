-- live_message_media: its current body (created in migration 0025_message_media).
-- Edit it here: the migration runner applies every file of this folder after the migrations (server/db/README.md).
create or replace function live_message_media() returns trigger language plpgsql as $$
begin
  perform live_notify(new.user_id, 'message.status',
                      jsonb_build_object('c', live_conversation_id(m.conversation_id), 'm', m.id, 's', m.status))
     from messages m where m.id = new.message_id;
  return null;
end
$$;
