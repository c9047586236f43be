-- The inbox version's bump (0010, 0014, 0022) runs at commit once per conversation row changed, and
-- bumps once per owner: every later row of the owner looked the version row up to find it already
-- bumped by this transaction (its xmin). That row is updated by every transaction of the owner, so the
-- lookup walked a chain of its dead versions: on PostgreSQL a fifth of a webhook batch's time. Now the
-- first bump leaves a transaction-local mark (a setting, reset when the transaction or the
-- subtransaction that set it ends, as a bump made there would be undone), and the others read the mark.
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
