-- live_session_ended: its current body (created in migration 0035_session_ended).
-- Edit it here: the migration runner applies every file of this folder after the migrations (server/db/README.md).
create or replace function live_session_ended() returns trigger language plpgsql as $$
begin
  perform live_notify(old.user_id, 'session.ended', jsonb_build_object('e', old.id));
  return null;
end
$$;
