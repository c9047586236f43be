import { AsyncLocalStorage } from 'node:async_hooks';

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

/** An Executor over a driver's query and exec (pglite.ts, postgres.ts). */
export function executor(query: QueryFn, exec: (text: string) => Promise<void>): Executor {
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

/** Whether the caller runs as background work (`asBackgroundWork`). */
export function isBackgroundWork(): boolean {
  return backgroundWork.getStore() === true;
}
