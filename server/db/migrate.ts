import fs from 'node:fs';
import path from 'node:path';
import type { Db } from './client';

const MIGRATIONS_DIR = path.join(__dirname, 'migrations');
/** Any fixed number: API nodes starting together take turns migrating. */
const MIGRATION_LOCK_KEY = 7_207_001;

export interface Migration {
  id: string;
  sql: string;
}

export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .map((name) => ({ id: name.replace(/\.sql$/, ''), sql: fs.readFileSync(path.join(dir, name), 'utf8') }));
}

/** Applies the migrations not yet applied, in order, in one transaction; returns their ids. */
export async function migrate(db: Db, migrations = readMigrations()): Promise<string[]> {
  return db.transaction(async (tx) => {
    if (db.dialect === 'postgres') await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
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
  });
}
