-- inbox_version_bump: its current body (created in migration 0010_inbox_pages, last changed in 0031_inbox_version_marker).
-- Edit it here: the migration runner applies every file of this folder after the migrations (server/db/README.md).
create or replace function inbox_version_bump() returns trigger language plpgsql as $$
declare
  bumped bigint;
  owner text := ',' || new.user_id || ',';
  marked text := coalesce(current_setting('threadline.inbox_bumped', true), '');
begin
  if strpos(marked, owner) = 0 then
    insert into inbox_versions as v (user_id, version) values (new.user_id, 1)
      on conflict (user_id) do update set version = v.version + 1
      returning version into bumped;
    perform live_notify(new.user_id, 'inbox.version', jsonb_build_object('v', bumped));
    perform set_config('threadline.inbox_bumped', coalesce(nullif(marked, ''), ',') || new.user_id || ',', true);
  end if;
  return null;
end
$$;
