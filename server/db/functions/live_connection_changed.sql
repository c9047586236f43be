-- live_connection_changed: its current body (created in migration 0022_live_events).
-- Edit it here: the migration runner applies every file of this folder after the migrations (server/db/README.md).
create or replace function live_connection_changed() returns trigger language plpgsql as $$
begin
  perform live_notify(new.user_id, 'connection.changed', jsonb_build_object('k', new.kind));
  return null;
end
$$;
