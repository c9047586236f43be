import { buildApp } from './app';
import { loadConfig } from './config';

/** Process shell: read config, listen, and shut down cleanly on SIGINT/SIGTERM. */
async function main() {
  const mode = process.argv[2] ?? 'api';
  const config = loadConfig();
  if (mode === 'worker') {
    console.error(
      'npm run worker is for the scaled-out shape (DATABASE_URL set); in embedded mode `npm start` runs the jobs itself.',
    );
    process.exit(config.databaseUrl ? 0 : 1);
  }

  const app = await buildApp(config);
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
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

  await app.listen({ host: config.host, port: config.port });
  app.log.info(`Threadline is running at ${config.publicUrl}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
