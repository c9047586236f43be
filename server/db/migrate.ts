import fs from 'node:fs';
import path from 'node:path';
import type { Db, Executor } from './client';

const MIGRATIONS_DIR = path.join(__dirname, 'migrations');
const FUNCTIONS_DIR = path.join(__dirname, 'functions');
/** Any fixed number: API nodes starting together take turns migrating. */
const MIGRATION_LOCK_KEY = 7_207_001;

export interface Migration {
  id: string;
  sql: string;
}

/** One SQL function's current body: `functions/<name>.sql`, a `create or replace function <name>(…)`. */
export interface SqlFunction {
  name: string;
  sql: string;
}

function readSqlFiles(dir: string): { name: string; sql: string }[] {
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .map((name) => ({ name: name.replace(/\.sql$/, ''), sql: fs.readFileSync(path.join(dir, name), 'utf8') }));
}

export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readSqlFiles(dir).map(({ name, sql }) => ({ id: name, sql }));
}

export function readFunctions(dir = FUNCTIONS_DIR): SqlFunction[] {
  return readSqlFiles(dir);
}

async function applyPendingMigrations(tx: Executor, migrations: Migration[]): Promise<string[]> {
  await tx.exec(`create table if not exists schema_migrations (
    id text primary key,
    applied_at timestamptz not null default now()
  )`);
  const applied = new Set((await tx.query<{ id: string }>('select id from schema_migrations')).map((row) => row.id));
  const pending = migrations.filter((migration) => !applied.has(migration.id));
  for (const migration of pending) {
    await tx.exec(migration.sql);
    await tx.query('insert into schema_migrations (id) values ($1)', [migration.id]);
  }
  return pending.map((migration) => migration.id);
}

/**
 * Applies the migrations not yet applied, in order, then every SQL function's current body, all in one
 * transaction; returns the ids of the migrations applied. The migrations keep each function's history (a
 * fresh database goes through it as every database did); `functions/` holds where each function ends, and
 * `create or replace` with the same body changes nothing, so a database already up to date stays as it was.
 */
export async function migrate(db: Db, migrations = readMigrations(), functions = readFunctions()): Promise<string[]> {
  return db.transaction(async (tx) => {
    if (db.dialect === 'postgres') await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    const applied = await applyPendingMigrations(tx, migrations);
    // One round trip: on PGlite every test database is migrated.
    if (functions.length > 0) await tx.exec(functions.map((sqlFunction) => sqlFunction.sql).join('\n'));
    return applied;
  });
}
