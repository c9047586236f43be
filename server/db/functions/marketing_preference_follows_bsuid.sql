-- marketing_preference_follows_bsuid: its current body (created in migration 0054_preference_follows_bsuid).
-- Edit it here: the migration runner applies every file of this folder after the migrations (server/db/README.md).
create or replace function marketing_preference_follows_bsuid() returns trigger language plpgsql as $$
begin
  insert into marketing_preferences as p (user_id, customer, phone, stopped, changed_at, source)
  select user_id, new.bsuid, phone, stopped, changed_at, source
    from marketing_preferences
   where user_id = new.user_id and customer = old.bsuid
  on conflict (user_id, customer) do update set
     phone = coalesce(p.phone, excluded.phone), stopped = excluded.stopped, changed_at = excluded.changed_at,
     source = excluded.source, updated_at = now()
   where excluded.changed_at > p.changed_at;
  delete from marketing_preferences where user_id = new.user_id and customer = old.bsuid;
  return null;
end $$;
