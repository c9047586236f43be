import { releaseJob } from './housekeeping';
import { extendLease, markDone, markFailed, type JobRow } from './queue';
import type { JobContext, JobHandler, JobRunnerDeps } from './types';

/** A job whose runs ended its process this many times is failed, not run again. */
export const MAX_CRASHES = 2;

export const JOB_ERRORS = {
  crashed: `Its process stopped while running it ${MAX_CRASHES} times (a crash, or the process was killed).`,
  noHandler: (name: string) => `No handler for job '${name}'`,
  neverFinished: (attempts: number) => `Gave up after ${attempts} attempts that never finished`,
} as const;

/** How a run ended: done, back in the queue (a shutdown), to be retried, or failed for good. */
export type Outcome = 'done' | 'released' | 'retry' | 'failed';

export interface ExecuteOptions {
  /** Aborted when the runner stops: the handler's I/O gives up and the job goes back to the queue. */
  signal: AbortSignal;
  /** Wait before the next attempt after attempt `attempt` failed. */
  backoffMs: (attempt: number) => number;
  /** Renews the job's lease while it runs (our own runner's leases; an engine keeps its own locks). */
  leaseMs?: number;
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

async function fail(job: JobRow, handler: JobHandler<never>, context: JobContext, message: string) {
  await markFailed(context.db, job.id, message, null);
  try {
    await handler.onFailed?.(job.payload as never, context, message);
  } catch (error) {
    context.log.error({ err: error }, 'job failure hook failed');
  }
}

/**
 * Runs one claimed job's handler and writes the outcome to its row: done; put back (the shutdown
 * interrupted it, its attempt given back); pending again after the backoff; or failed for good
 * (attempts used up, or its runs crashed their process twice), calling the handler's `onFailed`.
 * Both runners use it: ours in the embedded shape, the engine's tasks in the scaled-out one.
 */
export async function executeJob(
  deps: JobRunnerDeps,
  job: JobRow,
  handler: JobHandler<never> | undefined,
  options: ExecuteOptions,
): Promise<{ outcome: Outcome; error?: unknown }> {
  const context: JobContext = {
    ...deps,
    log: deps.log.child({ job: job.id, jobName: job.name, attempt: job.attempts }),
    job: { id: job.id, name: job.name, attempt: job.attempts, maxAttempts: job.max_attempts },
    signal: options.signal,
  };
  if (!handler) {
    await markFailed(deps.db, job.id, JOB_ERRORS.noHandler(job.name), null);
    return { outcome: 'failed' };
  }
  if (job.crashes >= MAX_CRASHES) {
    await fail(job, handler, context, JOB_ERRORS.crashed);
    return { outcome: 'failed' };
  }
  if (job.attempts > job.max_attempts) {
    // Claimed again after its lease ran out once too often: the runs themselves keep dying.
    await fail(job, handler, context, JOB_ERRORS.neverFinished(job.max_attempts));
    return { outcome: 'failed' };
  }
  const { leaseMs } = options;
  // Renewed while the handler runs: only a runner that died stops renewing, and loses the job.
  const heartbeat =
    leaseMs === undefined
      ? undefined
      : setInterval(() => {
          extendLease(deps.db, job.id, leaseMs).catch((error: unknown) => {
            context.log.warn({ err: error }, 'could not extend the job lease');
          });
        }, leaseMs / 3);
  heartbeat?.unref();
  try {
    await handler.run(job.payload as never, context);
    clearInterval(heartbeat);
    await markDone(deps.db, job.id);
    return { outcome: 'done' };
  } catch (error) {
    clearInterval(heartbeat);
    if (options.signal.aborted) {
      context.log.info({ err: error }, 'job interrupted by the shutdown; back in the queue');
      await releaseJob(deps.db, job.id);
      return { outcome: 'released', error };
    }
    if (job.attempts < job.max_attempts) {
      context.log.warn({ err: error }, 'job failed; will retry');
      await markFailed(deps.db, job.id, reason(error), options.backoffMs(job.attempts));
      return { outcome: 'retry', error };
    }
    context.log.error({ err: error }, 'job failed for good');
    await fail(job, handler, context, reason(error));
    return { outcome: 'failed', error };
  }
}
