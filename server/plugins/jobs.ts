import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { GraphileJobs } from '../jobs/graphile';
import { JobRunner, type JobRunnerOptions } from '../jobs/runner';
import { INGESTION_LANE, REPLIES_LANE, type Jobs } from '../jobs/types';

declare module 'fastify' {
  interface FastifyInstance {
    /** The job queue's runner: `enqueue`, `register` handlers, `runUntilIdle` in tests. */
    jobs: Jobs;
  }
}

export interface JobsPluginOptions {
  /**
   * Whether this process polls for jobs. Default: in the embedded shape (no DATABASE_URL) the API
   * runs them; in the scaled-out shape `npm run worker` does (server/process/worker.ts passes true). Under
   * NODE_ENV=test nothing polls: tests run the queue themselves with `app.jobs.runUntilIdle()`, so
   * no job runs behind a test's back.
   */
  poll?: boolean;
  runner?: JobRunnerOptions;
}

/**
 * The job queue of this process's shape: our runner over PGlite, or graphile-worker on PostgreSQL.
 * Each area's plugin registers its handlers on it (knowledge.ts, replies.ts).
 */
export default fp<JobsPluginOptions>(
  async function jobs(app: FastifyInstance, options) {
    // Closing the app stops the runner at once (preClose): the running job's I/O is aborted and
    // the job goes back to the queue; onClose then waits for that before the database closes.
    const runsJobs = options.poll ?? (!app.config.databaseUrl && app.config.env !== 'test');
    const deps = { db: app.db, log: app.log.child({ component: 'jobs' }), secrets: app.secrets, config: app.config };
    const concurrency = {
      [REPLIES_LANE]: app.config.jobConcurrency.replies,
      [INGESTION_LANE]: app.config.jobConcurrency.ingestion,
    };
    // Tests drive our runner themselves (runUntilIdle) on either database.
    const { databaseUrl } = app.config;
    const runner: Jobs =
      databaseUrl && app.config.env !== 'test'
        ? new GraphileJobs(deps, { connectionString: databaseUrl, concurrency, signal: app.closing })
        : new JobRunner(deps, {
            signal: app.closing,
            concurrency,
            // Only one process opens an embedded database (DATA_DIR is locked): what it finds running, a crash left.
            recoverOnStart: runsJobs && !databaseUrl,
            ...options.runner,
          });
    app.decorate('jobs', runner);

    if (runsJobs) app.addHook('onReady', async () => runner.start());
    // An API node of the scaled-out shape runs no jobs, but its enqueues must reach the engine.
    else if (runner instanceof GraphileJobs) app.addHook('onReady', () => runner.prepare());
    app.addHook('onClose', () => runner.stop());
  },
  { name: 'jobs', dependencies: ['db', 'secrets', 'shutdown'] },
);
