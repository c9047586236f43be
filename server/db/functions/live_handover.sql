-- live_handover: its current body (created in migration 0022_live_events).
-- Edit it here: the migration runner applies every file of this folder after the migrations (server/db/README.md).
create or replace function live_handover() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' and new.resolved_at is null then
    perform live_notify(new.user_id, 'handover.opened', jsonb_build_object('c', live_conversation_id(new.conversation_id), 'h', new.id));
  elsif tg_op = 'UPDATE' and new.resolved_at is not null and old.resolved_at is null then
    perform live_notify(new.user_id, 'handover.closed', jsonb_build_object('c', live_conversation_id(new.conversation_id), 'h', new.id));
  end if;
  return null;
end
$$;
