-- Accounts: users, their sessions, one-time tokens (email verification, password reset) and the
-- dev outbox. Everything a user owns references users(id) with `on delete cascade`, so deleting
-- the account deletes its data; every later table follows the same rule.

create table users (
  id bigint generated always as identity primary key,
  email text not null,
  username text not null,
  password_hash text not null,
  first_name text not null,
  last_name text not null,
  display_name text,
  bio text,
  is_verified boolean not null default false,
  two_factor_enabled boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- Sign-in and the availability checks compare case-insensitively.
create unique index users_email_lower_key on users (lower(email));
create unique index users_username_lower_key on users (lower(username));

-- An access token is valid only while its session row is neither revoked nor expired.
create table sessions (
  id uuid primary key default gen_random_uuid(),
  user_id bigint not null references users (id) on delete cascade,
  remember boolean not null default false,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz,
  last_address text,
  last_user_agent text
);
create index sessions_user_id_idx on sessions (user_id);

-- Only the sha256 of a token is stored; the token itself exists only in the mailed link.
create table one_time_tokens (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id) on delete cascade,
  purpose text not null check (purpose in ('verify_email', 'reset_password')),
  token_hash text not null unique,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index one_time_tokens_unused_idx on one_time_tokens (user_id, purpose) where used_at is null;

-- Mails kept instead of sent while no SMTP server is configured.
create table outbox_mails (
  id bigint generated always as identity primary key,
  user_id bigint references users (id) on delete cascade,
  to_address text not null,
  subject text not null,
  text text not null,
  link text,
  created_at timestamptz not null default now()
);
create index outbox_mails_user_id_idx on outbox_mails (user_id);
create index outbox_mails_to_address_idx on outbox_mails (lower(to_address), id);
