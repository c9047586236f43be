import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db, Executor } from '../db/client';
import type { Secrets } from '../plugins/secrets';
import { ShuttingDown } from '../shutdown';
import { deleteDoneJobs, DONE_JOB_RETENTION_MS, releaseJob } from './housekeeping';
import { claimNext, enqueue, extendLease, markDone, markFailed, type JobRow, type NewJob } from './queue';

/** What a handler gets besides its payload. */
export interface JobContext {
  db: Db;
  log: FastifyBaseLogger;
  secrets: Secrets;
  config: Config;
  job: { id: number; name: string; attempt: number; maxAttempts: number };
  /**
   * Aborted when the runner stops (the app is closing): the handler's I/O should give up. A run
   * that then throws goes back to the queue, its attempt not counted.
   */
  signal: AbortSignal;
}

export interface JobHandler<P = Record<string, unknown>> {
  run(payload: P, context: JobContext): Promise<void>;
  /** Called once when the job fails for good (attempts used up), e.g. to mark its document failed. */
  onFailed?(payload: P, context: JobContext, error: string): Promise<void>;
}

export interface JobRunnerOptions {
  /** How often an idle runner looks for due jobs (enqueues in this process wake it at once). */
  pollIntervalMs?: number;
  /** A claimed job belongs to its runner this long; past it, another runner may take it again. */
  leaseMs?: number;
  /** Wait before attempt `attempt + 1` after attempt `attempt` failed. */
  backoffMs?: (attempt: number) => number;
  /** The app's shutdown signal (`app.closing`): aborting it stops the runner as `stop()` does. */
  signal?: AbortSignal;
  /** Done jobs older than this are deleted (at most once per CLEANUP_INTERVAL_MS). */
  doneRetentionMs?: number;
  /** The clock the cleanup's interval is measured with; tests move it on. */
  now?: () => number;
}

export type JobRunnerDeps = Omit<JobContext, 'job' | 'signal'>;

export const POLL_INTERVAL_MS = 1000;
export const LEASE_MS = 10 * 60_000;
/** How often one runner deletes old done jobs. */
export const CLEANUP_INTERVAL_MS = 60 * 60_000;
const MAX_BACKOFF_MS = 10 * 60_000;

/** 2 s, 4 s, 8 s … capped at ten minutes. */
export function exponentialBackoffMs(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, MAX_BACKOFF_MS);
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Runs queued jobs from the database, one at a time per process. Durable: everything it knows is in
 * the jobs table, so a restart resumes pending work and a crashed run is re-claimed after its lease.
 * Now and then it also deletes the done jobs older than the retention.
 */
export class JobRunner {
  private readonly handlers = new Map<string, JobHandler<never>>();
  private readonly inFlight = new Set<Promise<void>>();
  private readonly pollIntervalMs: number;
  private readonly leaseMs: number;
  private readonly backoffMs: (attempt: number) => number;
  private readonly doneRetentionMs: number;
  private readonly now: () => number;
  private readonly stopping = new AbortController();
  /** Aborted by `stop()` or the app's shutdown signal. */
  private readonly signal: AbortSignal;
  private lastCleanupAt: number | undefined;
  private timer: NodeJS.Timeout | undefined;
  private started = false;
  private ticking = false;
  private wokenWhileTicking = false;
  private currentTick: Promise<void> = Promise.resolve();

  constructor(
    private readonly deps: JobRunnerDeps,
    options: JobRunnerOptions = {},
  ) {
    this.pollIntervalMs = options.pollIntervalMs ?? POLL_INTERVAL_MS;
    this.leaseMs = options.leaseMs ?? LEASE_MS;
    this.backoffMs = options.backoffMs ?? exponentialBackoffMs;
    this.doneRetentionMs = options.doneRetentionMs ?? DONE_JOB_RETENTION_MS;
    this.now = options.now ?? Date.now;
    this.signal = options.signal ? AbortSignal.any([options.signal, this.stopping.signal]) : this.stopping.signal;
    this.signal.addEventListener('abort', () => this.stopPolling(), { once: true });
  }

  register<P>(name: string, handler: JobHandler<P>): void {
    if (this.handlers.has(name)) throw new Error(`A handler for job '${name}' is already registered`);
    this.handlers.set(name, handler as JobHandler<never>);
  }

  /**
   * Queues a job (on `executor`, e.g. a transaction, else the database) and wakes this process's
   * runner. Inside a transaction the wake-up may come before the commit; the poll catches that.
   */
  async enqueue(job: NewJob, executor: Executor = this.deps.db): Promise<number | null> {
    const id = await enqueue(executor, job);
    if (id !== null) this.wake();
    return id;
  }

  /** Starts polling; jobs left unfinished by an earlier process are due at once. */
  start(): void {
    if (this.started || this.signal.aborted) return;
    this.started = true;
    this.schedule(0);
  }

  /** Looks for due jobs now instead of at the next poll. */
  wake(): void {
    if (!this.started) return;
    // A poll under way may already have looked: it looks again straight after.
    if (this.ticking) this.wokenWhileTicking = true;
    else this.schedule(0);
  }

  /**
   * Stops taking jobs, aborts the running one's I/O and waits for it to be put back in the queue
   * (the database may close after this). A stopped runner does not start again.
   */
  async stop(): Promise<void> {
    this.stopping.abort(new ShuttingDown());
    await this.currentTick;
    await Promise.allSettled([...this.inFlight]);
  }

  /**
   * Runs every due job, including retries that come due meanwhile, and waits for jobs other callers
   * are running in this process: after it, the queue holds nothing due. For tests and the worker.
   */
  async runUntilIdle(): Promise<void> {
    await this.cleanUpWhenDue();
    for (;;) {
      while (await this.runNext()) {
        // keep going until nothing is due
      }
      if (this.inFlight.size === 0) return;
      await Promise.allSettled([...this.inFlight]);
    }
  }

  /** Claims and runs one due job; false when none was due or the runner is stopping. */
  async runNext(): Promise<boolean> {
    if (this.signal.aborted) return false;
    const job = await claimNext(this.deps.db, this.leaseMs);
    if (!job) return false;
    const run = this.process(job);
    this.inFlight.add(run);
    try {
      await run;
    } finally {
      this.inFlight.delete(run);
    }
    return true;
  }

  private stopPolling(): void {
    this.started = false;
    clearTimeout(this.timer);
  }

  private schedule(delayMs: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.tick(), delayMs);
    this.timer.unref();
  }

  private tick(): void {
    if (!this.started || this.ticking) return;
    this.ticking = true;
    this.currentTick = this.runDue().finally(() => {
      this.ticking = false;
      if (this.started) this.schedule(this.wokenWhileTicking ? 0 : this.pollIntervalMs);
      this.wokenWhileTicking = false;
    });
  }

  private async runDue(): Promise<void> {
    await this.cleanUpWhenDue();
    try {
      while (this.started && (await this.runNext())) {
        // drain what is due, then sleep
      }
    } catch (error) {
      this.deps.log.error({ err: error }, 'job runner: polling failed');
    }
  }

  /** Deletes old done jobs, at most once per CLEANUP_INTERVAL_MS; a failure waits for the next time. */
  private async cleanUpWhenDue(): Promise<void> {
    const now = this.now();
    if (this.signal.aborted) return;
    if (this.lastCleanupAt !== undefined && now - this.lastCleanupAt < CLEANUP_INTERVAL_MS) return;
    this.lastCleanupAt = now;
    try {
      const deleted = await deleteDoneJobs(this.deps.db, this.doneRetentionMs);
      if (deleted > 0) this.deps.log.info({ deleted }, 'job runner: deleted old done jobs');
    } catch (error) {
      this.deps.log.warn({ err: error }, 'job runner: deleting old done jobs failed');
    }
  }

  private async process(job: JobRow): Promise<void> {
    const context: JobContext = {
      ...this.deps,
      log: this.deps.log.child({ job: job.id, jobName: job.name, attempt: job.attempts }),
      job: { id: job.id, name: job.name, attempt: job.attempts, maxAttempts: job.max_attempts },
      signal: this.signal,
    };
    const handler = this.handlers.get(job.name);
    if (!handler) {
      await markFailed(this.deps.db, job.id, `No handler for job '${job.name}'`, null);
      return;
    }
    const payload = job.payload as never;
    if (job.attempts > job.max_attempts) {
      // Claimed again after its lease ran out once too often: the runs themselves keep dying.
      await this.fail(job, handler, payload, context, `Gave up after ${job.max_attempts} attempts that never finished`);
      return;
    }
    // Renewed while the handler runs: only a runner that died stops renewing, and loses the job.
    const heartbeat = setInterval(() => {
      extendLease(this.deps.db, job.id, this.leaseMs).catch((error: unknown) => {
        context.log.warn({ err: error }, 'could not extend the job lease');
      });
    }, this.leaseMs / 3);
    heartbeat.unref();
    try {
      await handler.run(payload, context);
      clearInterval(heartbeat);
      await markDone(this.deps.db, job.id);
    } catch (error) {
      clearInterval(heartbeat);
      if (this.signal.aborted) {
        context.log.info({ err: error }, 'job interrupted by the shutdown; back in the queue');
        await releaseJob(this.deps.db, job.id);
        return;
      }
      const message = reason(error);
      if (job.attempts < job.max_attempts) {
        context.log.warn({ err: error }, 'job failed; will retry');
        await markFailed(this.deps.db, job.id, message, this.backoffMs(job.attempts));
      } else {
        context.log.error({ err: error }, 'job failed for good');
        await this.fail(job, handler, payload, context, message);
      }
    }
  }

  private async fail(job: JobRow, handler: JobHandler<never>, payload: never, context: JobContext, message: string) {
    await markFailed(this.deps.db, job.id, message, null);
    try {
      await handler.onFailed?.(payload, context, message);
    } catch (error) {
      context.log.error({ err: error }, 'job failure hook failed');
    }
  }
}
