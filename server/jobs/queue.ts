import { isPglite, type Db, type Executor } from '../db/client';

export type JobStatus = 'pending' | 'running' | 'done' | 'failed';

export interface NewJob {
  name: string;
  payload?: Record<string, unknown>;
  /** Makes the enqueue idempotent: a job with this key already queued (or run) means no new one. */
  key?: string;
  /** Not before this time (default now). */
  runAt?: Date;
  maxAttempts?: number;
  /** Jobs of one queue run one at a time, in order (e.g. `conversation:42`); without one, side by side. */
  queue?: string;
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
  crashes: number;
};

export const DEFAULT_MAX_ATTEMPTS = 5;

/**
 * Queues a job; inside a transaction it appears only if the transaction commits. Returns the new
 * job's id, or null when a job with the same key exists.
 */
export async function enqueue(db: Executor, job: NewJob): Promise<number | null> {
  const row = await db.maybeOne<{ id: number }>(
    `insert into jobs (name, payload, key, run_at, max_attempts, queue)
     values ($1, $2::jsonb, $3, coalesce($4::timestamptz, now()), $5, $6)
     on conflict (key) do nothing
     returning id`,
    [
      job.name,
      JSON.stringify(job.payload ?? {}),
      job.key ?? null,
      job.runAt?.toISOString() ?? null,
      job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      job.queue ?? null,
    ],
  );
  return row?.id ?? null;
}

const JOB_COLUMNS = 'id, name, key, payload, status, attempts, max_attempts, last_error, crashes';

/** Which job names a claim may take: these, or (a catch-all lane) any but these. */
export interface NameFilter {
  names: readonly string[];
  except: boolean;
}

/** What is due: a pending job whose time has come, or a running one whose lease ran out (its runner died). */
const DUE = `((j.status = 'pending' and j.run_at <= now()) or (j.status = 'running' and j.locked_until < now()))`;
function named(names: string, except: string): string {
  return `(case when ${except}::boolean then not (j.name = any(${names}::text[])) else j.name = any(${names}::text[]) end)`;
}
/**
 * Only the head of a queue is taken: none of its jobs runs under a live lease, and none waits before
 * it (in run_at, then id order), even in another lane or not yet due.
 */
const HEADS_QUEUE = `(j.queue is null or not exists (
  select 1 from jobs r
   where r.queue = j.queue and r.id <> j.id and r.status in ('pending', 'running')
     and ((r.status = 'running' and r.locked_until >= now()) or (r.run_at, r.id) < (j.run_at, j.id))))`;

/** Held by one claim at a time across every runner of the database (pg_advisory_xact_lock). */
const CLAIM_LOCK = 7_413_290;

/**
 * Takes the next due job of the names given whose queue is free, oldest due first. A job taken back
 * from a runner whose lease ran out counts a crash. Claims take turns under one advisory lock: two
 * runners (processes) claiming at the same moment could otherwise each see a conversation's queue
 * free and start two of its jobs at once. A claim is one short statement, so the turns are short.
 */
export async function claimNext(db: Db, leaseMs: number, filter: NameFilter): Promise<JobRow | undefined> {
  // PGlite has one connection: its statements already take turns.
  if (isPglite(db)) return claimInTurn(db, leaseMs, filter);
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [CLAIM_LOCK]);
    return claimInTurn(tx, leaseMs, filter);
  });
}

function claimInTurn(db: Executor, leaseMs: number, filter: NameFilter): Promise<JobRow | undefined> {
  return db.maybeOne<JobRow>(
    `update jobs set status = 'running', attempts = attempts + 1, updated_at = now(),
            crashes = crashes + (case when status = 'running' then 1 else 0 end),
            locked_until = now() + ($1::integer * interval '1 millisecond')
     where id = (
       select j.id from jobs j
       where ${DUE} and ${named('$2', '$3')} and ${HEADS_QUEUE}
       order by j.run_at, j.id
       limit 1
       for update skip locked
     )
     returning ${JOB_COLUMNS}`,
    [leaseMs, filter.names, filter.except],
  );
}

/**
 * How long until the next job of the names given that heads its queue comes due (null: none is
 * waiting). A job behind a running one of its queue is not counted: it can start only when that one
 * ends, and its end makes the runner look again (counting it would have the runner look every few
 * milliseconds while the job ahead runs).
 */
export async function msUntilNextDue(db: Executor, filter: NameFilter): Promise<number | null> {
  const row = await db.one<{ ms: number | null }>(
    // greatest() skips a null: without a waiting job min() is null, and so must the answer be.
    `select case when min(j.run_at) is not null
              then greatest(0, ceil(extract(epoch from (min(j.run_at) - now())) * 1000))::float8 end as ms
       from jobs j where j.status = 'pending' and ${named('$1', '$2')} and ${HEADS_QUEUE}`,
    [filter.names, filter.except],
  );
  return row.ms;
}

/**
 * At the start of the one process that owns an embedded database: the jobs still marked running
 * were left by its previous process, which died. Their leases end now, so that they are claimed
 * again at once (counting the crash) instead of when the lease would have run out.
 */
export async function expireOrphanedLeases(db: Executor): Promise<number> {
  const row = await db.one<{ n: number }>(
    `with expired as (
       update jobs set locked_until = now() - interval '1 millisecond'
        where status = 'running' and locked_until >= now()
       returning 1)
     select count(*)::integer as n from expired`,
  );
  return row.n;
}

/**
 * The engine's run of job `id` has begun (its `attempts`th): the row says so. Undefined when the job
 * is done, failed or gone meanwhile.
 */
export async function markRunning(db: Executor, id: number, attempts: number): Promise<JobRow | undefined> {
  return db.maybeOne<JobRow>(
    `update jobs set status = 'running', attempts = $2, locked_until = null, updated_at = now()
      where id = $1 and status in ('pending', 'running')
     returning ${JOB_COLUMNS}`,
    [id, attempts],
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
