import Fastify from 'fastify';
import { loadConfig } from './config';
import { withRedaction } from './logging';
import dbPlugin from './plugins/db';
import jobs from './plugins/jobs';
import secrets from './plugins/secrets';

/**
 * `npm run worker`, the scaled-out shape's job worker: the same job plugin as the API, polling the
 * jobs of the PostgreSQL that DATABASE_URL names, with no HTTP server. Any number may run side by
 * side (jobs are claimed with `for update skip locked`).
 */
async function main() {
  const config = loadConfig();
  if (!config.databaseUrl) {
    console.error(
      'npm run worker is for the scaled-out shape (DATABASE_URL set); in embedded mode `npm start` runs the jobs itself.',
    );
    process.exit(1);
  }
  const app = Fastify({ logger: withRedaction({ level: config.logLevel }) });
  app.decorate('config', config);
  await app.register(secrets);
  await app.register(dbPlugin, { config });
  await app.register(jobs, { poll: true });
  await app.ready();
  app.log.info('Threadline worker is running');

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing the job in hand');
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
