import type { Executor } from '../db/client';

/**
 * The runner's own bookkeeping on the jobs table, beside queue.ts: giving back a job that a
 * shutdown interrupted, and forgetting done jobs once nobody will look at them.
 */

/** Done jobs are kept this long (to see what ran lately), then deleted. Failed ones stay: they are evidence. */
export const DONE_JOB_RETENTION_MS = 7 * 24 * 60 * 60_000;
/** How often one runner deletes old done jobs. */
export const CLEANUP_INTERVAL_MS = 60 * 60_000;

/**
 * Puts a job interrupted by a shutdown back in the queue, due at once and with the attempt its
 * claim counted given back: it did not fail, it was stopped.
 */
export async function releaseJob(db: Executor, id: number): Promise<void> {
  await db.query(
    `update jobs set status = 'pending', attempts = greatest(attempts - 1, 0), locked_until = null,
            run_at = now(), updated_at = now()
      where id = $1 and status = 'running'`,
    [id],
  );
}

/** Deletes the jobs done more than `retentionMs` ago; returns how many. */
export async function deleteDoneJobs(db: Executor, retentionMs: number): Promise<number> {
  const row = await db.one<{ deleted: number }>(
    `with deleted as (
       delete from jobs where status = 'done' and finished_at < now() - ($1::bigint * interval '1 millisecond')
       returning 1
     )
     select count(*)::integer as deleted from deleted`,
    [retentionMs],
  );
  return row.deleted;
}
