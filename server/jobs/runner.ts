import { asBackgroundWork, type Executor } from '../db/client';
import { ShuttingDown } from '../shutdown';
import { executeJob } from './execute';
import { JobHandlers, runnerSignal } from './handlers';
import { CLEANUP_INTERVAL_MS, deleteDoneJobs, DONE_JOB_RETENTION_MS } from './housekeeping';
import { claimNext, enqueue, expireOrphanedLeases, msUntilNextDue, type JobRow, type NewJob } from './queue';
import { DEFAULT_LANE, type JobHandler, type JobRunnerDeps, type Jobs } from './types';

export interface JobRunnerOptions {
  /** How often an idle runner looks for due jobs anyway (enqueues and due times wake it sooner). */
  pollIntervalMs?: number;
  /** A claimed job belongs to its runner this long; its runner renews it while the job runs. */
  leaseMs?: number;
  /** Wait before attempt `attempt + 1` after attempt `attempt` failed. */
  backoffMs?: (attempt: number) => number;
  /** The app's shutdown signal (`app.closing`): aborting it stops the runner as `stop()` does. */
  signal?: AbortSignal;
  /** Done jobs older than this are deleted (at most once per CLEANUP_INTERVAL_MS). */
  doneRetentionMs?: number;
  /** The clock the cleanup's interval is measured with; tests move it on. */
  now?: () => number;
  /** How many jobs of each lane run at once in this process (a lane not named here: 1). */
  concurrency?: Partial<Record<string, number>>;
  /**
   * The embedded shape's one process: jobs found running at start were left by its previous
   * process, which died; they are taken back at once instead of when their leases run out.
   */
  recoverOnStart?: boolean;
}

export const POLL_INTERVAL_MS = 1000;
/** Short, and renewed every third of it while the job runs: a dead runner's job is free again soon. */
export const LEASE_MS = 30_000;
const MAX_BACKOFF_MS = 10 * 60_000;

/** 2 s, 4 s, 8 s … capped at ten minutes. */
export function exponentialBackoffMs(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, MAX_BACKOFF_MS);
}

/**
 * Runs queued jobs from the database in lanes: each lane (replies, ingestion …) runs up to its
 * concurrency of jobs at once, so that slow work in one lane never holds up another; jobs of one
 * queue (a conversation) run one at a time and in order. Durable: everything it knows is in the
 * jobs table, so a restart resumes pending work and a crashed run is claimed again once its short
 * lease has run out (at once, with `recoverOnStart`). It starts a job as soon as one is enqueued in
 * this process or comes due, and polls as a safety net. Now and then it deletes old done jobs.
 */
export class JobRunner implements Jobs {
  private readonly handlers = new JobHandlers();
  private readonly inFlight = new Set<Promise<void>>();
  private readonly running = new Map<string, number>();
  private readonly pollIntervalMs: number;
  private readonly leaseMs: number;
  private readonly backoffMs: (attempt: number) => number;
  private readonly doneRetentionMs: number;
  private readonly now: () => number;
  private readonly concurrency: Partial<Record<string, number>>;
  private readonly recoverOnStart: boolean;
  private readonly stopping = new AbortController();
  /** Aborted by `stop()` or the app's shutdown signal. */
  private readonly signal: AbortSignal;
  private lastCleanupAt: number | undefined;
  private timer: NodeJS.Timeout | undefined;
  private started = false;
  private filling: Promise<void> | undefined;
  private refillRequested = false;
  /** Runs ended so far: tells `runUntilIdle` whether one ended while it looked. */
  private finished = 0;

  constructor(
    private readonly deps: JobRunnerDeps,
    options: JobRunnerOptions = {},
  ) {
    this.pollIntervalMs = options.pollIntervalMs ?? POLL_INTERVAL_MS;
    this.leaseMs = options.leaseMs ?? LEASE_MS;
    this.backoffMs = options.backoffMs ?? exponentialBackoffMs;
    this.doneRetentionMs = options.doneRetentionMs ?? DONE_JOB_RETENTION_MS;
    this.now = options.now ?? Date.now;
    this.concurrency = options.concurrency ?? {};
    this.recoverOnStart = options.recoverOnStart ?? false;
    this.signal = runnerSignal(this.stopping, options.signal);
    this.signal.addEventListener('abort', () => this.stopPolling(), { once: true });
  }

  /** Handles the jobs called `name`, in `lane` (whose concurrency the options set). */
  register<P>(name: string, handler: JobHandler<P>, lane?: string): void {
    this.handlers.register(name, handler, lane);
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

  /** Starts running jobs; those left unfinished by an earlier process are due at once. */
  start(): void {
    if (this.started || this.signal.aborted) return;
    this.started = true;
    const recovered = this.recoverOnStart ? expireOrphanedLeases(this.deps.db) : Promise.resolve(0);
    void recovered
      .then((count) => {
        if (count > 0) this.deps.log.warn({ jobs: count }, 'job runner: taking back the jobs a crashed process left');
      })
      .catch((error: unknown) => this.deps.log.error({ err: error }, 'job runner: recovering jobs failed'))
      .finally(() => this.wake());
  }

  /** Looks for due jobs now instead of at the next poll or due time. */
  wake(): void {
    if (!this.started) return;
    void this.fill().catch((error: unknown) => this.deps.log.error({ err: error }, 'job runner: claiming failed'));
  }

  /**
   * Stops taking jobs, aborts the running ones' I/O and waits for them to be put back in the queue
   * (the database may close after this). A stopped runner does not start again.
   */
  async stop(): Promise<void> {
    this.stopping.abort(new ShuttingDown());
    await this.filling;
    await Promise.allSettled([...this.inFlight]);
  }

  /**
   * Runs every due job, including retries that come due meanwhile, and waits for jobs other callers
   * are running in this process: after it, the queue holds nothing due. For tests and benches.
   */
  async runUntilIdle(): Promise<void> {
    for (;;) {
      const finishedBefore = this.finished;
      await this.fill();
      if (this.inFlight.size > 0) await Promise.race([...this.inFlight]);
      // A job that ended during the look may have freed its queue's next one: look again.
      else if (this.finished === finishedBefore) return;
    }
  }

  private lanes(): string[] {
    return [...new Set([DEFAULT_LANE, ...this.handlers.lanes()])];
  }

  private freeSlots(lane: string): number {
    return (this.concurrency[lane] ?? 1) - (this.running.get(lane) ?? 0);
  }

  /**
   * Claims due jobs into every lane's free slots and starts them; one fill at a time (a wake-up
   * during a fill makes it look once more). Then sets the timer for the next due job or the poll.
   */
  private fill(): Promise<void> {
    if (this.filling) {
      this.refillRequested = true;
      return this.filling;
    }
    // Claims and the jobs they start are background work: a request's statements go first.
    this.filling = asBackgroundWork(async () => {
      try {
        await this.cleanUpWhenDue();
        do {
          this.refillRequested = false;
          for (const lane of this.lanes()) await this.fillLane(lane);
        } while (this.refillRequested && !this.signal.aborted);
        if (this.started) await this.scheduleNextLook();
      } finally {
        this.filling = undefined;
      }
      // Asked for after the last pass had looked (a job ended meanwhile): look once more.
      if (this.refillRequested && this.started) this.wake();
    });
    return this.filling;
  }

  private async fillLane(lane: string): Promise<void> {
    const filter = this.handlers.filter([lane]);
    while (!this.signal.aborted && this.freeSlots(lane) > 0) {
      const job = await claimNext(this.deps.db, this.leaseMs, filter);
      if (!job) return;
      this.running.set(lane, (this.running.get(lane) ?? 0) + 1);
      const run = this.process(job).finally(() => {
        this.running.set(lane, (this.running.get(lane) ?? 1) - 1);
        this.inFlight.delete(run);
        this.finished += 1;
        // A slot is free, and the job's queue may hold the next one: look again (a look under way
        // looks once more, whether or not the runner was started).
        if (this.filling) this.refillRequested = true;
        else if (this.started) this.wake();
      });
      this.inFlight.add(run);
    }
  }

  /**
   * Wakes at the next due time of a job of a lane with a free slot, or at the poll interval, whichever
   * is first. A full lane needs no timer: each job that ends looks again.
   */
  private async scheduleNextLook(): Promise<void> {
    const open = this.lanes().filter((lane) => this.freeSlots(lane) > 0);
    const untilDue = open.length === 0 ? null : await msUntilNextDue(this.deps.db, this.handlers.filter(open));
    const delayMs = Math.min(this.pollIntervalMs, untilDue ?? Number.POSITIVE_INFINITY);
    if (!this.started) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.wake(), delayMs);
    this.timer.unref();
  }

  private stopPolling(): void {
    this.started = false;
    clearTimeout(this.timer);
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
    await executeJob(this.deps, job, this.handlers.handler(job.name), {
      signal: this.signal,
      backoffMs: this.backoffMs,
      leaseMs: this.leaseMs,
    });
  }
}
