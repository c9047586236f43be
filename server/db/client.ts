import { AsyncLocalStorage } from 'node:async_hooks';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { makePrivate } from '../private-files';

export type Row = Record<string, unknown>;

/** What services need from the database: parameterised queries, inside or outside a transaction. */
export interface Executor {
  query<R extends Row = Row>(text: string, params?: readonly unknown[]): Promise<R[]>;
  /** Exactly one row, else an error: for inserts with RETURNING and lookups that must exist. */
  one<R extends Row = Row>(text: string, params?: readonly unknown[]): Promise<R>;
  maybeOne<R extends Row = Row>(text: string, params?: readonly unknown[]): Promise<R | undefined>;
  /** Several statements without parameters (migrations). */
  exec(text: string): Promise<void>;
}

/** A statement and its parameters. */
export interface Statement {
  text: string;
  params?: readonly unknown[];
}

export interface Db extends Executor {
  readonly dialect: 'pglite' | 'postgres';
  transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T>;
  /**
   * Statements known up front, run in order in one transaction: each statement's rows, in order.
   * None waits for the caller between two of them (the embedded database's thread gets them as one
   * message and answers once), so a transaction of a few statements costs one round trip.
   */
  batch(statements: readonly Statement[]): Promise<Row[][]>;
  /**
   * Hears `channel`'s notifications (pg_notify), each once its transaction committed, in commit
   * order. `onInterrupted` says that some may have been missed (the listening connection broke;
   * it is not taken up again: listen anew). Answers how to stop listening.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface ListenHandlers {
  onPayload: (payload: string) => void;
  onInterrupted?: (error: Error) => void;
}

export interface PgliteDb extends Db {
  readonly dialect: 'pglite';
  /** The data directory as a gzipped tar, taken between two queries: what a crash at that moment would leave. */
  dumpDataDir(): Promise<Blob>;
}

export function isPglite(db: Db): db is PgliteDb {
  return db.dialect === 'pglite';
}

type QueryFn = (text: string, params?: readonly unknown[]) => Promise<Row[]>;

function executor(query: QueryFn, exec: (text: string) => Promise<void>): Executor {
  return {
    query: query as Executor['query'],
    async one(text, params) {
      const rows = await query(text, params);
      if (rows.length !== 1) throw new Error(`Expected one row, got ${rows.length}`);
      return rows[0] as never;
    },
    async maybeOne(text, params) {
      const rows = await query(text, params);
      return rows[0] as never;
    },
    exec,
  };
}

const backgroundWork = new AsyncLocalStorage<true>();

/**
 * Runs `work` as background work (jobs): on the embedded database its statements wait while a
 * request's are waiting, so that a person's page never queues behind a burst of jobs.
 */
export function asBackgroundWork<T>(work: () => T): T {
  return backgroundWork.run(true, work);
}

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

/**
 * PGlite (Postgres in WASM) with pgvector, in a thread of its own (pglite-thread.mjs): a statement
 * holds the thread that runs it until it ends, which on the server's thread would hold every request
 * meanwhile (a 25 MB file's insert for a second). `dataDir` undefined keeps it in memory.
 */
export async function openPglite(dataDir?: string, options: PgliteOptions = {}): Promise<PgliteDb> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  let loadDataDir = options.loadDataDir ? await options.loadDataDir.arrayBuffer() : undefined;
  // A new database is made apart (createDatabase), and the database's thread opens what it made.
  if (dataDir && !fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
    await createDatabase(dataDir, loadDataDir);
    loadDataDir = undefined;
  }
  if (dataDir) makePrivate(dataDir);
  const thread = databaseThread({ dataDir, loadDataDir }, options.heapLimitMb);
  const pending = new Map<number, { resolve: (answer: ThreadAnswer) => void; reject: (error: Error) => void }>();
  let ids = 0;
  let transactionIds = 0;
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
    if (opened && !closing) options.onLost?.(error);
    for (const set of listeners.values()) for (const handlers of set) handlers.onInterrupted?.(error);
    listeners.clear();
  };
  const ready = new Promise<void>((resolve, reject) => {
    thread.on(
      'message',
      (answer: ThreadAnswer & Partial<ThreadNotification> & { ready?: true; failed?: ErrorData }) => {
        if (answer.ready) return resolve();
        if (answer.notification) {
          const { channel, payload } = answer.notification;
          for (const handlers of listeners.get(channel) ?? []) handlers.onPayload(payload);
          return;
        }
        if (answer.failed) return reject(threadError(answer.failed));
        const call = pending.get(answer.id);
        pending.delete(answer.id);
        if (pending.size === 0) thread.unref();
        if (answer.error) call?.reject(threadError(answer.error));
        else call?.resolve(answer);
      },
    );
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

  const send = (message: ThreadMessage) =>
    thread.postMessage({ ...message, background: backgroundWork.getStore() === true });
  const call = (message: ThreadMessage): Promise<ThreadAnswer> => {
    if (stopped) return Promise.reject(stopped);
    const id = ++ids;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      thread.ref();
      send({ ...message, id });
    });
  };
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
        if (!stopped) await call({ op: 'unlisten', channel });
      };
    },
    dumpDataDir: async () => new Blob([(await call({ op: 'dump' })).tarball as ArrayBuffer]),
    async close() {
      if (stopped) return;
      closing = true;
      await call({ op: 'close' });
      await thread.terminate();
    },
  };
}

const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    // int8 (counts, sums) as numbers, like PGlite, so both drivers return the same shapes.
    if (oid === 20) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

/**
 * A connection that the server ends (a restart, a failover) leaves the pool, and the next query
 * connects anew; the query it was running, or the next one on it, fails. Unheard, its 'error' would
 * end the process: pg-pool hears an idle connection's, nobody a checked-out one's (a transaction
 * between two statements, graphile-worker's job in hand).
 */
export function hearConnectionErrors(pool: pg.Pool): void {
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
}

/** How long opening the listening connection may take before the attempt counts as failed. */
export const LISTEN_CONNECT_TIMEOUT_MS = 10_000;

/** A PostgreSQL pool; `options` can carry e.g. `-c search_path=…` for isolated test schemas. */
export async function openPostgres(connectionString: string, options?: string): Promise<Db> {
  const pool = new pg.Pool({ connectionString, options, types: pgTypes, max: 10 });
  hearConnectionErrors(pool);
  await pool.query('select 1');
  const wrap = (target: pg.Pool | pg.PoolClient) =>
    executor(
      async (text, params) => (await target.query(text, params as unknown[])).rows,
      async (text) => {
        await target.query(text);
      },
    );
  const db: Db = {
    dialect: 'postgres',
    ...wrap(pool),
    // On a connection of its own, statements follow each other without waiting for the caller.
    batch: (statements) =>
      db.transaction(async (tx) => {
        const results: Row[][] = [];
        for (const { text, params } of statements) results.push(await tx.query(text, params));
        return results;
      }),
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await work(wrap(client));
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async listen(channel, { onPayload, onInterrupted }) {
      // A connection of its own, outside the pool: it stays in LISTEN for as long as it is wanted.
      const client = new pg.Client({
        connectionString,
        options,
        types: pgTypes,
        // A server that takes the connection but never answers (starting up, overloaded) would
        // otherwise hold this attempt, and with it every later one, for good.
        connectionTimeoutMillis: LISTEN_CONNECT_TIMEOUT_MS,
      });
      // pg reports a broken connection as 'error' and then 'end': the caller hears of it once, and
      // only once listening began (a failed start is the rejection's to tell).
      let listening = false;
      let over = false;
      const end = () => {
        over = true;
        return client.end().catch(() => undefined);
      };
      const broke = (error: Error) => {
        if (over) return;
        void end();
        if (listening) onInterrupted?.(error);
      };
      client.on('notification', (message) => {
        if (message.channel === channel) onPayload(message.payload ?? '');
      });
      client.on('error', broke);
      client.on('end', () => broke(new Error(`the connection listening to ${channel} ended`)));
      try {
        await client.connect();
        await client.query(`listen ${pg.escapeIdentifier(channel)}`);
      } catch (error) {
        void end();
        throw error;
      }
      if (over) throw new Error(`the connection listening to ${channel} ended as it began`);
      listening = true;
      return end;
    },
    close: () => pool.end(),
  };
  return db;
}
