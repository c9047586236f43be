-- Sessions end after a time unused (server/services/auth/sessions.ts, config.sessionIdle): when the
-- session was last used, written at most once a minute so that a busy session costs no write per request.

alter table sessions add column last_used_at timestamptz not null default now();
