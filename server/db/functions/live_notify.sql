-- live_notify: its current body (created in migration 0022_live_events).
-- Edit it here: the migration runner applies every file of this folder after the migrations (server/db/README.md).
create or replace function live_notify(owner bigint, type text, body jsonb) returns void language sql as $$
  select pg_notify('threadline_events', (jsonb_build_object('u', owner, 't', type) || body)::text)
$$;
