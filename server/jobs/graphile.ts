import { EventEmitter } from 'node:events';
import { Logger, run, runMigrations, runOnce, type Runner, type TaskList, type WorkerEvents } from 'graphile-worker';
import pg from 'pg';
import type { Executor } from '../db/client';
import { hearConnectionErrors } from '../db/postgres';
import { reconnectDelayMs } from '../db/reconnect';
import { ShuttingDown } from '../shutdown';
import { executeJob, MAX_CRASHES } from './execute';
import { CLEANUP_INTERVAL_MS, deleteDoneJobs, DONE_JOB_RETENTION_MS } from './housekeeping';
import { enqueue, markRunning, type NewJob } from './queue';
import { JobHandlers, runnerSignal } from './handlers';
import type { JobHandler, JobRunnerDeps, Jobs } from './types';

/**
 * The scaled-out shape's job engine: graphile-worker 0.16 (pinned; 0.17+ needs Node 22) on the
 * PostgreSQL that DATABASE_URL names. Why it: jobs are taken with LISTEN/NOTIFY the moment they
 * are added, on any worker; named queues run one job at a time (a conversation's replies and
 * memories, in order); each process runs a pool per lane with its own concurrency.
 *
 * Our `jobs` table stays the one place jobs are enqueued, inside the caller's transaction (the
 * webhook's insert of messages and their jobs is one statement): a trigger adds each new row to the
 * engine in that same transaction, so a crash after the commit cannot lose a job, and the row keeps
 * the job's state for the owner-facing code (done, failed, its last error). The engine only locks a
 * job for four hours when its worker dies; every worker here beats a heartbeat instead, and any
 * worker unlocks the jobs of one whose heartbeat stopped, within seconds, counting the crash.
 */

export interface GraphileJobsOptions {
  connectionString: string;
  /** The engine's schema; tests give each file its own. */
  schema?: string;
  /** How many jobs of each lane this process runs at once (a lane not named: 1). */
  concurrency?: Partial<Record<string, number>>;
  /** The engine's poll for jobs that came due (a retry, a debounced reply); new jobs need none. */
  pollIntervalMs?: number;
  /** The app's shutdown signal. */
  signal?: AbortSignal;
  /** How often this process says it is alive, and how long a silent worker is taken for dead. */
  heartbeatMs?: number;
  deadAfterMs?: number;
}

export const ENGINE_SCHEMA = 'graphile_worker';
const POLL_INTERVAL_MS = 250;
/** The engine's connections per process (LISTEN, taking and finishing jobs); its handlers use the app's pool. */
const ENGINE_POOL_SIZE = 10;
const HEARTBEAT_MS = 2_000;
const DEAD_AFTER_MS = 10_000;
/** Held while a process installs the trigger, so that several starting at once take turns. */
const INSTALL_LOCK = 7_413_291;
const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/** The engine's own retry delay (exp(attempts) seconds, at most e^10): what our row shows as next run. */
function engineBackoffMs(attempt: number): number {
  return Math.round(Math.exp(Math.min(attempt, 10)) * 1000);
}

/** graphile-worker's log lines through our pino logger (its levels: error, warning, info, debug). */
function engineLogger(deps: JobRunnerDeps): Logger {
  const log = deps.log.child({ component: 'graphile-worker' });
  return new Logger((scope) => (level, message, meta) => {
    const method = level === 'warning' ? 'warn' : level === 'error' || level === 'info' ? level : 'debug';
    log[method]({ ...scope, ...meta }, message);
  });
}

export class GraphileJobs implements Jobs {
  private readonly handlers = new JobHandlers();
  /** Each lane's pool of workers, while it runs. */
  private readonly runners = new Map<string, Runner>();
  private readonly workerIds = new Set<string>();
  private readonly schema: string;
  private readonly stopping = new AbortController();
  private readonly signal: AbortSignal;
  private timers: NodeJS.Timeout[] = [];
  private prepared: Promise<void> | undefined;
  private engineLog: Logger | undefined;
  /** One pool for the engine's own connections, shared by every lane's pool of workers. */
  private enginePool: pg.Pool | undefined;
  private lastCleanupAt: number | undefined;

  constructor(
    private readonly deps: JobRunnerDeps,
    private readonly options: GraphileJobsOptions,
  ) {
    this.schema = options.schema ?? ENGINE_SCHEMA;
    if (!IDENTIFIER.test(this.schema)) throw new Error(`Invalid job engine schema name '${this.schema}'`);
    this.signal = runnerSignal(this.stopping, options.signal);
  }

  register<P>(name: string, handler: JobHandler<P>, lane?: string): void {
    this.handlers.register(name, handler, lane);
  }

  /** Queued in our table; the trigger hands it to the engine, which wakes a worker at once. */
  enqueue(job: NewJob, executor: Executor = this.deps.db): Promise<number | null> {
    return enqueue(executor, job);
  }

  /** Nothing to do: the engine's NOTIFY wakes its workers. */
  wake(): void {}

  /**
   * The engine's schema (its own migrations) and the trigger that forwards our jobs to it, then
   * every job our table holds that the engine does not (queued before the trigger existed). Every
   * process of the scaled-out shape does this at start, API nodes included, so that their enqueues
   * reach the engine.
   */
  prepare(): Promise<void> {
    this.prepared ??= (async () => {
      await runMigrations({
        pgPool: this.pool(),
        schema: this.schema,
        logger: this.logger(),
      });
      const schema = `"${this.schema}"`;
      await this.deps.db.transaction(async (tx) => {
        await tx.query('select pg_advisory_xact_lock($1)', [INSTALL_LOCK]);
        // The engine's job key 'threadline:<id>' finds our job again (orphans, crashes) and never adds it twice.
        // One call of the engine per statement, with all its new jobs (a webhook batch queues two or
        // three a message): per row, the engine's add_job was three quarters of a webhook batch's time.
        await tx.exec(`
          create or replace function forward_jobs_to_engine() returns trigger language plpgsql as $fn$
          begin
            if exists (select from added) then
              perform ${schema}.add_jobs(array(
                select (j.name, json_build_object('jobId', j.id), j.queue, j.run_at, j.max_attempts,
                        'threadline:' || j.id, null, null)::${schema}.job_spec
                  from added j order by j.id));
            end if;
            return null;
          end $fn$;
          drop trigger if exists jobs_forward_to_engine on jobs;
          create trigger jobs_forward_to_engine after insert on jobs referencing new table as added
            for each statement execute function forward_jobs_to_engine();
          drop function if exists forward_job_to_engine();`);
        await tx.query(
          `select ${schema}.add_job(j.name, json_build_object('jobId', j.id), queue_name => j.queue,
                                    run_at => j.run_at, max_attempts => j.max_attempts, job_key => 'threadline:' || j.id)
             from jobs j
            where j.status in ('pending', 'running')
              and not exists (select 1 from ${schema}._private_jobs g where g.key = 'threadline:' || j.id)`,
        );
      });
    })();
    return this.prepared;
  }

  /** Runs a pool per lane, and the heartbeat that lets other workers take over when this one dies. */
  async start(): Promise<void> {
    await this.prepare();
    if (this.signal.aborted) return;
    for (const lane of this.handlers.lanes()) await this.runLane(lane);
    const heartbeatMs = this.options.heartbeatMs ?? HEARTBEAT_MS;
    // While the database is away every beat fails: the first says so, the rest at debug.
    let failing = false;
    const beat = () =>
      void this.beat().then(
        () => {
          if (failing) this.deps.log.info('job heartbeat beats again');
          failing = false;
        },
        (error: unknown) => {
          this.deps.log[failing ? 'debug' : 'warn']({ err: error }, 'job heartbeat failed');
          failing = true;
        },
      );
    beat();
    this.timers.push(setInterval(beat, heartbeatMs));
    for (const timer of this.timers) timer.unref();
  }

  /** Stops taking jobs, aborts the running ones' I/O (they go back to the queue) and waits for them. */
  async stop(): Promise<void> {
    this.stopping.abort(new ShuttingDown());
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    const runners = [...this.runners.values()];
    this.runners.clear();
    await Promise.allSettled(runners.map((runner) => runner.stop()));
    await this.enginePool?.end();
    this.enginePool = undefined;
    if (this.workerIds.size > 0) {
      await this.deps.db
        .query('delete from job_workers where worker_id = any($1)', [[...this.workerIds]])
        .catch(() => undefined);
    }
  }

  /** Runs every job that is due until none is (tests): the engine's runOnce, lane by lane. */
  async runUntilIdle(): Promise<void> {
    await this.prepare();
    const lanes = this.handlers.lanes();
    for (const lane of lanes) {
      await runOnce({
        pgPool: this.pool(),
        schema: this.schema,
        noHandleSignals: true,
        logger: this.logger(),
        taskList: this.taskList(lane),
      });
    }
  }

  /**
   * Starts the engine's pool of workers for `lane`. A worker that could not record its job's end
   * (the database went away) leaves the pool for good, and the pool does not replace it: the lane is
   * then run anew, once the database answers again.
   */
  private async runLane(lane: string): Promise<void> {
    // Workers are created while `run` starts: listen before.
    const events = new EventEmitter() as WorkerEvents;
    const laneWorkers = new Set<string>();
    events.on('worker:create', ({ worker }) => {
      laneWorkers.add(worker.workerId);
      this.workerIds.add(worker.workerId);
    });
    // Its heartbeat stops, so that any worker frees the job it held once it counts as dead.
    events.on('worker:fatalError', ({ worker, error }) => {
      this.workerIds.delete(worker.workerId);
      lost(error as Error);
    });
    const lost = (error: Error) =>
      void started.then((runner) => {
        if (this.runners.get(lane) !== runner || this.signal.aborted) return;
        this.runners.delete(lane);
        for (const id of laneWorkers) this.workerIds.delete(id);
        this.deps.log.warn({ err: error, lane }, 'job lane stopped; running it again');
        void runner.stop().catch(() => undefined);
        this.rerunLane(lane, 0);
      });
    const started = run({
      events,
      pgPool: this.pool(),
      schema: this.schema,
      concurrency: this.options.concurrency?.[lane] ?? 1,
      pollInterval: this.options.pollIntervalMs ?? POLL_INTERVAL_MS,
      noHandleSignals: true,
      logger: this.logger(),
      taskList: this.taskList(lane),
    });
    const runner = await started;
    if (this.signal.aborted) return void (await runner.stop());
    this.runners.set(lane, runner);
    runner.promise.catch((error: unknown) => lost(error as Error));
  }

  /** Runs `lane` again after a wait that grows while the database does not answer. */
  private rerunLane(lane: string, failures: number) {
    const timer = setTimeout(() => {
      this.timers = this.timers.filter((other) => other !== timer);
      if (this.signal.aborted) return;
      this.runLane(lane).catch((error: unknown) => {
        this.deps.log.info({ err: error, lane, failures: failures + 1 }, 'job lane could not run yet');
        this.rerunLane(lane, failures + 1);
      });
    }, reconnectDelayMs(failures));
    timer.unref();
    this.timers.push(timer);
  }

  /** One task per job name of the lane: our row, the handler, the outcome; a retry is the engine's. */
  private taskList(lane: string): TaskList {
    const tasks: TaskList = {};
    for (const name of this.handlers.namesIn(lane)) {
      tasks[name] = async (payload, helpers) => {
        const id = Number((payload as { jobId?: unknown } | null)?.jobId);
        const job = await markRunning(this.deps.db, id, helpers.job.attempts);
        // Done, failed or deleted meanwhile: nothing left to do.
        if (!job) return;
        const { outcome, error } = await executeJob(this.deps, job, this.handlers.handler(name), {
          signal: this.signal,
          backoffMs: engineBackoffMs,
        });
        if (outcome === 'retry' || outcome === 'released') throw error;
      };
    }
    return tasks;
  }

  /**
   * Now and then deletes old done jobs; says this process's workers are alive, then unlocks the jobs of workers whose heartbeat stopped
   * (killed, out of memory), each run counting a crash of its job: the second one fails it.
   */
  private async beat(): Promise<void> {
    if (this.lastCleanupAt === undefined || Date.now() - this.lastCleanupAt >= CLEANUP_INTERVAL_MS) {
      this.lastCleanupAt = Date.now();
      await deleteDoneJobs(this.deps.db, DONE_JOB_RETENTION_MS);
    }
    if (this.workerIds.size > 0) {
      await this.deps.db.query(
        `insert into job_workers (worker_id) select unnest($1::text[])
         on conflict (worker_id) do update set beat_at = now()`,
        [[...this.workerIds]],
      );
    }
    const schema = `"${this.schema}"`;
    const deadAfterMs = this.options.deadAfterMs ?? DEAD_AFTER_MS;
    await this.deps.db.transaction(async (tx) => {
      const dead = await tx.query<{ worker_id: string }>(
        `delete from job_workers where beat_at < now() - ($1::integer * interval '1 millisecond') returning worker_id`,
        [deadAfterMs],
      );
      if (dead.length === 0) return;
      const ids = dead.map((row) => row.worker_id);
      const orphans = await tx.query<{ id: number }>(
        `update jobs set crashes = crashes + 1, updated_at = now()
          where id in (
            select substring(g.key from 'threadline:(\\d+)')::bigint from ${schema}._private_jobs g
             where g.locked_by = any($1::text[]))
         returning id`,
        [ids],
      );
      await tx.query(`select ${schema}.force_unlock_workers($1::text[])`, [ids]);
      this.deps.log.warn(
        { workers: ids, jobs: orphans.map((row) => row.id), maxCrashes: MAX_CRASHES },
        'job workers stopped beating; their jobs are free again',
      );
    });
  }

  private pool(): pg.Pool {
    if (!this.enginePool) {
      this.enginePool = new pg.Pool({ connectionString: this.options.connectionString, max: ENGINE_POOL_SIZE });
      // graphile-worker hears the pool only while a runner runs: not after prepare() (an API node),
      // nor between a lane's stop and its new start.
      hearConnectionErrors(this.enginePool);
    }
    return this.enginePool;
  }

  private logger(): Logger {
    this.engineLog ??= engineLogger(this.deps);
    return this.engineLog;
  }
}
