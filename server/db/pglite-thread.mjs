// @ts-check
/**
 * The embedded database's thread (started by client.ts): PGlite runs here, so that its statements,
 * which hold whatever thread runs them until they end, never hold the server's event loop. It
 * answers each message of the main thread with the rows or the error; a transaction stays open
 * across messages until the main thread ends it. Run as a script instead, it creates a database and
 * ends (create). Plain JavaScript: a worker thread cannot load TypeScript through tsx on Node 20.
 */
import fs from 'node:fs';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { vector } from '@electric-sql/pglite-pgvector';

const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);

/** An error as plain data: its message and what PostgreSQL said (code, constraint, detail …). */
function errorData(/** @type {unknown} */ error) {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields = Object.entries(error).filter(([, value]) => ['string', 'number', 'boolean'].includes(typeof value));
  return { ...Object.fromEntries(fields), name: error.name, message: error.message };
}

/**
 * Turns on the one connection, requests first: a statement (or a whole transaction) starts when the
 * one before it has ended, the longest-waiting request's next, else the longest-waiting background
 * work's (jobs). Requests come and go, so background work is delayed, never stopped.
 */
const waiting = { request: /** @type {Array<() => Promise<void>>} */ ([]), background: [] };
let busy = false;

/** @param {boolean} background @param {() => Promise<void>} work */
function inTurn(background, work) {
  (background ? waiting.background : waiting.request).push(work);
  if (!busy) void next();
}

/**
 * Runs the next waiting work, then yields to the event loop (`setImmediate`) before choosing again:
 * the messages that came while a statement ran are queued by then, and a request among them goes
 * first.
 */
async function next() {
  busy = true;
  const work = waiting.request.shift() ?? waiting.background.shift();
  if (!work) {
    busy = false;
    return;
  }
  await work();
  setImmediate(next);
}

/** Thrown in a transaction's callback to have PGlite roll it back. */
const ROLLBACK = Symbol('rollback');

/** @type {Map<number, (message: any) => void>} the open transactions, by id: each takes its next message. */
const transactions = new Map();

/**
 * Opens transaction `tx` (its id is the main thread's) in its turn; meanwhile its statements may
 * already come, and wait. It runs them one at a time until an `end` commits or rolls it back, and
 * PGlite holds other statements back meanwhile. A transaction that cannot begin or commit answers
 * each of its statements, and its end, with why.
 * @param {PGlite} db
 * @param {number} tx
 * @param {boolean} background
 */
function begin(db, tx, background) {
  /** @type {any[]} */
  const inbox = [];
  /** @type {(() => void) | undefined} */
  let wake;
  transactions.set(tx, (message) => {
    inbox.push(message);
    wake?.();
  });
  const nextMessage = async () => {
    while (inbox.length === 0) await new Promise((resolve) => (wake = () => resolve(undefined)));
    return inbox.shift();
  };
  inTurn(background, async () => {
    /** @type {any} */
    let end;
    try {
      await db.transaction(async (client) => {
        for (;;) {
          const message = await nextMessage();
          if (message.op === 'end') {
            end = message;
            if (!message.commit) throw ROLLBACK;
            return;
          }
          await run(client, message);
        }
      });
      port.postMessage({ id: end.id });
      transactions.delete(tx);
    } catch (error) {
      if (error === ROLLBACK) {
        port.postMessage({ id: end.id });
        transactions.delete(tx);
        return;
      }
      const data = errorData(error);
      const failed = (/** @type {any} */ message) => {
        port.postMessage({ id: message.id, error: data });
        if (message.op === 'end') transactions.delete(tx);
      };
      if (end) failed(end);
      else transactions.set(tx, failed);
      inbox.splice(0).forEach(failed);
    }
  });
}

/**
 * @param {Pick<PGlite, 'query' | 'exec'>} client
 * @param {{ id: number, op: string, text: string, params?: unknown[] }} message
 */
async function run(client, message) {
  try {
    if (message.op === 'query') {
      const result = await client.query(message.text, message.params);
      port.postMessage({ id: message.id, rows: result.rows });
    } else {
      await client.exec(message.text);
      port.postMessage({ id: message.id });
    }
  } catch (error) {
    port.postMessage({ id: message.id, error: errorData(error) });
  }
}

/**
 * Runs a batch's statements in order in one transaction and answers their rows at once, or the
 * error that rolled it back.
 * @param {PGlite} db
 * @param {{ id: number, statements: Array<{ text: string, params?: unknown[] }> }} message
 */
async function runBatch(db, message) {
  try {
    const results = await db.transaction(async (client) => {
      const rows = [];
      for (const { text, params } of message.statements) rows.push((await client.query(text, params)).rows);
      return rows;
    });
    port.postMessage({ id: message.id, results });
  } catch (error) {
    port.postMessage({ id: message.id, error: errorData(error) });
  }
}

/**
 * PGlite 0.5.14's own start parameters, and a smaller buffer cache: WebAssembly memory only grows,
 * so the 128 MB default stays taken once touched (the migrations touch all of it at start). Rows
 * read again come from the files (the OS's cache), a copy away. 16 MB rather than 32: 18 MB less
 * resident memory idle, and no difference the webhook, inbox, search or retrieval benches could show.
 */
const START_PARAMS = [
  ...['--single', '-F', '-O', '-j', '-c', 'search_path=public', '-c', 'exit_on_error=false'],
  ...['-c', 'log_checkpoints=false', '-c', 'max_worker_processes=0', '-c', 'max_parallel_workers=0'],
  ...['-c', 'max_parallel_workers_per_gather=0', '-c', 'io_method=sync', '-c', 'max_parallel_maintenance_workers=0'],
  ...['-c', 'shared_buffers=16MB'],
];

/** @param {string | undefined} dataDir @param {ArrayBuffer | undefined} loadDataDir */
function open(dataDir, loadDataDir) {
  return PGlite.create(dataDir, {
    extensions: { vector, pg_trgm },
    loadDataDir: loadDataDir ? new Blob([loadDataDir]) : undefined,
    startParams: START_PARAMS,
  });
}

async function main() {
  const { dataDir, loadDataDir } = workerData;
  const db = await open(dataDir, loadDataDir);
  /** @type {Map<string, () => Promise<void>>} how to stop listening to each channel listened to */
  const unlisten = new Map();
  port.on('message', async (message) => {
    if (message.op === 'begin') return begin(db, message.tx, message.background);
    if (message.tx !== undefined) {
      transactions.get(message.tx)?.(message);
      return;
    }
    switch (message.op) {
      case 'query':
      case 'exec':
        return inTurn(message.background, () => run(db, message));
      case 'batch':
        return inTurn(message.background, () => runBatch(db, message));
      case 'listen':
      case 'unlisten':
        try {
          if (message.op === 'listen') {
            unlisten.set(
              message.channel,
              await db.listen(message.channel, (payload) =>
                port.postMessage({ notification: { channel: message.channel, payload } }),
              ),
            );
          } else {
            await unlisten.get(message.channel)?.();
            unlisten.delete(message.channel);
          }
          port.postMessage({ id: message.id });
        } catch (error) {
          port.postMessage({ id: message.id, error: errorData(error) });
        }
        return;
      case 'dump': {
        try {
          const tarball = await (await db.dumpDataDir('gzip')).arrayBuffer();
          port.postMessage({ id: message.id, tarball }, [tarball]);
        } catch (error) {
          port.postMessage({ id: message.id, error: errorData(error) });
        }
        return;
      }
      case 'close':
        await db.close();
        port.postMessage({ id: message.id });
        port.close();
    }
  });
  port.postMessage({ ready: true });
}

/**
 * Run as a script (`node pglite-thread.mjs <dataDir> [tarball]`, by client.ts's createDatabase):
 * creates the database in dataDir, from the tarball if given, and ends.
 */
async function create() {
  const [dataDir, tarball] = process.argv.slice(2);
  const bytes = tarball ? fs.readFileSync(tarball) : undefined;
  const db = await open(dataDir, bytes?.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  await db.close();
}

if (isMainThread) {
  create().then(
    () => process.exit(0),
    (error) => {
      console.error(error instanceof Error ? error.message : String(error));
      process.exit(1);
    },
  );
} else {
  main().catch((error) => port.postMessage({ failed: errorData(error) }));
}
