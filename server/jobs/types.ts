import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db, Executor } from '../db/client';
import type { Secrets } from '../secrets';
import type { NewJob } from './queue';

/**
 * What the job engine and the services that run on it share: a handler's interface and context, the
 * queue's interface, and the lanes. Every file of jobs/ and every service imports these from here, so
 * that no file of jobs/ needs another in a circle.
 */

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

export type JobRunnerDeps = Omit<JobContext, 'job' | 'signal'>;

/**
 * The job queue as the app uses it, in either shape: our runner over the embedded database, or the
 * PostgreSQL engine of the scaled-out shape (graphile.ts). Handlers are the same for both.
 */
export interface Jobs {
  /** Handles the jobs called `name`, in `lane` (whose concurrency the options set). */
  register<P>(name: string, handler: JobHandler<P>, lane?: string): void;
  /** Queues a job, inside the caller's transaction when given one. */
  enqueue(job: NewJob, executor?: Executor): Promise<number | null>;
  /** Looks for due jobs now (after a commit that queued some). */
  wake(): void;
  start(): void | Promise<void>;
  /** Stops taking jobs, aborts the running ones and waits until they are back in the queue. */
  stop(): Promise<void>;
  /** Runs every due job until none is: for tests and benches. */
  runUntilIdle(): Promise<void>;
}

/** Jobs registered without a lane run in this one. */
export const DEFAULT_LANE = 'default';
/**
 * AI replies and memory extraction: waiting on models and Graph, many at once. One lane for both,
 * so that a conversation's reply is always taken before the memory job queued after it.
 */
export const REPLIES_LANE = 'replies';
/** Document ingestion: CPU-bound, a few at once, never in the way of replies. */
export const INGESTION_LANE = 'ingestion';
