import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { migrate } from '../db/migrate';
import { openDatabase } from '../db/open';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
  }
}

export interface DbPluginOptions {
  config: Config;
  /** An already open (and migrated) database, e.g. one shared by a test file; left open on close. */
  db?: Db;
}

/**
 * Opens PGlite or PostgreSQL, runs the migrations, and closes the database with the app. An
 * embedded database whose thread ends under the app ends the process: every request would fail
 * from then on, and a supervisor that restarts the process brings the database back.
 */
export default fp<DbPluginOptions>(
  async function dbPlugin(app: FastifyInstance, { config, db: given }) {
    const db =
      given ??
      (await openDatabase(config, {
        onLost(error) {
          app.log.fatal({ err: error }, 'the embedded database stopped; Threadline cannot go on without it');
          process.exit(1);
        },
      }));
    if (!given) {
      const applied = await migrate(db);
      if (applied.length > 0) app.log.info({ applied }, 'database migrated');
      app.addHook('onClose', () => db.close());
    }
    app.decorate('db', db);
  },
  { name: 'db' },
);
