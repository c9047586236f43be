import { buildApp } from '../app';
import { loadConfig } from '../config';
import { closeOnSignals, run } from './lifecycle';

/**
 * `npm run worker`, the scaled-out shape's job worker: the whole app (so every job handler is
 * registered exactly as in the API) running the jobs of the PostgreSQL that DATABASE_URL names on
 * its job engine (graphile-worker, server/jobs/graphile.ts), without listening for HTTP. Any number
 * may run side by side: the engine hands each job to one of them the moment it is queued.
 */
run(async () => {
  const config = loadConfig();
  if (!config.databaseUrl) {
    console.error(
      'npm run worker is for the scaled-out shape (DATABASE_URL set); in embedded mode `npm start` runs the jobs itself.',
    );
    process.exit(1);
  }
  const app = await buildApp(config, { runJobs: true });
  closeOnSignals(app);
  await app.ready();
  app.log.info('Threadline worker is running');
});
