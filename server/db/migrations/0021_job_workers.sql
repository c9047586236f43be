-- The scaled-out shape's job workers say every few seconds that they are alive (server/jobs/graphile.ts):
-- a worker that stops saying so died, and any other takes back its jobs.
create table job_workers (
  worker_id text primary key,
  beat_at timestamptz not null default now()
);
