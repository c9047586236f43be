import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { vector } from '@electric-sql/pglite-pgvector';
import pg from 'pg';

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

export interface Db extends Executor {
  readonly dialect: 'pglite' | 'postgres';
  transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T>;
  close(): Promise<void>;
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

/**
 * PGlite (Postgres in WASM) with pgvector; `dataDir` undefined keeps it in memory. `loadDataDir`, a
 * `dumpDataDir()` tarball, fills an empty `dataDir` with that database.
 */
export async function openPglite(dataDir?: string, options: { loadDataDir?: Blob } = {}): Promise<PgliteDb> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir, { extensions: { vector, pg_trgm }, loadDataDir: options.loadDataDir });
  const wrap = (target: Pick<PGlite, 'query' | 'exec'>) =>
    executor(
      async (text, params) => (await target.query<Row>(text, params as unknown[])).rows,
      async (text) => {
        await target.exec(text);
      },
    );
  return {
    dialect: 'pglite',
    ...wrap(client),
    transaction: (work) => client.transaction((tx) => work(wrap(tx))),
    dumpDataDir: () => client.dumpDataDir('gzip'),
    close: () => client.close(),
  };
}

const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    // int8 (counts, sums) as numbers, like PGlite, so both drivers return the same shapes.
    if (oid === 20) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

/** A PostgreSQL pool; `options` can carry e.g. `-c search_path=…` for isolated test schemas. */
export async function openPostgres(connectionString: string, options?: string): Promise<Db> {
  const pool = new pg.Pool({ connectionString, options, types: pgTypes, max: 10 });
  await pool.query('select 1');
  const wrap = (target: pg.Pool | pg.PoolClient) =>
    executor(
      async (text, params) => (await target.query(text, params as unknown[])).rows,
      async (text) => {
        await target.query(text);
      },
    );
  return {
    dialect: 'postgres',
    ...wrap(pool),
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
    close: () => pool.end(),
  };
}
