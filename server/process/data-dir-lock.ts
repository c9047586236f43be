import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createExclusively } from '../exclusive-file';
import { Refusal } from './lifecycle';
import { isRunning, readProcessRecord, thisProcess, type ProcessRecord } from './processes';

/**
 * One process at a time per DATA_DIR. PGlite has no lock of its own: a second process opening the same
 * files corrupts the database for good at the next unclean stop. The lock is a file naming
 * its holder; a holder that no longer runs (killed, out of memory, power lost) is taken over.
 */
export const LOCK_FILE = 'threadline.lock';

export const SERVER_ROLE = 'the server';

/** Tries before giving up on a lock file that keeps changing under us (others taking it over). */
const LOCK_ATTEMPTS = 50;
const LOCK_RETRY_MS = 20;

export class DataDirLocked extends Refusal {
  constructor(
    readonly dataDir: string,
    readonly holder: ProcessRecord,
    lockFile: string,
  ) {
    const elsewhere = holder.host === os.hostname() ? '' : ` on ${holder.host}`;
    super(
      `Another Threadline process (pid ${holder.pid}${elsewhere}, ${holder.role}) is using ${dataDir}. ` +
        'Stop it first, or set DATA_DIR to another folder.' +
        (elsewhere ? ` If it no longer runs there (a replaced container), delete ${lockFile}.` : ''),
    );
  }
}

export interface DataDirLock {
  readonly file: string;
  /** Removes the lock file if it is still ours; safe to call twice. */
  release(): void;
}

/** Lock files this process holds: a pid of ours in a lock we do not hold is an earlier process's. */
const held = new Set<string>();

function holds(file: string, holder: ProcessRecord): boolean {
  return holder.pid === process.pid ? held.has(file) : isRunning(holder);
}

/**
 * Removes a stale lock file, unless it changed since it was read. Only the holder of the takeover guard
 * may remove someone else's lock, so two processes taking over the same stale lock cannot remove each
 * other's new one. False when another process is taking over at the moment.
 */
function removeStale(file: string, staleText: string, record: string): boolean {
  const guard = `${file}.takeover`;
  if (!createExclusively(guard, record)) {
    const guardHolder = readProcessRecord(guard);
    // A takeover whose process died between two system calls leaves its guard behind.
    if (guardHolder && !isRunning(guardHolder.record)) fs.rmSync(guard, { force: true });
    return false;
  }
  try {
    if (readProcessRecord(file)?.text === staleText) fs.unlinkSync(file);
  } finally {
    fs.unlinkSync(guard);
  }
  return true;
}

/** Takes DATA_DIR for this process, or refuses with DataDirLocked naming the process that has it. */
export async function lockDataDir(dataDir: string, role: string): Promise<DataDirLock> {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  const record = `${JSON.stringify(thisProcess(role))}\n`;
  for (let attempt = 0; attempt < LOCK_ATTEMPTS; attempt += 1) {
    if (createExclusively(file, record)) {
      held.add(file);
      return { file, release: () => release(file, record) };
    }
    const current = readProcessRecord(file);
    if (!current) continue;
    if (holds(file, current.record)) throw new DataDirLocked(dataDir, current.record, file);
    if (!removeStale(file, current.text, record)) await new Promise((resolve) => setTimeout(resolve, LOCK_RETRY_MS));
  }
  throw new Error(`Could not lock ${dataDir}: its lock file kept changing`);
}

function release(file: string, record: string): void {
  held.delete(file);
  try {
    if (fs.readFileSync(file, 'utf8') === record) fs.unlinkSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}
