-- connection_event_record: its current body (created in migration 0013_connection_events).
-- Edit it here: the migration runner applies every file of this folder after the migrations (server/db/README.md).
create or replace function connection_event_record() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    -- Deleting the owner deletes their connection too: then there is nobody to tell.
    insert into connection_events (user_id, kind, phone_number)
      select old.user_id, 'disconnected', old.phone_number
      where exists (select 1 from users where id = old.user_id);
    return null;
  end if;
  -- A new connection, another number, or the same number connected again (upsertConnection renews created_at).
  if tg_op = 'INSERT' then
    insert into connection_events (user_id, kind, phone_number, created_at)
      values (new.user_id, 'connected', new.phone_number, new.created_at);
  elsif new.phone_number_id <> old.phone_number_id or new.created_at <> old.created_at
      or (new.status = 'active' and old.status <> 'active') then
    insert into connection_events (user_id, kind, phone_number, created_at)
      values (new.user_id, 'connected', new.phone_number, new.updated_at);
  end if;
  if new.status <> 'active' and (tg_op = 'INSERT' or new.status <> old.status) then
    insert into connection_events (user_id, kind, phone_number, created_at)
      values (new.user_id, new.status, new.phone_number, new.updated_at);
  end if;
  return null;
end
$$;
