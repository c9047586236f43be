import pg from 'pg';
import { executor, type Db, type Executor, type ListenHandlers, type Row } from './client';

/** The scaled-out shape's database: a PostgreSQL pool, and a connection of its own per LISTEN. */

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

/** Statements on `target` (the pool, or one connection in a transaction). */
function on(target: pg.Pool | pg.PoolClient): Executor {
  return executor(
    async (text, params) => (await target.query(text, params as unknown[])).rows,
    async (text) => {
      await target.query(text);
    },
  );
}

async function inTransaction<T>(pool: pg.Pool, work: (tx: Executor) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const result = await work(on(client));
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/**
 * Listens to `channel` on a connection of its own, outside the pool: it stays in LISTEN for as long as
 * it is wanted. Answers how to stop listening.
 */
async function listenOnOwnConnection(
  connectionString: string,
  options: string | undefined,
  channel: string,
  { onPayload, onInterrupted }: ListenHandlers,
): Promise<() => Promise<void>> {
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
}

/** A PostgreSQL pool; `options` can carry e.g. `-c search_path=…` for isolated test schemas. */
export async function openPostgres(connectionString: string, options?: string): Promise<Db> {
  const pool = new pg.Pool({ connectionString, options, types: pgTypes, max: 10 });
  hearConnectionErrors(pool);
  await pool.query('select 1');
  const db: Db = {
    dialect: 'postgres',
    ...on(pool),
    // On a connection of its own, statements follow each other without waiting for the caller.
    batch: (statements) =>
      db.transaction(async (tx) => {
        const results: Row[][] = [];
        for (const { text, params } of statements) results.push(await tx.query(text, params));
        return results;
      }),
    transaction: (work) => inTransaction(pool, work),
    listen: (channel, handlers) => listenOnOwnConnection(connectionString, options, channel, handlers),
    close: () => pool.end(),
  };
  return db;
}
