-- The media of customers' photos, voice notes, videos, files and stickers (and, from step C, of
-- what the owner sends). A media message has no row here until its media job ends: pending until
-- then, then ready (stored, type decided by its bytes) or failed (with the reason, in plain words).
create table message_media (
  message_id bigint primary key references messages (id) on delete cascade,
  user_id bigint not null references users (id) on delete cascade,
  status text not null check (status in ('ready', 'failed')),
  mime_type text,
  size_bytes integer,
  -- Where the MediaStore keeps the bytes (services/media/store.ts); null unless ready.
  storage_key text,
  failure text,
  updated_at timestamptz not null default now()
);

-- The embedded MediaStore: the bytes in the database, by key, each owner's apart.
create table media_blobs (
  key text primary key,
  user_id bigint not null references users (id) on delete cascade,
  mime_type text not null,
  bytes bytea not null,
  created_at timestamptz not null default now()
);
create index media_blobs_user_id_idx on media_blobs (user_id);

-- A media that became ready or failed changes its bubble: the owner's open chat hears of it as a
-- status change of its message (0022).
create function live_message_media() returns trigger language plpgsql as $$
begin
  perform live_notify(new.user_id, 'message.status',
                      jsonb_build_object('c', live_conversation_id(m.conversation_id), 'm', m.id, 's', m.status))
     from messages m where m.id = new.message_id;
  return null;
end
$$;
create trigger message_media_live after insert or update on message_media
  for each row execute function live_message_media();
