import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import webpush from 'web-push';
import type { ErrorBody } from '../../../contract';
import { loadConfig } from '../../../server/config';
import { SUBSCRIPTION_ERRORS } from '../../../server/services/push/subscription-rules';
import { MAX_SUBSCRIPTIONS_PER_USER } from '../../../server/services/push/subscriptions';
import { loadVapidKeys, VAPID_KEY_FILE } from '../../../server/services/push/vapid';
import { newOwner, type Owner } from '../support/agents-helpers';
import { bearer, buildTestApp, useTestApp } from '../support/helpers';

const ALLOWED_HOST = '127.0.0.1:9';
const ctx = useTestApp((db) =>
  buildTestApp(db, { push: { ...loadConfig({ NODE_ENV: 'test' }).push, allowHosts: [ALLOWED_HOST] } }),
);

function browserKeys() {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: crypto.randomBytes(16).toString('base64url') };
}

function subscription(endpoint = `https://fcm.googleapis.com/fcm/send/${crypto.randomUUID()}`) {
  return { endpoint, expirationTime: null, keys: browserKeys() };
}

function post(owner: Owner, payload: object) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/push/subscriptions',
    headers: bearer(owner.token),
    payload,
  });
}

function remove(owner: Owner, endpoint: string) {
  return ctx.app.inject({
    method: 'DELETE',
    url: '/api/v1/push/subscriptions',
    headers: bearer(owner.token),
    payload: { endpoint },
  });
}

async function endpointsOf(owner: Owner): Promise<string[]> {
  const rows = await ctx.db.query<{ endpoint: string }>(
    'select endpoint from push_subscriptions where user_id = $1 order by id',
    [owner.userId],
  );
  return rows.map((row) => row.endpoint);
}

describe('GET /api/v1/push/key', () => {
  it('answers the VAPID public key, a 65-byte P-256 point', async () => {
    const owner = await newOwner(ctx);
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/push/key', headers: bearer(owner.token) });
    expect(response.statusCode).toBe(200);
    const key = Buffer.from(response.json<{ public_key: string }>().public_key, 'base64url');
    expect(key).toHaveLength(65);
    expect(key[0]).toBe(4);
  });

  it('is for signed-in members only', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/push/key' })).statusCode).toBe(401);
  });
});

describe('POST /api/v1/push/subscriptions', () => {
  it('keeps a new subscription (201), and answers 200 for one the caller had', async () => {
    const owner = await newOwner(ctx);
    const body = subscription();
    const first = await post(owner, body);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ endpoint: body.endpoint });
    const again = await post(owner, { ...body, keys: browserKeys() });
    expect(again.statusCode).toBe(200);
    const rows = await ctx.db.query<{ p256dh: string }>('select p256dh from push_subscriptions where user_id = $1', [
      owner.userId,
    ]);
    expect(rows).toEqual([{ p256dh: expect.not.stringMatching(body.keys.p256dh) }]);
  });

  it('accepts each known push service, and a listed host over http', async () => {
    const owner = await newOwner(ctx);
    for (const endpoint of [
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://wns2-db5p.notify.windows.com/w/?token=abc',
      'https://web.push.apple.com/QGx0',
      `http://${ALLOWED_HOST}/push/1`,
    ]) {
      expect((await post(owner, subscription(endpoint))).statusCode).toBe(201);
    }
  });

  it('moves an endpoint subscribed by another member to the caller', async () => {
    const [first, second] = [await newOwner(ctx), await newOwner(ctx)];
    const body = subscription();
    await post(first, body);
    expect((await post(second, body)).statusCode).toBe(201);
    expect(await endpointsOf(first)).toEqual([]);
    expect(await endpointsOf(second)).toEqual([body.endpoint]);
  });

  it(`keeps at most ${MAX_SUBSCRIPTIONS_PER_USER} devices, dropping the oldest`, async () => {
    const owner = await newOwner(ctx);
    const bodies = Array.from({ length: MAX_SUBSCRIPTIONS_PER_USER + 1 }, () => subscription());
    for (const body of bodies) await post(owner, body);
    const kept = await endpointsOf(owner);
    expect(kept).toHaveLength(MAX_SUBSCRIPTIONS_PER_USER);
    expect(kept).not.toContain(bodies[0].endpoint);
    expect(kept).toContain(bodies[MAX_SUBSCRIPTIONS_PER_USER].endpoint);
  });

  const refusals: Array<[string, (body: ReturnType<typeof subscription>) => object, string, string | null]> = [
    [
      'an endpoint that is not https',
      (b) => ({ ...b, endpoint: 'http://fcm.googleapis.com/fcm/send/x' }),
      'endpoint',
      SUBSCRIPTION_ERRORS.endpointNotHttps,
    ],
    [
      'a host that is no push service',
      (b) => ({ ...b, endpoint: 'https://evil.example.com/push' }),
      'endpoint',
      SUBSCRIPTION_ERRORS.endpointUnknownHost,
    ],
    [
      'a look-alike host',
      (b) => ({ ...b, endpoint: 'https://fcm.googleapis.com.evil.example/x' }),
      'endpoint',
      SUBSCRIPTION_ERRORS.endpointUnknownHost,
    ],
    [
      'the metadata address',
      (b) => ({ ...b, endpoint: 'https://169.254.169.254/latest' }),
      'endpoint',
      SUBSCRIPTION_ERRORS.endpointUnknownHost,
    ],
    [
      'a listed host on another port',
      (b) => ({ ...b, endpoint: 'http://127.0.0.1:10/push' }),
      'endpoint',
      SUBSCRIPTION_ERRORS.endpointNotHttps,
    ],
    ['no URL at all', (b) => ({ ...b, endpoint: 'not a url' }), 'endpoint', SUBSCRIPTION_ERRORS.endpointNotUrl],
    [
      'a p256dh of the wrong length',
      (b) => ({ ...b, keys: { ...b.keys, p256dh: b.keys.p256dh.slice(0, 40) } }),
      'keys.p256dh',
      SUBSCRIPTION_ERRORS.p256dh,
    ],
    [
      'a p256dh off the curve',
      (b) => ({
        ...b,
        keys: { ...b.keys, p256dh: Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 1)]).toString('base64url') },
      }),
      'keys.p256dh',
      SUBSCRIPTION_ERRORS.p256dh,
    ],
    [
      'a p256dh that is not base64url',
      (b) => ({ ...b, keys: { ...b.keys, p256dh: '!!!' } }),
      'keys.p256dh',
      SUBSCRIPTION_ERRORS.p256dh,
    ],
    [
      'an auth secret of 8 bytes',
      (b) => ({ ...b, keys: { ...b.keys, auth: crypto.randomBytes(8).toString('base64url') } }),
      'keys.auth',
      SUBSCRIPTION_ERRORS.auth,
    ],
    ['no keys', (b) => ({ endpoint: b.endpoint }), 'keys', null],
    ['no auth', (b) => ({ ...b, keys: { p256dh: b.keys.p256dh } }), 'keys.auth', null],
    ['an expirationTime that is not a time', (b) => ({ ...b, expirationTime: 'soon' }), 'expirationTime', null],
  ];

  it.each(refusals)('refuses %s (422 naming the field)', async (_what, change, field, detail) => {
    const owner = await newOwner(ctx);
    const response = await post(owner, change(subscription()));
    expect(response.statusCode).toBe(422);
    const body = response.json<ErrorBody>();
    expect(body.field).toBe(field);
    if (detail) expect(body.detail).toBe(detail);
    expect(await endpointsOf(owner)).toEqual([]);
  });
});

describe('DELETE /api/v1/push/subscriptions', () => {
  it('forgets the caller’s subscription (204)', async () => {
    const owner = await newOwner(ctx);
    const body = subscription();
    await post(owner, body);
    expect((await remove(owner, body.endpoint)).statusCode).toBe(204);
    expect(await endpointsOf(owner)).toEqual([]);
  });

  it('leaves another member’s subscription alone', async () => {
    const [holder, other] = [await newOwner(ctx), await newOwner(ctx)];
    const body = subscription();
    await post(holder, body);
    expect((await remove(other, body.endpoint)).statusCode).toBe(204);
    expect(await endpointsOf(holder)).toEqual([body.endpoint]);
  });
});

describe('PUT /api/v1/push/presence', () => {
  it('records the session’s focused tab until it says otherwise', async () => {
    const owner = await newOwner(ctx);
    const put = (focused: unknown) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/v1/push/presence',
        headers: bearer(owner.token),
        payload: { focused },
      });
    expect((await put(true)).statusCode).toBe(204);
    const focused = await ctx.db.query('select 1 from push_presence where user_id = $1 and focused_until > now()', [
      owner.userId,
    ]);
    expect(focused).toHaveLength(1);
    expect((await put(false)).statusCode).toBe(204);
    expect(await ctx.db.query('select 1 from push_presence where user_id = $1', [owner.userId])).toHaveLength(0);
    const refused = await put('maybe');
    expect(refused.statusCode).toBe(422);
    expect(refused.json<ErrorBody>().field).toBe('focused');
  });
});

describe('VAPID keys', () => {
  const dataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'threadline-vapid-'));

  it('come from the environment when both are set', () => {
    const pair = webpush.generateVAPIDKeys();
    const config = loadConfig({ VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey });
    const dir = dataDir();
    expect(loadVapidKeys(config.push, dir)).toEqual(pair);
    expect(fs.existsSync(path.join(dir, VAPID_KEY_FILE))).toBe(false);
  });

  it('are generated once into DATA_DIR, readable by the server’s user only, and reused', () => {
    const dir = dataDir();
    const first = loadVapidKeys({ vapidKeys: undefined }, dir);
    const file = path.join(dir, VAPID_KEY_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(loadVapidKeys({ vapidKeys: undefined }, dir)).toEqual(first);
  });

  it('refuse a half-set or malformed environment with the variable’s name', () => {
    const pair = webpush.generateVAPIDKeys();
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: pair.publicKey })).toThrow(/VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY/);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'abc', VAPID_PRIVATE_KEY: pair.privateKey })).toThrow(
      /VAPID_PUBLIC_KEY must be a base64url-encoded 65-byte key/,
    );
    expect(() => loadConfig({ VAPID_SUBJECT: 'ops@example.com' })).toThrow(/VAPID_SUBJECT must be a mailto: or https:/);
    expect(() => loadConfig({ PUSH_ALLOW_HOSTS: 'http://x' })).toThrow(/PUSH_ALLOW_HOSTS entries/);
  });

  it('are signed for the mail sender unless VAPID_SUBJECT says otherwise', () => {
    expect(loadConfig({ MAIL_FROM: 'Acme <help@acme.example>' }).push.vapidSubject).toBe('mailto:help@acme.example');
    expect(loadConfig({ VAPID_SUBJECT: 'https://acme.example' }).push.vapidSubject).toBe('https://acme.example');
    expect(loadConfig({ PUSH_ALLOW_HOSTS: '127.0.0.1:8080, Push.Test' }).push.allowHosts).toEqual([
      '127.0.0.1:8080',
      'push.test',
    ]);
  });
});
