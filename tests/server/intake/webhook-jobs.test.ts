import type { App } from '../../../server/app';
import { AppEvents, RECEIVED_MESSAGE_KEYS } from '../../../server/events';
import { replyJobs } from '../../../server/services/replies/jobs';
import { DeliveryBatcher } from '../../../server/services/intake/batch';
import { parseDelivery } from '../../../server/services/intake/payload';
import { deliveryToStore } from '../../../server/services/intake/receive';
import { openTestDb, type TestDb } from '../support/helpers';
import {
  connectedOwner,
  CUSTOMER,
  inbound,
  postWebhook,
  storedFor,
  textMessage,
  type Json,
} from '../support/webhook-fixtures';
import { buildListeningSandboxApp } from '../support/whatsapp-helpers';

let testDb: TestDb;
let app: App;

beforeAll(async () => {
  testDb = await openTestDb();
  app = await buildListeningSandboxApp(testDb.db);
});

afterAll(async () => {
  await app.close();
  await testDb.dispose();
});

type JobRow = {
  id: number;
  name: string;
  key: string;
  payload: Json;
  status: string;
  run_at: Date;
};

const RECEIVED_KEYS = Object.keys(RECEIVED_MESSAGE_KEYS).sort();

/** The jobs queued for the owner's messages, in id order (the order due jobs run in). */
async function jobsOf(userId: number) {
  return testDb.db.query<JobRow>(
    `select id, name, key, payload, status, run_at from jobs where (payload ->> 'userId')::bigint = $1 order by id`,
    [userId],
  );
}

async function messageIdsOf(userId: number) {
  const rows = await testDb.db.query<{ id: number; wamid: string; conversation_id: number }>(
    'select id, wamid, conversation_id from messages where user_id = $1',
    [userId],
  );
  return new Map(rows.map((row) => [row.wamid, row]));
}

describe('POST /api/v1/whatsapp/webhook: the jobs of new messages', () => {
  it('queues a reply then a memory job per new message, once, after the debounce', async () => {
    const { userId, phoneNumberId } = await connectedOwner(app);
    const messages = Array.from({ length: 12 }, (_, i) =>
      textMessage({ from: String(16505550300 + (i % 3)), text: { body: `Message ${i}` } }),
    );
    const before = Date.now();

    // Every message twice, all at once: batches hold duplicates, and retries of stored messages.
    const responses = await Promise.all(
      [...messages, ...messages].map((message) => postWebhook(app, inbound(phoneNumberId, [message]))),
    );
    const after = Date.now();

    expect(responses.map((response) => response.statusCode)).toEqual(responses.map(() => 200));
    const stored = await messageIdsOf(userId);
    const jobs = await jobsOf(userId);
    expect(jobs).toHaveLength(2 * messages.length);
    const expected = [...stored.values()]
      .sort((a, b) => a.id - b.id)
      .flatMap(({ id, wamid, conversation_id: conversationId }) => {
        const payload = { userId, conversationId, messageId: id, wamid };
        return [
          { name: 'reply', key: `reply:${wamid}`, payload, status: 'pending' },
          { name: 'extract-memories', key: `memories:${wamid}`, payload, status: 'pending' },
        ];
      });
    expect(jobs.map(({ name, key, payload, status }) => ({ name, key, payload, status }))).toEqual(expected);
    for (const job of jobs) {
      expect(job.run_at.getTime()).toBeGreaterThanOrEqual(before + app.config.replyDebounceMs);
      expect(job.run_at.getTime()).toBeLessThanOrEqual(after + app.config.replyDebounceMs);
    }

    // A retry long after queues nothing more.
    await postWebhook(app, inbound(phoneNumberId, [messages[0]]));
    expect(await jobsOf(userId)).toHaveLength(2 * messages.length);
  });

  it('queues jobs whose payload, written by webhook_store in SQL, has exactly the keys of ReceivedMessage', async () => {
    const { userId, phoneNumberId } = await connectedOwner(app);
    const response = await postWebhook(app, inbound(phoneNumberId, [textMessage({ text: { body: 'Keys?' } })]));

    expect(response.statusCode).toBe(200);
    const jobs = await jobsOf(userId);
    expect(jobs.map((job) => job.name)).toEqual(['reply', 'extract-memories']);
    for (const job of jobs) expect(Object.keys(job.payload as object).sort()).toEqual(RECEIVED_KEYS);
  });

  it('stores a message only with its jobs: when queueing them fails, nothing of the delivery is kept', async () => {
    const { userId, phoneNumberId } = await connectedOwner(app);
    const message = textMessage({ from: CUSTOMER });
    await testDb.db.exec(`
      create function refuse_test_job() returns trigger language plpgsql as $$
      begin
        if new.key = 'memories:${message.id}' then raise exception 'refused by the test'; end if;
        return new;
      end
      $$;
      create trigger jobs_refuse_test_job before insert on jobs for each row execute function refuse_test_job();`);
    try {
      const refused = await postWebhook(app, inbound(phoneNumberId, [message]));

      expect(refused.statusCode).toBe(500);
      expect(await storedFor(testDb.db, userId)).toEqual({ messages: [], events: [] });
      expect(await jobsOf(userId)).toEqual([]);
    } finally {
      await testDb.db.exec('drop trigger jobs_refuse_test_job on jobs; drop function refuse_test_job();');
    }

    // Meta's retry then stores the message and its two jobs.
    const retried = await postWebhook(app, inbound(phoneNumberId, [message]));
    expect(retried.statusCode).toBe(200);
    expect((await storedFor(testDb.db, userId)).messages).toMatchObject([{ wamid: message.id }]);
    expect((await jobsOf(userId)).map((job) => job.key)).toEqual([`reply:${message.id}`, `memories:${message.id}`]);
  });
});

describe('DeliveryBatcher: jobs and the runner', () => {
  function prepared(body: Json) {
    const raw = Buffer.from(JSON.stringify(body));
    return deliveryToStore(parseDelivery(raw), raw);
  }

  it('wakes the runner once per transaction that queued jobs, and queues none without messageJobs', async () => {
    const { userId, phoneNumberId } = await connectedOwner(app);
    const events = new AppEvents((error) => {
      throw error;
    });
    let wakes = 0;
    const runner = { wake: () => (wakes += 1) };
    const batcher = new DeliveryBatcher({
      db: testDb.db,
      events,
      log: app.log,
      messageJobs: () => replyJobs(0),
      runner,
    });
    const first = textMessage();
    const second = textMessage();

    await Promise.all([first, second].map((message) => batcher.store(prepared(inbound(phoneNumberId, [message])))));
    expect(wakes).toBe(1);
    const jobs = await jobsOf(userId);
    expect(jobs.map((job) => job.key)).toEqual([
      `reply:${first.id}`,
      `memories:${first.id}`,
      `reply:${second.id}`,
      `memories:${second.id}`,
    ]);
    // Without a debounce, due at once (the database's now: the transaction's start).
    const { now } = await testDb.db.one<{ now: Date }>('select now()');
    for (const job of jobs) expect(job.run_at.getTime()).toBeLessThanOrEqual(now.getTime());

    // A duplicate is no new message: no jobs, no wake-up.
    await batcher.store(prepared(inbound(phoneNumberId, [first])));
    expect(wakes).toBe(1);

    const silent = new DeliveryBatcher({ db: testDb.db, events, log: app.log, runner });
    const third = textMessage();
    await silent.store(prepared(inbound(phoneNumberId, [third])));
    expect((await storedFor(testDb.db, userId)).messages.map((message) => message.wamid)).toContain(third.id);
    expect(await jobsOf(userId)).toHaveLength(4);
    expect(wakes).toBe(1);
  });
});
