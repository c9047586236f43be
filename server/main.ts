import { buildApp } from './app';
import { loadConfig } from './config';
import { closeOnSignals, run } from './lifecycle';

/** `npm start`'s server: read config, listen, and shut down cleanly on SIGINT/SIGTERM. */
run(async () => {
  const config = loadConfig();
  const app = await buildApp(config);
  closeOnSignals(app);
  await app.listen({ host: config.host, port: config.port });
  app.log.info(`Threadline is running at ${config.publicUrl}`);
});
