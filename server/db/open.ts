import path from 'node:path';
import type { Config } from '../config';
import { type Db } from './client';
import { openPglite, type PgliteOptions } from './pglite';
import { openPostgres } from './postgres';

/** Where the embedded shape keeps its PGlite database inside DATA_DIR. */
export function pgliteDir(dataDir: string): string {
  return path.join(dataDir, 'db');
}

/** The database the config names: PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR/db. */
export function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  embedded: Pick<PgliteOptions, 'onLost'> = {},
): Promise<Db> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite(pgliteDir(config.dataDir), embedded);
}
