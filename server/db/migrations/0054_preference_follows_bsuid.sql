-- A customer's new BSUID (a new phone number gives one; webhook_store moves their conversation along,
-- migration 0040) takes their marketing preference along (0053): it was kept by the BSUID Meta named
-- then, and a stop must not be forgotten because the customer changed their number. Where the new BSUID
-- already has a preference, the newer by Meta's time wins, as everywhere else.
create function marketing_preference_follows_bsuid() returns trigger language plpgsql as $$
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

create trigger conversations_bsuid_moved after update of bsuid on conversations
  for each row when (old.bsuid is not null and new.bsuid is not null and new.bsuid <> old.bsuid)
  execute function marketing_preference_follows_bsuid();
