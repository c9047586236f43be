import type { App } from '../../../server/app';
import { AppEvents, type AppEventMap } from '../../../server/events';
import { batchSizesOf, DeliveryBatcher } from '../../../server/services/intake/batch';
import { parseDelivery } from '../../../server/services/intake/payload';
import { deliveryToStore } from '../../../server/services/intake/receive';
import { openTestDb, type TestDb } from '../support/helpers';
import {
  connectedOwner,
  CUSTOMER,
  envelope,
  inbound,
  postWebhook,
  storedFor,
  storedReply,
  textMessage,
  type Json,
} from '../support/webhook-fixtures';
import { buildListeningSandboxApp } from '../support/whatsapp-helpers';

type MessageReceived = AppEventMap['whatsapp.message-received'];

const REFUSED = 'Refused by the database';

let testDb: TestDb;
let app: App;
const received: MessageReceived[] = [];

beforeAll(async () => {
  testDb = await openTestDb();
  app = await buildListeningSandboxApp(testDb.db);
  app.events.on('whatsapp.message-received', (event) => {
    received.push(event);
  });
  // A delivery the database refuses, wherever it is stored: this file's own trigger.
  await testDb.db.exec(`
    create function refuse_test_body() returns trigger language plpgsql as $$
    begin
      if new.body = '${REFUSED}' then raise exception 'refused by the test'; end if;
      return new;
    end
    $$;
    create trigger messages_refuse_test_body before insert on messages
      for each row execute function refuse_test_body();`);
});

afterAll(async () => {
  await app.close();
  await testDb.dispose();
});

/** Listeners run after the emitter moved on. */
const listenersRan = () => new Promise((resolve) => setImmediate(resolve));

const announcedFor = (userId: number) => received.filter((event) => event.userId === userId);

/**
 * A batcher of the test's own on the file's database, announcing to `heard`: deliveries handed to
 * it in one turn of the event loop are stored in one transaction.
 */
function batcherFor(heard: MessageReceived[]) {
  const events = new AppEvents((error) => {
    throw error;
  });
  events.on('whatsapp.message-received', (event) => {
    heard.push(event);
  });
  return new DeliveryBatcher({ db: testDb.db, events, log: app.log });
}

function prepared(body: Json | string) {
  const raw = Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
  return deliveryToStore(parseDelivery(raw), raw);
}

async function conversationsOf(userId: number) {
  return testDb.db.query<{ wa_id: string; unread_count: number; last_message_preview: string; profile_name: string }>(
    'select wa_id, unread_count, last_message_preview, profile_name from conversations where user_id = $1 order by wa_id',
    [userId],
  );
}

describe('POST /api/v1/whatsapp/webhook: deliveries stored together', () => {
  it('stores 200 parallel distinct deliveries as 200 messages, each announced once', async () => {
    const { userId, phoneNumberId } = await connectedOwner(app);
    const sizes = batchSizesOf(testDb.db);
    sizes.reset();
    const customers = Array.from({ length: 20 }, (_, c) => String(16505550100 + c));
    const messages = Array.from({ length: 200 }, (_, i) =>
      textMessage({ from: customers[i % 20], timestamp: String(1749416000 + i), text: { body: `Message ${i}` } }),
    );

    const responses = await Promise.all(
      messages.map((message) =>
        postWebhook(app, envelope(phoneNumberId, { contacts: [{ wa_id: message.from }], messages: [message] })),
      ),
    );
    await listenersRan();

    expect(responses.map((response) => response.statusCode)).toEqual(messages.map(() => 200));
    const stored = await storedFor(testDb.db, userId);
    expect(stored.messages.map((message) => message.wamid).sort()).toEqual(messages.map((m) => m.id).sort());
    expect(stored.events).toHaveLength(200);
    const announced = announcedFor(userId);
    expect(announced.map((event) => event.wamid).sort()).toEqual(messages.map((m) => m.id).sort());
    expect(new Set(announced.map((event) => event.messageId)).size).toBe(200);
    // Each customer wrote 10 times; the newest of them (i = 180…199) is the preview.
    expect(await conversationsOf(userId)).toEqual(
      customers.map((waId, c) => ({
        wa_id: waId,
        unread_count: 10,
        last_message_preview: `Message ${180 + c}`,
        profile_name: null,
      })),
    );
    expect(Math.max(...sizes.counts.keys())).toBeGreaterThan(1);
    expect(sizes.isolated).toBe(0);
  });

  it('stores a wamid once when duplicates share one transaction, and announces it once', async () => {
    const { userId, phoneNumberId } = await connectedOwner(app);
    const heard: MessageReceived[] = [];
    const batcher = batcherFor(heard);
    const sizes = batchSizesOf(testDb.db);
    sizes.reset();
    const message = textMessage();
    const retried = JSON.stringify(inbound(phoneNumberId, [message]));
    const renamed = JSON.stringify(inbound(phoneNumberId, [message], 'Sheena N.'));

    const results = await Promise.all([
      ...Array.from({ length: 5 }, () => batcher.store(prepared(retried))),
      batcher.store(prepared(renamed)),
    ]);
    await listenersRan();

    expect(results).toEqual(results.map(() => []));
    expect([...sizes.counts]).toEqual([[6, 1]]);
    const stored = await storedFor(testDb.db, userId);
    expect(stored.messages).toMatchObject([{ wamid: message.id, body: 'Hello' }]);
    expect(stored.events.map((event) => event.raw_body).sort()).toEqual([retried, renamed].sort());
    expect(heard).toEqual([
      { userId, wamid: message.id, conversationId: expect.any(Number), messageId: expect.any(Number) },
    ]);
    expect(await conversationsOf(userId)).toEqual([
      { wa_id: CUSTOMER, unread_count: 1, last_message_preview: 'Hello', profile_name: 'Sheena N.' },
    ]);
  });

  it('stores the other deliveries of a transaction when one of them fails, and only those', async () => {
    const { userId, phoneNumberId } = await connectedOwner(app);
    const heard: MessageReceived[] = [];
    const batcher = batcherFor(heard);
    const sizes = batchSizesOf(testDb.db);
    sizes.reset();
    const good = Array.from({ length: 5 }, (_, i) => textMessage({ text: { body: `Good ${i}` } }));
    const bad = textMessage({ text: { body: REFUSED } });
    const deliveries = [...good.slice(0, 2), bad, ...good.slice(2)].map((message) =>
      batcher.store(prepared(inbound(phoneNumberId, [message]))),
    );

    const results = await Promise.allSettled(deliveries);
    await listenersRan();

    expect(results.map((result) => result.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
    expect(sizes.isolated).toBe(1);
    const stored = await storedFor(testDb.db, userId);
    expect(stored.messages.map((message) => message.body)).toEqual(good.map((message) => message.text.body));
    expect(stored.events).toHaveLength(5);
    expect(stored.events.some((event) => event.raw_body.includes(bad.id))).toBe(false);
    expect(heard.map((event) => event.wamid)).toEqual(good.map((message) => message.id));
    expect(await conversationsOf(userId)).toMatchObject([{ unread_count: 5, last_message_preview: 'Good 4' }]);
  });

  it('answers 200 for the good deliveries and 500 for the one that cannot be stored', async () => {
    const { userId, phoneNumberId } = await connectedOwner(app);
    const good = Array.from({ length: 10 }, () => textMessage());
    const bad = textMessage({ text: { body: REFUSED } });

    const responses = await Promise.all(
      [...good, bad].map((message) => postWebhook(app, inbound(phoneNumberId, [message]))),
    );

    expect(responses.map((response) => response.statusCode)).toEqual([...good.map(() => 200), 500]);
    expect(responses[10].json()).toMatchObject({ code: 'internal' });
    const stored = await storedFor(testDb.db, userId);
    expect(stored.messages.map((message) => message.wamid).sort()).toEqual(good.map((message) => message.id).sort());
  });

  it('tells each delivery which of its changes named a number nobody connected', async () => {
    const { userId, phoneNumberId } = await connectedOwner(app);
    const batcher = batcherFor([]);
    const unknown = '100000000000777';

    const [ours, strangers, mixed] = await Promise.all([
      batcher.store(prepared(inbound(phoneNumberId, [textMessage()]))),
      batcher.store(prepared(inbound(unknown, [textMessage()]))),
      batcher.store(
        prepared({
          object: 'whatsapp_business_account',
          entry: [inbound(phoneNumberId, [textMessage()]).entry[0], envelope(unknown, {}, 'statuses').entry[0]],
        }),
      ),
    ]);

    expect(ours).toEqual([]);
    expect(strangers).toEqual([{ phoneNumberId: unknown, field: 'messages' }]);
    expect(mixed).toEqual([{ phoneNumberId: unknown, field: 'statuses' }]);
    expect((await storedFor(testDb.db, userId)).messages).toHaveLength(2);
  });
});

describe('POST /api/v1/whatsapp/webhook: statuses and reactions in one transaction', () => {
  const outgoing = (userId: number, status?: string) => storedReply(testDb.db, userId, status);

  const status = (id: string, value: string, extra: Json = {}) => ({
    id,
    status: value,
    timestamp: '1750263773',
    recipient_id: CUSTOMER,
    ...extra,
  });

  const statusOf = (id: string) =>
    testDb.db.one<Json>('select status, status_error, status_error_code from messages where wamid = $1', [id]);

  it('applies the statuses of one message in the order they arrived, never backwards', async () => {
    const { userId, phoneNumberId } = await connectedOwner(app);
    const other = await connectedOwner(app);
    const [readFirst, readLast, failedFirst, deliveredFirst] = [
      await outgoing(userId),
      await outgoing(userId),
      await outgoing(userId),
      await outgoing(userId),
    ];
    const theirs = await outgoing(other.userId);
    const batcher = batcherFor([]);
    const failure = { errors: [{ code: 131026, title: 'Message undeliverable' }] };

    await Promise.all(
      [
        [status(readFirst, 'read'), status(readLast, 'delivered')],
        [status(failedFirst, 'failed', failure)],
        [status(readFirst, 'delivered'), status(deliveredFirst, 'delivered'), status(readLast, 'read')],
        [status(failedFirst, 'delivered'), status(readFirst, 'sent')],
        [status(deliveredFirst, 'failed', failure), status(theirs, 'read')],
      ].map((statuses) => batcher.store(prepared(envelope(phoneNumberId, { statuses })))),
    );

    expect(await statusOf(readFirst)).toEqual({ status: 'read', status_error: null, status_error_code: null });
    expect(await statusOf(readLast)).toEqual({ status: 'read', status_error: null, status_error_code: null });
    expect(await statusOf(failedFirst)).toEqual({
      status: 'failed',
      status_error: 'The message could not be delivered to this number (it may not use WhatsApp).',
      status_error_code: 131026,
    });
    expect(await statusOf(deliveredFirst)).toEqual({
      status: 'delivered',
      status_error: null,
      status_error_code: null,
    });
    expect(await statusOf(theirs)).toEqual({ status: 'sent', status_error: null, status_error_code: null });
  });

  it('keeps the newest reaction of each customer when several arrive together', async () => {
    const { userId, phoneNumberId } = await connectedOwner(app);
    const target = textMessage();
    await postWebhook(app, inbound(phoneNumberId, [target]));
    const other = await connectedOwner(app);
    const theirs = textMessage();
    await postWebhook(app, inbound(other.phoneNumberId, [theirs]));
    const react = (on: string, from: string, emoji: string, timestamp: string) =>
      textMessage({ type: 'reaction', from, timestamp, text: undefined, reaction: { message_id: on, emoji } });
    const batcher = batcherFor([]);

    await Promise.all(
      [
        react(target.id, CUSTOMER, '👍', '1749419544'),
        react(target.id, '16505550199', '❤️', '1749419545'),
        react(target.id, CUSTOMER, '😂', '1749419500'),
        react(theirs.id, CUSTOMER, '😡', '1749419600'),
      ].map((reaction) => batcher.store(prepared(inbound(phoneNumberId, [reaction])))),
    );

    const [mine] = (await storedFor(testDb.db, userId)).messages;
    expect(mine.reactions).toEqual({
      [CUSTOMER]: { emoji: '👍', timestamp: 1749419544 },
      '16505550199': { emoji: '❤️', timestamp: 1749419545 },
    });
    expect((await storedFor(testDb.db, other.userId)).messages[0].reactions).toEqual({});
  });
});
