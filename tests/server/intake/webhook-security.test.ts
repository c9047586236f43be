import { useTestApp } from '../support/helpers';
import {
  asMetaSendsIt,
  connectedOwner,
  inbound,
  postWebhook,
  storedFor,
  textMessage,
  type Json,
} from '../support/webhook-fixtures';
import { buildListeningSandboxApp, signatureFor, TEST_VERIFY_TOKEN } from '../support/whatsapp-helpers';

const ctx = useTestApp((db) => buildListeningSandboxApp(db));

describe('GET /api/v1/whatsapp/webhook (verification)', () => {
  const verify = (query: Record<string, string>) =>
    ctx.app.inject({ method: 'GET', url: `/api/v1/whatsapp/webhook?${new URLSearchParams(query)}` });

  it('echoes the challenge as plain text when the verify token is ours', async () => {
    const response = await verify({
      'hub.mode': 'subscribe',
      'hub.verify_token': TEST_VERIFY_TOKEN,
      'hub.challenge': '1158201444',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).toBe('1158201444');
  });

  it.each([
    ['a wrong token', { 'hub.mode': 'subscribe', 'hub.verify_token': 'guess', 'hub.challenge': '1' }],
    ['a wrong mode', { 'hub.mode': 'unsubscribe', 'hub.verify_token': TEST_VERIFY_TOKEN, 'hub.challenge': '1' }],
    ['no challenge', { 'hub.mode': 'subscribe', 'hub.verify_token': TEST_VERIFY_TOKEN }],
  ])('answers 403 for %s', async (_case, query) => {
    const response = await verify(query);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'verification_failed' });
  });
});

describe('POST /api/v1/whatsapp/webhook: signature', () => {
  it('stores a correctly signed delivery, raw, and answers 200', async () => {
    const { userId, phoneNumberId } = await connectedOwner(ctx.app);
    const raw = JSON.stringify(inbound(phoneNumberId, [textMessage()]));
    const response = await postWebhook(ctx.app, raw);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true });
    const { messages, events } = await storedFor(ctx.db, userId);
    expect(messages).toHaveLength(1);
    expect(events).toEqual([{ raw_body: raw }]);
  });

  it.each<[string, (raw: string) => { body: string; signature: string }]>([
    ['no signature', (raw) => ({ body: raw, signature: '' })],
    ['a signature made with another secret', (raw) => ({ body: raw, signature: signatureFor(raw, 'another-secret') })],
    ['one changed byte', (raw) => ({ body: raw.replace('1749416383', '1749416384'), signature: signatureFor(raw) })],
    ['a malformed header', (raw) => ({ body: raw, signature: signatureFor(raw).replace('sha256=', 'sha1=') })],
    ['re-serialised JSON', (raw) => ({ body: raw, signature: signatureFor(JSON.stringify(JSON.parse(raw))) })],
  ])('answers 401 and stores nothing for %s', async (_case, tamper) => {
    const { userId, phoneNumberId } = await connectedOwner(ctx.app);
    const raw = asMetaSendsIt(inbound(phoneNumberId, [textMessage({ text: { body: 'Grüße' } })]));
    expect(raw).toContain('Gr\\u00fc\\u00dfe');
    const { body, signature } = tamper(raw);
    const response = await postWebhook(ctx.app, body, signature);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'invalid_signature' });
    expect(await storedFor(ctx.db, userId)).toEqual({ messages: [], events: [] });
  });

  it('stores the escaped delivery when its signature covers the bytes as sent', async () => {
    const { userId, phoneNumberId } = await connectedOwner(ctx.app);
    const raw = asMetaSendsIt(inbound(phoneNumberId, [textMessage({ text: { body: 'Grüße' } })]));
    expect((await postWebhook(ctx.app, raw)).statusCode).toBe(200);
    expect((await storedFor(ctx.db, userId)).messages).toMatchObject([{ body: 'Grüße' }]);
  });
});

describe('POST /api/v1/whatsapp/webhook: what is not ours or not well formed', () => {
  async function totals() {
    return ctx.db.one<Json>(
      `select (select count(*)::int from messages) as messages, (select count(*)::int from webhook_events) as events,
              (select count(*)::int from conversations) as conversations`,
    );
  }

  it('acknowledges a number nobody connected and stores nothing', async () => {
    const before = await totals();
    const response = await postWebhook(ctx.app, inbound('100000000000999', [textMessage()]));
    expect(response.statusCode).toBe(200);
    expect(await totals()).toEqual(before);
  });

  it.each<[string, string | Json, RegExp]>([
    ['malformed JSON', '{"object": "whatsapp_business_account", "entry": [', /not valid JSON/],
    ['a JSON array', '[]', /must be a JSON object/],
    ['a wrong object', { object: 'page', entry: [] }, /object must be 'whatsapp_business_account', got "page"/],
    ['no entry', { object: 'whatsapp_business_account' }, /entry must be a list/],
    [
      'changes that are not a list',
      { object: 'whatsapp_business_account', entry: [{ id: '1', changes: {} }] },
      /entry\[0\]\.changes must be a list/,
    ],
  ])('answers 400 for %s', async (_case, body, detail) => {
    const before = await totals();
    const response = await postWebhook(ctx.app, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'malformed_webhook', detail: expect.stringMatching(detail) });
    expect(await totals()).toEqual(before);
  });

  it('refuses a delivery with one bad message as a whole: nothing half-stored', async () => {
    const { userId, phoneNumberId } = await connectedOwner(ctx.app);
    const good = textMessage();
    const { id: _id, ...bad } = textMessage();
    const delivery = {
      object: 'whatsapp_business_account',
      entry: [
        inbound(phoneNumberId, [good]).entry[0],
        { id: '1', changes: [inbound(phoneNumberId, [bad]).entry[0].changes[0]] },
      ],
    };
    const response = await postWebhook(ctx.app, delivery);
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe(
      'Malformed webhook: entry[1].changes[0].value.messages[0].id must be a string.',
    );
    expect(await storedFor(ctx.db, userId)).toEqual({ messages: [], events: [] });
  });

  it('leaves JSON parsing of the other routes as it was', async () => {
    const parsed = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password-reset/request',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'nobody@example.com' }),
    });
    expect(parsed.statusCode).toBe(200);
    const broken = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password-reset/request',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().detail).toMatch(/not valid JSON/);
  });
});
