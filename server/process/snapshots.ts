import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { isPglite, type PgliteDb } from '../db/client';
import { Refusal } from './lifecycle';
import { isRunning, readProcessRecord, thisProcess, type ProcessRecord } from './processes';

/**
 * `npm run backup` while the server runs. PGlite serves one process, so the backup asks the server for
 * a snapshot through files in DATA_DIR/snapshots: it writes `<id>.request` naming itself; the server,
 * looking every second, writes `<id>.tar.gz` (PGlite's `dumpDataDir`, taken between two queries) or
 * `<id>.error`, and removes the request. Only a process that may write to DATA_DIR can ask.
 */
export const SNAPSHOT_POLL_INTERVAL_MS = 1000;
/** How often the backup looks for its snapshot, and how long it waits for it at most. */
const SNAPSHOT_WAIT_INTERVAL_MS = 100;
const SNAPSHOT_TIMEOUT_MS = 10 * 60_000;

export const BACKUP_ROLE = 'npm run backup';

const REQUEST = '.request';
const SNAPSHOT = '.tar.gz';
const ERROR = '.error';

function spoolOf(dataDir: string): string {
  return path.join(dataDir, 'snapshots');
}

function pendingRequests(spool: string): string[] {
  try {
    return fs
      .readdirSync(spool)
      .filter((name) => name.endsWith(REQUEST))
      .sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

async function writeSnapshot(db: PgliteDb, spool: string, id: string): Promise<number> {
  const snapshot = Buffer.from(await (await db.dumpDataDir()).arrayBuffer());
  const partial = path.join(spool, `${id}.partial`);
  fs.writeFileSync(partial, snapshot, { mode: 0o600 });
  fs.renameSync(partial, path.join(spool, `${id}${SNAPSHOT}`));
  return snapshot.length;
}

async function answerPending(db: PgliteDb, spool: string, log: FastifyBaseLogger): Promise<void> {
  for (const name of pendingRequests(spool)) {
    const id = name.slice(0, -REQUEST.length);
    const request = path.join(spool, name);
    try {
      const requester = readProcessRecord(request)?.record;
      // Nobody would collect the snapshot of a backup that has ended.
      if (requester && isRunning(requester)) {
        const bytes = await writeSnapshot(db, spool, id);
        log.info({ id, bytes, requester: requester.pid }, 'snapshot written for npm run backup');
      }
    } catch (error) {
      log.error({ err: error, id }, 'snapshot for npm run backup failed');
      fs.writeFileSync(path.join(spool, `${id}${ERROR}`), error instanceof Error ? error.message : String(error));
    } finally {
      fs.rmSync(request, { force: true });
    }
  }
}

/** The server's side, in the embedded shape: answers requests until the app closes. */
export function answerSnapshotRequests(app: FastifyInstance): void {
  const db = app.db;
  if (!isPglite(db)) return;
  const spool = spoolOf(app.config.dataDir);
  const log = app.log.child({ module: 'snapshots' });
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let answering: Promise<void> = Promise.resolve();
  const poll = () => {
    if (closed) return;
    timer = setTimeout(() => {
      answering = answerPending(db, spool, log)
        .catch((error: unknown) => log.error({ err: error }, 'reading snapshot requests failed'))
        .then(poll);
    }, SNAPSHOT_POLL_INTERVAL_MS);
    timer.unref();
  };
  poll();
  // Added after the database plugin, so run before it closes the database: a snapshot under way ends first.
  app.addHook('onClose', async () => {
    closed = true;
    clearTimeout(timer);
    await answering;
  });
}

/** The backup's side: asks the running server for a snapshot and waits for it. */
export async function requestSnapshot(dataDir: string, server: ProcessRecord): Promise<Blob> {
  const spool = spoolOf(dataDir);
  fs.mkdirSync(spool, { recursive: true, mode: 0o700 });
  const id = `${Date.now()}-${crypto.randomBytes(4).toString('hex')}`;
  const file = (suffix: string) => path.join(spool, `${id}${suffix}`);
  // Written aside and renamed, so that the server never reads half a request.
  fs.writeFileSync(file('.draft'), JSON.stringify(thisProcess(BACKUP_ROLE)));
  fs.renameSync(file('.draft'), file(REQUEST));
  const deadline = Date.now() + SNAPSHOT_TIMEOUT_MS;
  try {
    for (;;) {
      if (fs.existsSync(file(SNAPSHOT))) return new Blob([fs.readFileSync(file(SNAPSHOT))]);
      if (fs.existsSync(file(ERROR))) {
        throw new Error(`The server (pid ${server.pid}) could not take the snapshot: ${fs.readFileSync(file(ERROR))}`);
      }
      if (!isRunning(server)) {
        throw new Refusal(`The server (pid ${server.pid}) stopped before it took the snapshot; run the backup again.`);
      }
      if (Date.now() > deadline)
        throw new Error(
          `The server (pid ${server.pid}) took no snapshot within ${SNAPSHOT_TIMEOUT_MS / 60_000} minutes`,
        );
      await new Promise((resolve) => setTimeout(resolve, SNAPSHOT_WAIT_INTERVAL_MS));
    }
  } finally {
    for (const suffix of [REQUEST, SNAPSHOT, ERROR]) fs.rmSync(file(suffix), { force: true });
  }
}
