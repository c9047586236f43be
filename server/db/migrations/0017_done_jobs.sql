-- Each job runner deletes done jobs older than a week, once an hour (server/jobs/housekeeping.ts):
-- this finds them without reading the whole queue.
create index jobs_done_finished_at_idx on jobs (finished_at) where status = 'done';
