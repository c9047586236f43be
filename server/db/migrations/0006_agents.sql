-- AI agents and their knowledge: the owner's agents (one active at most), the documents given to
-- them, the contexts (chunks) ingestion makes of those, the memories replies leave, and the graph of
-- entities and relations. Everything references users(id) and agents(id) with `on delete cascade`,
-- so permanently deleting an agent removes all it knows. API keys are stored sealed (AES-256-GCM,
-- user id and agent id bound as associated data), never in the clear.

create extension if not exists pg_trgm with schema public;

create table agents (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id) on delete cascade,
  name text not null,
  description text not null,
  model text not null,
  system_prompt text not null,
  user_prompt text not null,
  api_key text,               -- sealed with app.secrets (AES-256-GCM, associated data binds user id + agent id), null when none
  api_key_hint text,          -- masked form shown to the owner, e.g. 'sk-…abcd'
  status text not null default 'inactive' check (status in ('active', 'inactive', 'deleted')),
  deleted_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index agents_user_id_idx on agents (user_id);
create unique index agents_one_active_per_user on agents (user_id) where status = 'active';

create table documents (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id) on delete cascade,
  agent_id bigint not null references agents (id) on delete cascade,
  filename text not null,
  media_type text not null,   -- sniffed: application/pdf, text/plain, image/jpeg, image/png
  size_bytes integer not null,
  sha256 text not null,
  status text not null default 'processing' check (status in ('processing', 'ready', 'failed')),
  error text,
  pages integer,
  chunks integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index documents_agent_id_idx on documents (agent_id);

-- The uploaded bytes, apart so listing documents never reads them (the scaled-out shape has no shared disk).
create table document_files (
  document_id bigint primary key references documents (id) on delete cascade,
  content bytea not null
);

create table contexts (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id) on delete cascade,
  agent_id bigint not null references agents (id) on delete cascade,
  document_id bigint references documents (id) on delete cascade,
  chunk_index integer not null default 0,
  content text not null,
  search tsvector generated always as (to_tsvector('english', content)) stored,
  embedding vector,           -- when the agent's provider has embeddings; dimension per model
  created_at timestamptz not null default now()
);
create index contexts_agent_id_idx on contexts (agent_id);
create index contexts_search_idx on contexts using gin (search);

create table memories (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id) on delete cascade,
  agent_id bigint not null references agents (id) on delete cascade,
  from_phone_number text not null,
  memory text not null,
  source_message_id bigint references messages (id) on delete set null,
  search tsvector generated always as (to_tsvector('simple', memory)) stored,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index memories_agent_id_idx on memories (agent_id);
create index memories_search_idx on memories using gin (search);
-- Fuzzy memory search (a typo still finds it).
create index memories_memory_trgm_idx on memories using gin (memory gin_trgm_ops);

create table graph_nodes (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id) on delete cascade,
  agent_id bigint not null references agents (id) on delete cascade,
  label text not null,
  type text not null,         -- e.g. product, person, organization, place, topic, customer
  created_at timestamptz not null default now(),
  constraint graph_nodes_agent_label_type_key unique (agent_id, label, type)
);
create table graph_edges (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id) on delete cascade,
  agent_id bigint not null references agents (id) on delete cascade,
  source_id bigint not null references graph_nodes (id) on delete cascade,
  target_id bigint not null references graph_nodes (id) on delete cascade,
  label text not null,
  weight integer not null default 1,
  created_at timestamptz not null default now(),
  constraint graph_edges_key unique (agent_id, source_id, target_id, label)
);
create index graph_edges_agent_id_idx on graph_edges (agent_id);
