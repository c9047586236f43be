-- The in-process job queue (DESIGN.md §1): durability comes from these rows, so a restarted process
-- resumes what it had not finished, and a job whose runner died is claimed again once its lease ends.
create table jobs (
  id bigint generated always as identity primary key,
  name text not null,
  -- Idempotency: a second enqueue with the same key (e.g. 'ingest:42', 'reply:<wamid>') is a no-op.
  key text unique,
  payload jsonb not null default '{}'::jsonb,
  status text not null default 'pending' check (status in ('pending', 'running', 'done', 'failed')),
  attempts integer not null default 0,
  max_attempts integer not null default 5 check (max_attempts > 0),
  run_at timestamptz not null default now(),
  locked_until timestamptz,
  last_error text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  finished_at timestamptz
);
create index jobs_due_idx on jobs (run_at, id) where status in ('pending', 'running');

-- Contexts are listed newest first per agent, and chunks of one document in order.
create index contexts_document_id_idx on contexts (document_id, chunk_index);

-- Vectors stay uncompressed in the row: exact search over one agent's chunks then reads them without
-- de-TOASTing each one (several times faster on PGlite). Embeddings are requested short (256
-- dimensions) so that a row stays well within a page; see server/services/knowledge/embeddings.ts.
alter table contexts alter column embedding set storage plain;

-- The substring fallback of context search (a part of a word, a product code) uses this index.
create index contexts_content_trgm_idx on contexts using gin (content gin_trgm_ops);
