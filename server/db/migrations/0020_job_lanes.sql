-- Jobs of one queue (a conversation's replies and memories: 'conversation:<id>') run one at a time,
-- in order (run_at, then id): only the head of a queue is taken; jobs without a queue run side by side. `crashes` counts the runs that ended with their
-- process (a lease that ran out, a restart that found the job running): two, and the job fails.
alter table jobs add column queue text;
alter table jobs add column crashes integer not null default 0;
create index jobs_queue_order_idx on jobs (queue, run_at, id) where status in ('pending', 'running');
