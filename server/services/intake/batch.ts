import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { Jobs } from '../../jobs/types';
import type { AppEvents, MessageJobs } from '../../events';
import type { DeliveryToStore, IgnoredChange } from './rows';
import { storeDeliveries } from './store';

/**
 * Group commit for webhook deliveries. Each verified delivery waits in memory while the
 * transaction before it commits; then everything waiting is stored in ONE transaction (one statement,
 * store.ts), and every waiting request is answered, once the next transaction
 * (of those that arrived meanwhile) is on its way to the database. Under load the batches
 * grow by themselves; alone, a delivery is stored at once. A request is answered only after the
 * transaction holding its delivery committed, and listeners hear of each new message only then.
 * The jobs the new messages ask for (their replies) are queued by the statement that stores them:
 * a message is never stored without them.
 * A batch that fails is stored again one delivery per transaction, so that one bad delivery fails
 * alone.
 */

/** At most this many deliveries per transaction. */
export const MAX_BATCH_DELIVERIES = 256;
/** At most this many characters of raw bodies per transaction (a larger delivery still goes, alone). */
export const MAX_BATCH_CHARACTERS = 8 * 1024 * 1024;

export interface BatcherDeps {
  db: Db;
  events: Pick<AppEvents, 'emit'>;
  log: FastifyBaseLogger;
  /** The jobs each new message asks for, as of now (asked once per transaction); none without it. */
  messageJobs?: () => MessageJobs;
  /** Woken after a commit that queued jobs, so that this process's runner looks at once. */
  runner?: Pick<Jobs, 'wake'>;
}

/** Answers a committed transaction's requests and tells the listeners of its new messages. */
type Answer = () => void;

interface Waiting {
  delivery: DeliveryToStore;
  characters: number;
  resolve: (ignored: IgnoredChange[]) => void;
  reject: (error: unknown) => void;
}

/** How many deliveries each transaction stored: the size of every batch, counted. */
export class BatchSizes {
  readonly counts = new Map<number, number>();
  /** Batches that failed and were stored again one delivery at a time. */
  isolated = 0;

  record(size: number) {
    this.counts.set(size, (this.counts.get(size) ?? 0) + 1);
  }

  reset() {
    this.counts.clear();
    this.isolated = 0;
  }
}

const sizesByDb = new WeakMap<Db, BatchSizes>();

/** The batch sizes of the webhooks stored in this database by this process (for the bench). */
export function batchSizesOf(db: Db): BatchSizes {
  let sizes = sizesByDb.get(db);
  if (!sizes) {
    sizes = new BatchSizes();
    sizesByDb.set(db, sizes);
  }
  return sizes;
}

export class DeliveryBatcher {
  private waiting: Waiting[] = [];
  private flushing: Promise<void> | undefined;
  private readonly sizes: BatchSizes;

  constructor(private readonly deps: BatcherDeps) {
    this.sizes = batchSizesOf(deps.db);
  }

  /** Resolves once the delivery is committed, with its changes for numbers nobody has connected. */
  store(delivery: DeliveryToStore): Promise<IgnoredChange[]> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ delivery, characters: delivery.rawBody.length, resolve, reject });
      this.flushing ??= this.flushAll();
    });
  }

  /** Waits until every delivery handed over so far is stored (or has failed). */
  async drain(): Promise<void> {
    while (this.flushing) await this.flushing;
  }

  private async flushAll(): Promise<void> {
    // Deliveries that arrived in the same turn of the event loop share the first transaction.
    await new Promise<void>((resolve) => setImmediate(resolve));
    let answer: Answer | undefined;
    try {
      while (this.waiting.length > 0) {
        const stored = this.flush(this.nextBatch());
        // The transaction before is answered once this one is on its way: the database does not wait
        // while its requests' answers are written.
        answer?.();
        answer = await stored;
      }
    } finally {
      answer?.();
      this.flushing = undefined;
    }
  }

  private nextBatch(): Waiting[] {
    let characters = 0;
    let count = 0;
    while (count < this.waiting.length && count < MAX_BATCH_DELIVERIES) {
      characters += this.waiting[count].characters;
      if (count > 0 && characters > MAX_BATCH_CHARACTERS) break;
      count += 1;
    }
    return this.waiting.splice(0, count);
  }

  /** Stores the batch; answers how to answer those of its requests that are not answered yet. */
  private async flush(batch: Waiting[]): Promise<Answer> {
    try {
      const answer = await this.commit(batch);
      this.sizes.record(batch.length);
      return answer;
    } catch (error) {
      if (batch.length === 1) {
        batch[0].reject(error);
        return () => {};
      }
      this.sizes.isolated += 1;
      this.deps.log.warn(
        { err: error, deliveries: batch.length },
        'whatsapp webhook: batch failed, storing one by one',
      );
      for (const waiting of batch) {
        await this.commit([waiting]).then(
          (answer) => {
            this.sizes.record(1);
            answer();
          },
          (failure: unknown) => waiting.reject(failure),
        );
      }
      return () => {};
    }
  }

  /** Stores the batch in one transaction; answers how to tell its requests and the listeners. */
  private async commit(batch: Waiting[]): Promise<Answer> {
    const jobs = this.deps.messageJobs?.();
    const stored = await storeDeliveries(
      this.deps.db,
      batch.map((waiting) => waiting.delivery),
      jobs,
    );
    return () => {
      if (stored.received.length > 0 && jobs) this.deps.runner?.wake();
      for (const message of stored.received) this.deps.events.emit('whatsapp.message-received', message);
      batch.forEach((waiting, i) => waiting.resolve(stored.ignored[i]));
    };
  }
}
