import fs from 'node:fs';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { lockDataDir, SERVER_ROLE } from './data-dir-lock';
import { closeOnSignals, run } from './lifecycle';
import { bindPort } from './port';
import { makePrivate } from '../private-files';
import { answerSnapshotRequests } from './snapshots';

/**
 * `npm start`'s server: read config, take DATA_DIR (embedded shape), bind the port, then open the
 * database and build the app, listen, and shut down cleanly on SIGINT/SIGTERM. A second start on the
 * same DATA_DIR or port stops before the database is opened.
 */
run(async () => {
  const config = loadConfig();
  // PostgreSQL serves many processes; PGlite's files in DATA_DIR only one.
  if (!config.databaseUrl) {
    const lock = await lockDataDir(config.dataDir, SERVER_ROLE);
    process.on('exit', () => lock.release());
  }
  if (fs.existsSync(config.dataDir)) makePrivate(config.dataDir);
  const bound = await bindPort(config.host, config.port);
  const app = await buildApp(config, { serverFactory: bound.serverFactory });
  // `npm run backup` cannot open the database beside us: we take its snapshot.
  answerSnapshotRequests(app);
  closeOnSignals(app);
  await app.listen({ host: config.host, port: bound.port });
  app.log.info(`Threadline is running at ${config.publicUrl}`);
});
