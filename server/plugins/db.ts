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

/** Opens PGlite or PostgreSQL, runs the migrations, and closes the database with the app. */
export default fp<DbPluginOptions>(
  async function dbPlugin(app: FastifyInstance, { config, db: given }) {
    const db = given ?? (await openDatabase(config));
    if (!given) {
      const applied = await migrate(db);
      if (applied.length > 0) app.log.info({ applied }, 'database migrated');
      app.addHook('onClose', () => db.close());
    }
    app.decorate('db', db);
  },
  { name: 'db' },
);
