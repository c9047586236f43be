import { recordInboundMessage } from '../../../server/sandbox/graph/messages';
import { sha256Hex } from '../../../server/services/digest';
import { buildTestApp, useTestApp } from '../support/helpers';
import { sandboxConfig, startSignup, TEST_APP_SECRET, uniquePhoneNumber } from '../support/whatsapp-helpers';

const ctx = useTestApp((db) => buildTestApp(db, sandboxConfig()));

const GRAPH = '/sandbox/graph/v23.0';

function exchangeCode(code: string, secret = TEST_APP_SECRET) {
  const query = new URLSearchParams({ client_id: ctx.app.whatsapp.settings.appId, client_secret: secret, code });
  return ctx.app.inject({ method: 'GET', url: `${GRAPH}/oauth/access_token?${query}` });
}

function graphCall(method: 'GET' | 'POST' | 'DELETE', path: string, token?: string, payload?: unknown) {
  return ctx.app.inject({
    method,
    url: `${GRAPH}${path}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function business() {
  const signup = await startSignup(ctx.app);
  const token = (await exchangeCode(signup.code)).json<{ access_token: string }>().access_token;
  return { ...signup, token };
}

async function registeredBusiness() {
  const found = await business();
  await graphCall('POST', `/${found.phone_number_id}/register`, found.token, {
    messaging_product: 'whatsapp',
    pin: '123456',
  });
  return found;
}

function graphError(code: number) {
  return { error: expect.objectContaining({ code, message: expect.stringMatching(new RegExp(`^\\(#${code}\\) `)) }) };
}

describe('POST /sandbox/signup/session', () => {
  it('creates a WABA with the number and a code; the same number keeps its ids', async () => {
    const phone = uniquePhoneNumber();
    const first = await startSignup(ctx.app, phone, 'Acme');
    expect(first).toEqual({
      code: expect.any(String),
      waba_id: expect.stringMatching(/^\d{15}$/),
      business_id: expect.stringMatching(/^\d{15}$/),
      phone_number_id: expect.stringMatching(/^\d{15}$/),
      phone_number: expect.stringMatching(/^\+1 555-\d{3}-\d{4}$/),
    });
    const again = await startSignup(ctx.app, phone, 'Acme again');
    expect(again).toMatchObject({ waba_id: first.waba_id, phone_number_id: first.phone_number_id });
    expect(again.code).not.toBe(first.code);
    const byCode = 'select 1 from sandbox_codes where code_hash = $1';
    expect(await ctx.db.query(byCode, [first.code])).toHaveLength(0);
    expect(await ctx.db.query(byCode, [sha256Hex(first.code)])).toHaveLength(1);
  });

  it('finishes without a number when none is given (Embedded Signup v4): a WABA alone and a code', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/sandbox/signup/session',
      payload: { business_name: 'Acme', phone_number: ' ' },
    });
    expect(response.statusCode).toBe(201);
    const signup = response.json<{ waba_id: string }>();
    expect(signup).toEqual({ code: expect.any(String), waba_id: expect.any(String), business_id: expect.any(String) });
    expect(await ctx.db.query('select 1 from sandbox_phone_numbers where waba_id = $1', [signup.waba_id])).toEqual([]);
  });

  it.each([
    ['business_name', { business_name: '  ', phone_number: '+1 555 000 1111' }],
    ['phone_number', { business_name: 'Acme', phone_number: 'call me' }],
    ['phone_number', { business_name: 'Acme', phone_number: '+1 555' }],
  ])('refuses an invalid %s with 422 (%#)', async (field, payload) => {
    const response = await ctx.app.inject({ method: 'POST', url: '/sandbox/signup/session', payload });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: 'validation_failed', field });
  });
});

describe('GET /sandbox/graph/:version/oauth/access_token', () => {
  it('turns a code into a token once; the second use is a Graph error', async () => {
    const signup = await startSignup(ctx.app);
    const first = await exchangeCode(signup.code);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ access_token: expect.stringMatching(/^EAAS/), token_type: 'bearer' });

    const second = await exchangeCode(signup.code);
    expect(second.statusCode).toBe(400);
    expect(second.json()).toEqual({
      error: {
        message: '(#100) This authorization code has been used.',
        type: 'OAuthException',
        code: 100,
        fbtrace_id: expect.any(String),
      },
    });
  });

  it('refuses a code older than 30 seconds', async () => {
    const signup = await startSignup(ctx.app);
    await ctx.db.query(
      "update sandbox_codes set created_at = now() - interval '31 seconds', expires_at = now() - interval '1 second' where code_hash = $1",
      [sha256Hex(signup.code)],
    );
    const response = await exchangeCode(signup.code);
    expect(response.json()).toEqual(graphError(100));
    expect(response.json().error.message).toBe('(#100) This authorization code has expired.');
  });

  it('refuses an unknown code, a wrong secret and a missing parameter', async () => {
    expect((await exchangeCode('sbx_made-up')).json().error.message).toBe('(#100) Invalid verification code format.');
    const signup = await startSignup(ctx.app);
    expect((await exchangeCode(signup.code, 'wrong')).json()).toEqual(graphError(1));
    const missing = await ctx.app.inject({ method: 'GET', url: `${GRAPH}/oauth/access_token?code=x` });
    expect(missing.json()).toEqual(graphError(100));
    // A wrong secret did not use the code up.
    expect((await exchangeCode(signup.code)).statusCode).toBe(200);
  });
});

describe('tokens', () => {
  it('answers 190 for an unknown or revoked token and 104 for none', async () => {
    const { waba_id: wabaId, token } = await business();
    const unknown = await graphCall('GET', `/${wabaId}/subscribed_apps`, 'EAASunknown');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(graphError(190));

    await ctx.db.query('update sandbox_tokens set revoked_at = now() where token_hash = $1', [sha256Hex(token)]);
    expect((await graphCall('GET', `/${wabaId}`, token)).json()).toEqual(graphError(190));
    expect((await graphCall('GET', `/${wabaId}`)).json()).toEqual(graphError(104));
  });

  it('lets a token see only its own WABA and numbers', async () => {
    const mine = await business();
    const theirs = await business();
    const response = await graphCall('GET', `/${theirs.waba_id}`, mine.token);
    expect(response.json()).toEqual({
      error: expect.objectContaining({ code: 100, error_subcode: 33, type: 'GraphMethodException' }),
    });
    expect((await graphCall('POST', `/${theirs.phone_number_id}/register`, mine.token, {})).json()).toMatchObject({
      error: { code: 100, error_subcode: 33 },
    });
  });
});

describe('POST /sandbox/graph/:version/:phone_number_id/messages', () => {
  const text = (to: string, body = 'Hello') => ({
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to,
    type: 'text',
    text: { body },
  });

  it('sends inside the 24-hour window', async () => {
    const { token, phone_number_id: phoneNumberId } = await registeredBusiness();
    await recordInboundMessage(ctx.db, { phoneNumberId, from: '16505551234', text: 'Hi' });
    const response = await graphCall('POST', `/${phoneNumberId}/messages`, token, text('+16505551234'));
    expect(response.statusCode).toBe(200);
    const sent = response.json<{ messages: { id: string }[] }>().messages[0].id;
    const row = await ctx.db.one('select wa_id, direction, body from sandbox_messages where wamid = $1', [sent]);
    expect(row).toEqual({ wa_id: '16505551234', direction: 'outbound', body: { body: 'Hello' } });
  });

  it('refuses free-form text with 131047 when the customer never wrote or wrote over 24 hours ago', async () => {
    const { token, phone_number_id: phoneNumberId } = await registeredBusiness();
    const never = await graphCall('POST', `/${phoneNumberId}/messages`, token, text('16505550001'));
    expect(never.json()).toEqual({
      error: expect.objectContaining({
        code: 131047,
        message: '(#131047) Re-engagement message',
        error_data: { messaging_product: 'whatsapp', details: expect.stringMatching(/more than 24 hours/) },
      }),
    });

    const inbound = await recordInboundMessage(ctx.db, { phoneNumberId, from: '16505550002', text: 'Hi' });
    await ctx.db.query("update sandbox_messages set created_at = now() - interval '25 hours' where wamid = $1", [
      inbound.wamid,
    ]);
    const late = await graphCall('POST', `/${phoneNumberId}/messages`, token, text('16505550002'));
    expect(late.json()).toEqual(graphError(131047));
  });

  it('needs a registered number (133010)', async () => {
    const { token, phone_number_id: phoneNumberId } = await business();
    await recordInboundMessage(ctx.db, { phoneNumberId, from: '16505551234', text: 'Hi' });
    const response = await graphCall('POST', `/${phoneNumberId}/messages`, token, text('16505551234'));
    expect(response.json()).toEqual(graphError(133010));
  });

  it('marks only an inbound message of this number read', async () => {
    const { token, phone_number_id: phoneNumberId } = await registeredBusiness();
    const inbound = await recordInboundMessage(ctx.db, { phoneNumberId, from: '16505551234', text: 'Hi' });
    const read = { messaging_product: 'whatsapp', status: 'read', message_id: inbound.wamid };
    expect((await graphCall('POST', `/${phoneNumberId}/messages`, token, read)).json()).toEqual({ success: true });
    const row = await ctx.db.one<{ read: boolean }>(
      'select read_at is not null as read from sandbox_messages where wamid = $1',
      [inbound.wamid],
    );
    expect(row.read).toBe(true);
    const unknown = { ...read, message_id: 'wamid.unknown' };
    expect((await graphCall('POST', `/${phoneNumberId}/messages`, token, unknown)).json()).toEqual(graphError(100));
  });

  it.each<[string, unknown]>([
    ['no messaging_product', { to: '1650555', type: 'text', text: { body: 'x' } }],
    ['an empty text', { messaging_product: 'whatsapp', to: '16505551234', type: 'text', text: { body: ' ' } }],
    [
      'an image by link (the sandbox sends uploaded media)',
      { messaging_product: 'whatsapp', to: '16505551234', type: 'image', image: { link: 'https://example.com/a.jpg' } },
    ],
    ['a location', { messaging_product: 'whatsapp', to: '16505551234', type: 'location', location: {} }],
    [
      'a bad typing indicator',
      { messaging_product: 'whatsapp', status: 'read', message_id: 'w', typing_indicator: {} },
    ],
  ])('answers 100 for %s', async (_case, payload) => {
    const { token, phone_number_id: phoneNumberId } = await registeredBusiness();
    expect((await graphCall('POST', `/${phoneNumberId}/messages`, token, payload)).json()).toEqual(graphError(100));
  });

  it('answers 100 for a body that is not JSON', async () => {
    const { token, phone_number_id: phoneNumberId } = await registeredBusiness();
    const response = await ctx.app.inject({
      method: 'POST',
      url: `${GRAPH}/${phoneNumberId}/messages`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: '{"messaging_product": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(graphError(100));
  });
});

describe('other requests', () => {
  it('answers 100 for an unknown field, an unknown path and an unknown version', async () => {
    const { token, phone_number_id: phoneNumberId } = await business();
    const field = await graphCall('GET', `/${phoneNumberId}?fields=verified_name,favourite_colour`, token);
    expect(field.json().error.message).toBe(
      '(#100) Tried accessing nonexisting field (favourite_colour) on node type (WhatsAppBusinessPhoneNumber)',
    );
    expect((await graphCall('GET', `/${phoneNumberId}/templates/x`, token)).json()).toEqual(graphError(100));
    const version = await ctx.app.inject({ method: 'GET', url: `/sandbox/graph/latest/${phoneNumberId}` });
    expect(version.json()).toEqual(graphError(100));
  });

  it('is not mounted when a Meta app is configured', async () => {
    const production = await buildTestApp(ctx.db, sandboxConfig({ appId: '1', configId: '2' }));
    try {
      expect(production.whatsapp.settings.sandbox).toBe(false);
      const response = await production.inject({ method: 'POST', url: '/sandbox/signup/session', payload: {} });
      expect(response.statusCode).toBe(404);
      expect((await production.inject({ method: 'GET', url: `${GRAPH}/oauth/access_token` })).statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});
