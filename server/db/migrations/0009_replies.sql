-- AI replies (issue 7): who owns each conversation, hand-overs to a person, what a reply was built
-- from, and a record per customer message answered so that nothing is ever sent twice.

-- 'ai' answers customers; 'human' means the owner does, until handed back.
alter table conversations add column owner text not null default 'ai' check (owner in ('ai', 'human'));
alter table conversations add column owner_reason text;
alter table conversations add column owner_changed_at timestamptz;
-- Set while the reply job generates an answer ('AI is replying…' in the inbox); cleared after.
alter table conversations add column ai_replying_since timestamptz;

-- A hand-over to the owner; open until resolved (handed back, or the owner replied by hand).
create table escalations (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id) on delete cascade,
  conversation_id bigint not null references conversations (id) on delete cascade,
  reason text not null,
  kind text not null
    check (kind in ('customer_asked', 'model', 'no_knowledge', 'ai_unavailable', 'key_rejected', 'manual_reply')),
  created_at timestamptz not null default now(),
  resolved_at timestamptz
);
create index escalations_open_idx on escalations (user_id, created_at desc) where resolved_at is null;
create index escalations_conversation_id_idx on escalations (conversation_id);

-- The passages and memories an AI reply used: {contexts: [{id, document_name, excerpt}], memories: [{id, memory}]}.
alter table messages add column sources jsonb;

-- What the agent tells a customer on hand-over; null means the default text.
alter table agents add column handover_message text;

-- A memory's kind (name, email, order, preference, problem, promise …): a changed fact of a
-- single-valued kind (name, email …) replaces the old one.
alter table memories add column kind text;
create index memories_customer_kind_idx on memories (agent_id, from_phone_number, kind);

-- One row per customer message a reply job handled, keyed by its wamid. The state is written
-- before anything is sent: a job run again after a crash between the send and its bookkeeping
-- finds 'sending' and sends nothing (at most once, never twice).
create table reply_attempts (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id) on delete cascade,
  conversation_id bigint not null references conversations (id) on delete cascade,
  wamid text not null,
  state text not null default 'started'
    check (state in ('started', 'skipped', 'sending', 'sent', 'handed_over')),
  detail text,
  reply_wamid text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint reply_attempts_user_id_wamid_key unique (user_id, wamid)
);
create index reply_attempts_conversation_id_idx on reply_attempts (conversation_id);
