import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../server/config';
import { DataDirLocked, lockDataDir, SERVER_ROLE } from '../server/process/data-dir-lock';
import { openPglite } from '../server/db/pglite';
import { pgliteDir } from '../server/db/open';
import { Refusal, run } from '../server/process/lifecycle';
import { KEY_FILE } from '../server/secrets';
import { VAPID_KEY_FILE } from '../server/services/push/vapid';
import { BACKUP_ROLE, requestSnapshot } from '../server/process/snapshots';

/**
 * `npm run backup [-- <folder>]`: a copy of DATA_DIR that is restored by using it as DATA_DIR — the
 * embedded database, consistent (a snapshot taken between two queries), and the generated secret key.
 * While Threadline runs, the server takes the snapshot; otherwise this process opens the database,
 * holding DATA_DIR's lock so that no server starts meanwhile.
 */

function defaultTarget(): string {
  const stamp = new Date().toISOString().slice(0, 19).replace(/:/g, '-');
  return path.resolve('backups', `threadline-${stamp}Z`);
}

function isInside(folder: string, parent: string): boolean {
  const relative = path.relative(parent, folder);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

async function snapshot(dataDir: string): Promise<Blob> {
  let lock;
  try {
    lock = await lockDataDir(dataDir, BACKUP_ROLE);
  } catch (error) {
    if (!(error instanceof DataDirLocked) || error.holder.role !== SERVER_ROLE) throw error;
    console.log(`Threadline is running (pid ${error.holder.pid}): asking it for a snapshot of the database.`);
    return requestSnapshot(dataDir, error.holder);
  }
  try {
    const db = await openPglite(pgliteDir(dataDir));
    try {
      return await db.dumpDataDir();
    } finally {
      await db.close();
    }
  } finally {
    lock.release();
  }
}

/**
 * Unpacks the snapshot with PGlite itself, which opens the copy (so a backup that is written is one that
 * opens), and adds the key. Written under another name and renamed at the end: complete or absent.
 */
async function writeBackup(snapshotTar: Blob, dataDir: string, target: string): Promise<number> {
  const partial = `${target}.partial`;
  fs.rmSync(partial, { recursive: true, force: true });
  fs.mkdirSync(partial, { recursive: true, mode: 0o700 });
  const db = await openPglite(pgliteDir(partial), { loadDataDir: snapshotTar });
  let migrations: number;
  try {
    migrations = (await db.one<{ count: number }>('select count(*)::int as count from schema_migrations')).count;
  } finally {
    await db.close();
  }
  // The generated keys: the master key, and the Web Push pair that subscribed devices know the server by.
  for (const file of [KEY_FILE, VAPID_KEY_FILE]) {
    const kept = path.join(dataDir, file);
    if (fs.existsSync(kept)) fs.copyFileSync(kept, path.join(partial, file));
  }
  fs.renameSync(partial, target);
  return migrations;
}

run(async () => {
  const config = loadConfig();
  if (config.databaseUrl) {
    throw new Refusal(
      'DATABASE_URL is set: back up that PostgreSQL with its own tools (pg_dump). ' +
        '`npm run backup` copies the embedded database in DATA_DIR.',
    );
  }
  const target = path.resolve(process.argv[2] ?? defaultTarget());
  if (fs.existsSync(target)) throw new Refusal(`${target} exists already; name a new folder.`);
  if (isInside(target, config.dataDir)) throw new Refusal(`Write the backup outside DATA_DIR (${config.dataDir}).`);
  if (!fs.existsSync(path.join(pgliteDir(config.dataDir), 'PG_VERSION'))) {
    throw new Refusal(`There is no database in ${pgliteDir(config.dataDir)} to back up.`);
  }
  const migrations = await writeBackup(await snapshot(config.dataDir), config.dataDir, target);
  console.log(`Backed up ${config.dataDir} to ${target}: the database, opened and checked (${migrations} migrations).`);
  console.log(
    config.secretKey
      ? 'SECRET_KEY is set in the environment, so the key Threadline uses is not in the backup: keep SECRET_KEY with it.'
      : 'The secret key is in it too: keep the backup as safe as DATA_DIR itself.',
  );
  console.log(
    'To restore: stop Threadline, then use this folder as DATA_DIR (or copy its contents into an empty one).',
  );
});
