import { jwtVerify } from 'jose';
import webpush from 'web-push';
import { loadConfig } from '../../../server/config';
import { isPublicAddress } from '../../../server/services/push/address-guard';
import { createPushSender } from '../../../server/services/push/sender';
import { composeNotification, customerLabel } from '../../../server/services/notifications/compose';
import {
  decryptPush,
  LocalPushEndpoint,
  vapidHeader,
  vapidPublicKey,
  type Subscriber,
} from '../../fixtures/push-endpoint';
import { bearer, useTestApp } from '../support/helpers';
import {
  customerWrites,
  drain,
  mockModel,
  newCustomer,
  ownerWithAgent,
  repliesApp,
  restoreModels,
  type AgentOwner,
} from '../support/replies-helpers';

const endpoint = new LocalPushEndpoint();
// The endpoint listens before the app is built (hooks run in order): its host goes into PUSH_ALLOW_HOSTS.
beforeAll(() => endpoint.start());
afterAll(() => endpoint.close());
const ctx = useTestApp((db) =>
  repliesApp(db, { push: { ...loadConfig({ NODE_ENV: 'test' }).push, allowHosts: [endpoint.host] } }),
);

afterEach(() => {
  restoreModels(ctx.app);
  endpoint.status = 201;
  endpoint.received.splice(0);
});

async function subscribed(owner: AgentOwner): Promise<Subscriber> {
  const subscriber = endpoint.subscriber();
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/push/subscriptions',
    headers: bearer(owner.token),
    payload: subscriber.json,
  });
  expect(response.statusCode).toBe(201);
  return subscriber;
}

async function pushedOwner() {
  const owner = await ownerWithAgent(ctx);
  ctx.app.replies.languageModel = () => mockModel('Happy to help with that.');
  return { owner, subscriber: await subscribed(owner) };
}

describe('a push for a hand-over', () => {
  it('rings the device with the customer’s name and their ask, signed with the server’s VAPID key', async () => {
    const { owner, subscriber } = await pushedOwner();
    const customer = newCustomer();
    await customerWrites(ctx.app, ctx.db, owner, customer, {
      text: 'Hi, is the shop open today?',
      name: 'Ada Lovelace',
    });
    await drain(ctx.app);
    endpoint.received.splice(0);

    await customerWrites(ctx.app, ctx.db, owner, customer, {
      text: 'Can I talk to a human please? My order never arrived.',
      name: 'Ada Lovelace',
    });
    await drain(ctx.app);

    expect(endpoint.received).toHaveLength(1);
    const [push] = endpoint.received;
    expect(push.headers.urgency).toBe('high');
    expect(Number(push.headers.ttl)).toBe(3600);
    expect(decryptPush(push, subscriber)).toEqual({
      kind: 'handover',
      title: 'Ada Lovelace needs you',
      body: 'Can I talk to a human please? My order never arrived.',
      url: `/messages?c=${encodeURIComponent(`${customer}@c.us`)}`,
      tag: `${customer}@c.us`,
    });
    const { jwt, publicKey } = vapidHeader(push);
    const key = await ctx.app.inject({ method: 'GET', url: '/api/v1/push/key', headers: bearer(owner.token) });
    expect(publicKey).toBe(key.json<{ public_key: string }>().public_key);
    const verified = await jwtVerify(jwt, vapidPublicKey(publicKey), { audience: endpoint.origin });
    expect(verified.payload.sub).toMatch(/^mailto:/);
    const stored = await ctx.db.one<{ last_success_at: Date | null }>(
      'select last_success_at from push_subscriptions where endpoint = $1',
      [subscriber.json.endpoint],
    );
    expect(stored.last_success_at).not.toBeNull();
  });

  it('queues one job per event, keyed so that a second enqueue (another node) pushes nothing more', async () => {
    const { owner } = await pushedOwner();
    await customerWrites(ctx.app, ctx.db, owner, newCustomer(), { text: 'I need a human' });
    await drain(ctx.app);
    const jobs = await ctx.db.query<{ key: string; name: string; payload: Record<string, unknown> }>(
      "select key, name, payload from jobs where name = 'push.notify' and payload ->> 'userId' = $1::text order by id",
      [owner.userId],
    );
    expect(jobs.map((job) => job.key.replace(/\d+$/, 'N'))).toEqual(['push:new-customer:N', 'push:handover:N']);
    expect(endpoint.received).toHaveLength(2);

    for (const job of jobs) {
      expect(await ctx.app.jobs.enqueue({ name: job.name, payload: job.payload, key: job.key })).toBeNull();
    }
    await drain(ctx.app);
    expect(endpoint.received).toHaveLength(2);
  });
});

describe('a push for a new customer', () => {
  it('names the customer by number when WhatsApp gives no name, and says what they asked', async () => {
    const { owner, subscriber } = await pushedOwner();
    await customerWrites(ctx.app, ctx.db, owner, '447946000123', { text: 'Do you deliver to Leeds?', name: null });
    await drain(ctx.app);
    expect(endpoint.received).toHaveLength(1);
    expect(endpoint.received[0].headers.urgency).toBe('normal');
    expect(decryptPush(endpoint.received[0], subscriber)).toMatchObject({
      kind: 'new_customer',
      title: 'New customer: +44 7946 000123',
      body: 'Do you deliver to Leeds?',
      tag: '447946000123@c.us',
    });
  });

  it('sends nothing while a tab of the member’s is open and focused', async () => {
    const { owner } = await pushedOwner();
    const presence = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/push/presence',
      headers: bearer(owner.token),
      payload: { focused: true },
    });
    expect(presence.statusCode).toBe(204);
    await customerWrites(ctx.app, ctx.db, owner, newCustomer(), { text: 'Hello there' });
    await drain(ctx.app);
    expect(endpoint.received).toHaveLength(0);

    await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/push/presence',
      headers: bearer(owner.token),
      payload: { focused: false },
    });
    await customerWrites(ctx.app, ctx.db, owner, newCustomer(), { text: 'Anyone?' });
    await drain(ctx.app);
    expect(endpoint.received).toHaveLength(1);
  });

  it('queues nothing for a member without a device', async () => {
    const owner = await ownerWithAgent(ctx);
    ctx.app.replies.languageModel = () => mockModel('Hi');
    await customerWrites(ctx.app, ctx.db, owner, newCustomer(), { text: 'I need a human' });
    await drain(ctx.app);
    const jobs = await ctx.db.query(
      "select 1 from jobs where name = 'push.notify' and payload ->> 'userId' = $1::text",
      [owner.userId],
    );
    expect(jobs).toHaveLength(0);
  });
});

describe('the push service’s answers', () => {
  it('forgets a subscription the push service says is gone (410)', async () => {
    const { owner, subscriber } = await pushedOwner();
    endpoint.status = 410;
    await customerWrites(ctx.app, ctx.db, owner, newCustomer(), { text: 'Hello' });
    await drain(ctx.app);
    expect(endpoint.received).toHaveLength(1);
    const rows = await ctx.db.query('select 1 from push_subscriptions where endpoint = $1', [subscriber.json.endpoint]);
    expect(rows).toHaveLength(0);
  });

  it('counts another failure on the subscription and keeps it', async () => {
    const { owner, subscriber } = await pushedOwner();
    endpoint.status = 500;
    await customerWrites(ctx.app, ctx.db, owner, newCustomer(), { text: 'Hello' });
    await drain(ctx.app);
    const row = await ctx.db.one<{ failures: number }>('select failures from push_subscriptions where endpoint = $1', [
      subscriber.json.endpoint,
    ]);
    expect(row.failures).toBe(1);
  });

  it('never connects to a private address unless its host is allowed', async () => {
    const sender = createPushSender({
      keys: webpush.generateVAPIDKeys(),
      subject: 'mailto:ops@example.com',
      allowHosts: [],
    });
    const subscriber = endpoint.subscriber();
    const outcome = await sender.send(
      { id: 1, endpoint: `https://localhost:${endpoint.host.split(':')[1]}/push/x`, ...subscriber.json.keys },
      '{}',
      { ttlSeconds: 60, urgency: 'normal' },
    );
    expect(outcome).toEqual({ result: 'failed', reason: expect.stringContaining('not public') });
    expect(endpoint.received).toHaveLength(0);
  });
});

describe('what a notification says', () => {
  /** A hand-over's notification after the customer's latest message (its stored body) reads `body`. */
  async function notificationAfter(body: string) {
    const { owner } = await pushedOwner();
    await customerWrites(ctx.app, ctx.db, owner, newCustomer(), { text: 'placeholder', name: 'Ada Lovelace' });
    await drain(ctx.app);
    const { id } = await ctx.db.one<{ id: number }>(
      "update messages set body = $2 where user_id = $1 and direction = 'inbound' returning conversation_id as id",
      [owner.userId, body],
    );
    return composeNotification(ctx.db, owner.userId, 'handover', Number(id));
  }

  it('cuts long words to about 120 characters at a word', async () => {
    const notification = await notificationAfter(`${'please '.repeat(30)}help`);
    expect(notification?.body.length).toBeLessThanOrEqual(120);
    expect(notification?.body).toMatch(/please…$/);
  });

  it('describes what has no words in words, as the inbox’s notices do', async () => {
    expect((await notificationAfter('[image] is this scratch normal?'))?.body).toBe('Photo: is this scratch normal?');
    expect((await notificationAfter('[audio]'))?.body).toBe('Voice message');
    expect((await notificationAfter('[document] invoice.pdf'))?.body).toBe('Document: invoice.pdf');
  });

  it('names a customer by name, else number, else username', () => {
    expect(customerLabel({ wa_id: '14155550123', profile_name: 'Ada', username: null })).toBe('Ada');
    expect(customerLabel({ wa_id: '14155550123', profile_name: null, username: null })).toBe('+1 415 555 0123');
    expect(customerLabel({ wa_id: 'US.13491208655302741918', profile_name: null, username: '@ada' })).toBe('@ada');
  });

  it('tells public addresses from private, loopback, link-local and mapped ones', () => {
    expect(isPublicAddress('142.250.74.138')).toBe(true);
    expect(isPublicAddress('2a00:1450:4001:82b::200a')).toBe(true);
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '192.168.1.1',
      '169.254.169.254',
      '::1',
      'fe80::1',
      '::ffff:127.0.0.1',
    ]) {
      expect(isPublicAddress(address)).toBe(false);
    }
  });
});
