-- Connection changes as events (issue 8): the dashboard's recent activity says when the number was
-- connected, when Meta refused its token, and when the owner disconnected it. The connection row
-- cannot tell: disconnecting deletes it and connecting again overwrites it. A trigger records every
-- change, whichever code path makes it.
create table connection_events (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id) on delete cascade,
  kind text not null check (kind in ('connected', 'needs_reconnection', 'disconnected')),
  phone_number text not null,
  created_at timestamptz not null default now()
);

create index connection_events_user_id_created_at_idx on connection_events (user_id, created_at, id);

create function connection_event_record() returns trigger language plpgsql as $$
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

create trigger whatsapp_connections_events after insert or update or delete on whatsapp_connections
  for each row execute function connection_event_record();

-- What was there before the events were recorded.
insert into connection_events (user_id, kind, phone_number, created_at)
  select user_id, 'connected', phone_number, created_at from whatsapp_connections;
insert into connection_events (user_id, kind, phone_number, created_at)
  select user_id, status, phone_number, updated_at from whatsapp_connections where status <> 'active';
