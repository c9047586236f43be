-- Jobs of one queue (a conversation's replies and memories: 'conversation:<id>') run one at a time,
-- in order; jobs without a queue run side by side. `crashes` counts the runs that ended with their
-- process (a lease that ran out, a restart that found the job running): two, and the job fails.
alter table jobs add column queue text;
alter table jobs add column crashes integer not null default 0;
create index jobs_running_queue_idx on jobs (queue) where status = 'running';
