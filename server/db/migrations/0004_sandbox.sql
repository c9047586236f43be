-- The WhatsApp sandbox: what the Graph simulator knows in place of Meta. Nothing here belongs to
-- a Threadline user, so nothing references users; ids are numeric strings like Meta's.

create table sandbox_wabas (
  id text primary key,
  name text not null,
  currency text not null default 'USD',
  timezone_id text not null default '1',
  owner_business_id text not null,
  owner_business_name text not null,
  created_at timestamptz not null default now()
);

create table sandbox_phone_numbers (
  id text primary key,
  waba_id text not null references sandbox_wabas (id) on delete cascade,
  -- Digits only, like a wa_id; the Graph shows it formatted.
  phone_number text not null,
  verified_name text not null,
  registration_pin text,
  registered_at timestamptz,
  created_at timestamptz not null default now()
);
create index sandbox_phone_numbers_waba_id_idx on sandbox_phone_numbers (waba_id);

-- Embedded Signup's one-time codes (sha256 only): single use, 30 seconds.
create table sandbox_codes (
  code_hash text primary key,
  waba_id text not null references sandbox_wabas (id) on delete cascade,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);

-- Business tokens (sha256 only), each for the WABA its signup shared.
create table sandbox_tokens (
  token_hash text primary key,
  waba_id text not null references sandbox_wabas (id) on delete cascade,
  revoked_at timestamptz,
  created_at timestamptz not null default now()
);

create table sandbox_subscriptions (
  waba_id text not null references sandbox_wabas (id) on delete cascade,
  app_id text not null,
  app_name text not null,
  created_at timestamptz not null default now(),
  primary key (waba_id, app_id)
);

-- Messages between the sandbox's customers and its business numbers; the newest inbound one
-- opens the 24-hour customer service window.
create table sandbox_messages (
  wamid text primary key,
  phone_number_id text not null references sandbox_phone_numbers (id) on delete cascade,
  wa_id text not null,
  direction text not null check (direction in ('inbound', 'outbound')),
  type text not null,
  body jsonb not null,
  context_wamid text,
  read_at timestamptz,
  created_at timestamptz not null default now()
);
create index sandbox_messages_window_idx on sandbox_messages (phone_number_id, wa_id, created_at) where direction = 'inbound';
