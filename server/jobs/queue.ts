import type { Executor } from '../db/client';

export type JobStatus = 'pending' | 'running' | 'done' | 'failed';

export interface NewJob {
  name: string;
  payload?: Record<string, unknown>;
  /** Makes the enqueue idempotent: a job with this key already queued (or run) means no new one. */
  key?: string;
  /** Not before this time (default now). */
  runAt?: Date;
  maxAttempts?: number;
}

export type JobRow = {
  id: number;
  name: string;
  key: string | null;
  payload: Record<string, unknown>;
  status: JobStatus;
  attempts: number;
  max_attempts: number;
  last_error: string | null;
};

export const DEFAULT_MAX_ATTEMPTS = 5;

/**
 * Queues a job; inside a transaction it appears only if the transaction commits. Returns the new
 * job's id, or null when a job with the same key exists.
 */
export async function enqueue(db: Executor, job: NewJob): Promise<number | null> {
  const row = await db.maybeOne<{ id: number }>(
    `insert into jobs (name, payload, key, run_at, max_attempts)
     values ($1, $2::jsonb, $3, coalesce($4::timestamptz, now()), $5)
     on conflict (key) do nothing
     returning id`,
    [
      job.name,
      JSON.stringify(job.payload ?? {}),
      job.key ?? null,
      job.runAt?.toISOString() ?? null,
      job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    ],
  );
  return row?.id ?? null;
}

const JOB_COLUMNS = 'id, name, key, payload, status, attempts, max_attempts, last_error';

/**
 * Takes the next due job: a pending one whose time has come, or a running one whose lease ran out
 * (its runner crashed). `skip locked` lets several runners (processes) claim side by side.
 */
export async function claimNext(db: Executor, leaseMs: number): Promise<JobRow | undefined> {
  return db.maybeOne<JobRow>(
    `update jobs set status = 'running', attempts = attempts + 1, updated_at = now(),
            locked_until = now() + ($1::integer * interval '1 millisecond')
     where id = (
       select id from jobs
       where (status = 'pending' and run_at <= now()) or (status = 'running' and locked_until < now())
       order by run_at, id
       limit 1
       for update skip locked
     )
     returning ${JOB_COLUMNS}`,
    [leaseMs],
  );
}

/** Keeps a long job's lease while its runner is alive, so that no other runner takes it over. */
export async function extendLease(db: Executor, id: number, leaseMs: number): Promise<void> {
  await db.query(
    `update jobs set locked_until = now() + ($2::integer * interval '1 millisecond') where id = $1 and status = 'running'`,
    [id, leaseMs],
  );
}

export async function markDone(db: Executor, id: number): Promise<void> {
  await db.query(
    `update jobs set status = 'done', locked_until = null, last_error = null, finished_at = now(), updated_at = now()
     where id = $1`,
    [id],
  );
}

/** After a failure: again after `retryInMs`, or failed for good when `retryInMs` is null. */
export async function markFailed(db: Executor, id: number, error: string, retryInMs: number | null): Promise<void> {
  if (retryInMs === null) {
    await db.query(
      `update jobs set status = 'failed', locked_until = null, last_error = $2, finished_at = now(), updated_at = now()
       where id = $1`,
      [id, error],
    );
    return;
  }
  await db.query(
    `update jobs set status = 'pending', locked_until = null, last_error = $2, updated_at = now(),
            run_at = now() + ($3::integer * interval '1 millisecond')
     where id = $1`,
    [id, error, retryInMs],
  );
}

/** Whether anything is due now (used to tell a drained queue from a busy one). */
export async function hasDueJobs(db: Executor): Promise<boolean> {
  const row = await db.one<{ due: boolean }>(
    `select exists (
       select 1 from jobs
       where (status = 'pending' and run_at <= now()) or (status = 'running' and locked_until < now())
     ) as due`,
  );
  return row.due;
}
