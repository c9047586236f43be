-- WhatsApp: the owner's connected number, the short-lived exchanges that prepare it, and the
-- conversations and messages its webhooks bring. Everything references users(id) with
-- `on delete cascade`. Business tokens are stored sealed (AES-256-GCM, the row bound as associated
-- data), never in the clear.

-- A code exchange done, its connection not yet saved: the SPA holds only an opaque reference,
-- whose sha256 is kept here; it works once and expires.
create table whatsapp_pending_exchanges (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id) on delete cascade,
  reference_hash text not null unique,
  waba_id text not null,
  phone_number_id text not null,
  display_phone_number text,
  business_token text not null,
  registration_pin text not null,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index whatsapp_pending_exchanges_user_id_idx on whatsapp_pending_exchanges (user_id);

-- One connection per owner (reconnecting replaces it), one owner per number. Disconnecting
-- deletes the row, and with it the token; conversations stay.
create table whatsapp_connections (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id) on delete cascade,
  waba_id text not null,
  phone_number_id text not null,
  phone_number text not null,
  business_token text not null,
  registration_pin text not null,
  status text not null default 'active' check (status in ('active', 'needs_reconnection', 'disconnected')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint whatsapp_connections_user_id_key unique (user_id),
  constraint whatsapp_connections_phone_number_id_key unique (phone_number_id)
);

-- Every signed delivery, raw, once per owner it concerns (a retried delivery is kept once).
create table webhook_events (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id) on delete cascade,
  body_sha256 text not null,
  raw_body text not null,
  received_at timestamptz not null default now(),
  constraint webhook_events_user_id_body_sha256_key unique (user_id, body_sha256)
);

-- One conversation per owner and customer (wa_id); the API shows its id as '<wa_id>@c.us'.
create table conversations (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id) on delete cascade,
  wa_id text not null,
  profile_name text,
  last_message_preview text,
  last_message_at timestamptz,
  last_inbound_at timestamptz,
  unread_count integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint conversations_user_id_wa_id_key unique (user_id, wa_id)
);
create index conversations_user_id_last_message_at_idx on conversations (user_id, last_message_at desc);

-- Messages both ways. The unique wamid per owner makes a retried or parallel delivery store one
-- message (insert … on conflict do nothing). Delivery status only moves forward.
create table messages (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id) on delete cascade,
  conversation_id bigint not null references conversations (id) on delete cascade,
  wamid text not null,
  direction text not null check (direction in ('inbound', 'outbound')),
  sender text not null check (sender in ('customer', 'ai', 'human')),
  type text not null,
  body text not null,
  raw jsonb not null,
  in_reply_to text,
  -- The customer's reactions by who reacted: { "<wa_id>": { "emoji": "👍", "timestamp": 1749419544 } }.
  reactions jsonb not null default '{}'::jsonb,
  status text not null check (status in ('received', 'pending', 'sent', 'delivered', 'read', 'failed')),
  status_error text,
  status_error_code integer,
  sent_at timestamptz not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint messages_user_id_wamid_key unique (user_id, wamid)
);
create index messages_conversation_id_sent_at_idx on messages (conversation_id, sent_at);
