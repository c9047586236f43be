import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { makePrivate } from '../private-files';
import { executor, isBackgroundWork, type ListenHandlers, type PgliteDb, type Row } from './client';

/** What the database thread answers a message with (pglite-thread.mjs). */
type ThreadAnswer = { id: number; rows?: Row[]; results?: Row[][]; tarball?: ArrayBuffer; error?: ErrorData };
type ThreadNotification = { notification: { channel: string; payload: string } };
type ErrorData = { name: string; message: string } & Record<string, unknown>;
type ThreadMessage = {
  op: 'query' | 'exec' | 'batch' | 'begin' | 'end' | 'listen' | 'unlisten' | 'dump' | 'close';
} & Record<string, unknown>;

/** The error the thread described, with PostgreSQL's fields (code, constraint …) and this thread's stack. */
function threadError(data: ErrorData): Error {
  return Object.assign(new Error(data.message), data);
}

// __filename, not __dirname: tsx names only the file when it loads this from an ES module.
const THREAD_PATH = path.join(path.dirname(__filename), 'pglite-thread.mjs');

function databaseThread(data: { dataDir?: string; loadDataDir?: ArrayBuffer }, heapLimitMb?: number) {
  return new Worker(THREAD_PATH, {
    workerData: data,
    transferList: data.loadDataDir ? [data.loadDataDir] : [],
    resourceLimits: { maxOldGenerationSizeMb: heapLimitMb ?? DEFAULT_THREAD_HEAP_MB },
  });
}

/**
 * Creates the database in `dataDir` (from a tarball, if given) in a process of its own
 * (pglite-thread.mjs run as a script): initdb takes memory that a WebAssembly instance keeps for good
 * (300 MB), and even a thread that ends leaves it in the process's allocator; a process gives it all back.
 */
async function createDatabase(dataDir: string, loadDataDir: ArrayBuffer | undefined): Promise<void> {
  let tarball: string | undefined;
  if (loadDataDir) {
    tarball = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'threadline-pglite-')), 'data.tar.gz');
    fs.writeFileSync(tarball, Buffer.from(loadDataDir));
  }
  try {
    const child = spawn(process.execPath, [THREAD_PATH, dataDir, ...(tarball ? [tarball] : [])], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', resolve);
    });
    if (code !== 0) throw new Error(`creating the database in ${dataDir} failed (${code}): ${stderr.trim()}`);
  } finally {
    if (tarball) fs.rmSync(path.dirname(tarball), { recursive: true, force: true });
  }
}

/** The database thread's JavaScript heap (rows on their way out); PGlite's own memory is apart. */
const DEFAULT_THREAD_HEAP_MB = 2048;

export interface PgliteOptions {
  /** A `dumpDataDir()` tarball that fills an empty `dataDir` with that database. */
  loadDataDir?: Blob;
  heapLimitMb?: number;
  /**
   * Called once if the thread ends without `close()` (out of memory, a crash): every call after
   * that fails, so a server should stop rather than answer every request with an error.
   */
  onLost?: (error: Error) => void;
}

/** The thread's side of the conversation: calls answered by id, notifications, and how it ended. */
interface ThreadConnection {
  call(message: ThreadMessage): Promise<ThreadAnswer>;
  /** Posts without waiting for an answer, marked as background work when the caller is. */
  send(message: ThreadMessage): void;
  readonly listeners: Map<string, Set<ListenHandlers>>;
  /** Why the thread can no longer answer, once it cannot. */
  stopped(): Error | undefined;
  /** Says that the end that follows is `close()`'s, not a loss. */
  closing(): void;
}

/** Makes `dataDir` ready to open: created (from `loadDataDir` when given) if new, private. Answers what is left to load. */
async function prepareDataDir(dataDir: string, loadDataDir: ArrayBuffer | undefined): Promise<ArrayBuffer | undefined> {
  fs.mkdirSync(dataDir, { recursive: true });
  let toLoad = loadDataDir;
  // A new database is made apart (createDatabase), and the database's thread opens what it made.
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
    await createDatabase(dataDir, loadDataDir);
    toLoad = undefined;
  }
  makePrivate(dataDir);
  return toLoad;
}

type PendingCalls = Map<number, { resolve: (answer: ThreadAnswer) => void; reject: (error: Error) => void }>;

/** What the thread says: that it opened (or failed to), a notification for listeners, or a call's answer. */
function fromThread(
  thread: Worker,
  pending: PendingCalls,
  listeners: Map<string, Set<ListenHandlers>>,
  opening: { resolve: () => void; reject: (error: Error) => void },
) {
  return (answer: ThreadAnswer & Partial<ThreadNotification> & { ready?: true; failed?: ErrorData }) => {
    if (answer.ready) return opening.resolve();
    if (answer.notification) {
      const { channel, payload } = answer.notification;
      for (const handlers of listeners.get(channel) ?? []) handlers.onPayload(payload);
      return;
    }
    if (answer.failed) return opening.reject(threadError(answer.failed));
    const call = pending.get(answer.id);
    pending.delete(answer.id);
    if (pending.size === 0) thread.unref();
    if (answer.error) call?.reject(threadError(answer.error));
    else call?.resolve(answer);
  };
}

/** Waits for the thread to open the database, then answers the connection to it. */
async function connect(thread: Worker, onLost: PgliteOptions['onLost']): Promise<ThreadConnection> {
  const pending: PendingCalls = new Map();
  let ids = 0;
  const listeners = new Map<string, Set<ListenHandlers>>();
  let stopped: Error | undefined;
  let opened = false;
  let closing = false;
  const stop = (error: Error) => {
    const first = !stopped;
    stopped ??= error;
    for (const call of pending.values()) call.reject(stopped);
    pending.clear();
    if (!first) return;
    if (opened && !closing) onLost?.(error);
    for (const set of listeners.values()) for (const handlers of set) handlers.onInterrupted?.(error);
    listeners.clear();
  };
  const ready = new Promise<void>((resolve, reject) => {
    thread.on('message', fromThread(thread, pending, listeners, { resolve, reject }));
    thread.once('error', (error) => {
      stop(new Error(`the database thread failed: ${error.message}`, { cause: error }));
      reject(error);
    });
    thread.once('exit', (code) => {
      const error = new Error(`the database thread exited (code ${code})`);
      stop(error);
      reject(error);
    });
  });
  try {
    await ready;
  } catch (error) {
    await thread.terminate();
    throw error;
  }
  opened = true;
  // From now on the thread keeps the process alive only while it owes an answer.
  thread.unref();

  const send = (message: ThreadMessage) => thread.postMessage({ ...message, background: isBackgroundWork() });
  return {
    call(message) {
      if (stopped) return Promise.reject(stopped);
      const id = ++ids;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        thread.ref();
        send({ ...message, id });
      });
    },
    send,
    listeners,
    stopped: () => stopped,
    closing: () => void (closing = true),
  };
}

/** The Db over a connection to the database's thread. */
function pgliteDb(thread: Worker, connection: ThreadConnection): PgliteDb {
  const { call, send, listeners } = connection;
  let transactionIds = 0;
  // In a transaction, each statement names it (`tx`): the thread runs it there.
  const on = (tx?: number) =>
    executor(
      async (text, params) => (await call({ op: 'query', text, params, tx })).rows ?? [],
      async (text) => void (await call({ op: 'exec', text, tx })),
    );
  return {
    dialect: 'pglite',
    ...on(),
    async transaction(work) {
      // Not waited for: the statements follow at once, and wait in the thread for the transaction.
      const tx = ++transactionIds;
      const stopped = connection.stopped();
      if (stopped) throw stopped;
      send({ op: 'begin', tx });
      let result;
      try {
        result = await work(on(tx));
      } catch (error) {
        await call({ op: 'end', tx, commit: false }).catch(() => undefined);
        throw error;
      }
      await call({ op: 'end', tx, commit: true });
      return result;
    },
    batch: async (statements) => (await call({ op: 'batch', statements })).results ?? [],
    async listen(channel, handlers) {
      let set = listeners.get(channel);
      if (!set) {
        set = new Set();
        listeners.set(channel, set);
        await call({ op: 'listen', channel });
      }
      set.add(handlers);
      return async () => {
        set.delete(handlers);
        if (set.size > 0 || listeners.get(channel) !== set) return;
        listeners.delete(channel);
        if (!connection.stopped()) await call({ op: 'unlisten', channel });
      };
    },
    dumpDataDir: async () => new Blob([(await call({ op: 'dump' })).tarball as ArrayBuffer]),
    async close() {
      if (connection.stopped()) return;
      connection.closing();
      await call({ op: 'close' });
      await thread.terminate();
    },
  };
}

/**
 * PGlite (Postgres in WASM) with pgvector, in a thread of its own (pglite-thread.mjs): a statement
 * holds the thread that runs it until it ends, which on the server's thread would hold every request
 * meanwhile (a 25 MB file's insert for a second). `dataDir` undefined keeps it in memory.
 */
export async function openPglite(dataDir?: string, options: PgliteOptions = {}): Promise<PgliteDb> {
  let loadDataDir = options.loadDataDir ? await options.loadDataDir.arrayBuffer() : undefined;
  if (dataDir) loadDataDir = await prepareDataDir(dataDir, loadDataDir);
  const thread = databaseThread({ dataDir, loadDataDir }, options.heapLimitMb);
  return pgliteDb(thread, await connect(thread, options.onLost));
}
