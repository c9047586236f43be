import { Writable } from 'node:stream';
import { WHATSAPP_ERRORS } from '../../../contract';
import { buildApp } from '../../../server/app';
import { sha256Hex } from '../../../server/services/digest';
import { bearer, buildTestApp, registerUser, testConfig, useTestApp } from '../support/helpers';
import {
  apiGet,
  businessTokenOf,
  buildListeningSandboxApp,
  connectWhatsApp,
  exchange,
  sandboxConfig,
  save,
  startSignup,
  TEST_APP_SECRET,
  uniquePhoneNumber,
} from '../support/whatsapp-helpers';

const ctx = useTestApp((db) => buildListeningSandboxApp(db));

describe('GET /api/v1/whatsapp/embedded-signup', () => {
  it('points the sandbox at the stand-in SDK and our own origin', async () => {
    const { token } = await registerUser(ctx.app);
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/whatsapp/embedded-signup',
      headers: { ...bearer(token), host: 'localhost:3000' },
    });
    expect(response.json()).toEqual({
      app_id: ctx.app.whatsapp.settings.appId,
      config_id: ctx.app.whatsapp.settings.configId,
      graph_version: 'v23.0',
      sdk_url: '/sandbox/sdk.js',
      trusted_origins: ['http://localhost:3000'],
      sandbox: true,
    });
  });

  it("points production at Facebook's SDK and origins", async () => {
    const production = await buildTestApp(ctx.db, sandboxConfig({ appId: '1234', configId: '5678' }));
    try {
      const { token } = await registerUser(production);
      const response = await production.inject({
        method: 'GET',
        url: '/api/v1/whatsapp/embedded-signup',
        headers: bearer(token),
      });
      expect(response.json()).toEqual({
        app_id: '1234',
        config_id: '5678',
        graph_version: 'v23.0',
        sdk_url: 'https://connect.facebook.net/en_US/sdk.js',
        trusted_origins: ['https://www.facebook.com', 'https://web.facebook.com'],
        sandbox: false,
      });
    } finally {
      await production.close();
    }
  });
});

describe('POST /api/v1/whatsapp/exchange-token', () => {
  it('exchanges, subscribes and registers server side, and answers only an opaque reference', async () => {
    const { token, user } = await registerUser(ctx.app);
    const signup = await startSignup(ctx.app);
    const response = await exchange(ctx.app, token, signup);

    expect(response.statusCode).toBe(200);
    const reference = response.json<{ business_token: string }>().business_token;
    expect(reference).toMatch(/^wxr_/);
    const pending = await ctx.db.one<Record<string, string>>(
      'select reference_hash, business_token, registration_pin from whatsapp_pending_exchanges where user_id = $1',
      [user.id],
    );
    expect(pending.reference_hash).toBe(sha256Hex(reference));
    expect(pending.business_token).not.toMatch(/EAAS/);
    const subscribed = await ctx.db.query('select app_id from sandbox_subscriptions where waba_id = $1', [
      signup.waba_id,
    ]);
    expect(subscribed).toEqual([{ app_id: ctx.app.whatsapp.settings.appId }]);
    const phone = await ctx.db.one<{ registration_pin: string }>(
      'select registration_pin from sandbox_phone_numbers where id = $1',
      [signup.phone_number_id],
    );
    expect(phone.registration_pin).toMatch(/^\d{6}$/);
  });

  it('refuses a code that was already used with a readable 400', async () => {
    const { token } = await registerUser(ctx.app);
    const signup = await startSignup(ctx.app);
    await exchange(ctx.app, token, signup);
    const again = await exchange(ctx.app, token, signup);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      detail: WHATSAPP_ERRORS.codeInvalid,
      message: WHATSAPP_ERRORS.codeInvalid,
      code: 'whatsapp_code_invalid',
      field: 'code',
    });
  });

  it('refuses ids that are not numeric with 422', async () => {
    const { token } = await registerUser(ctx.app);
    const signup = await startSignup(ctx.app);
    const response = await exchange(ctx.app, token, { ...signup, waba_id: '../oauth' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ field: 'waba_id' });
  });

  it('logs only the first 10 characters of the code, and never the app secret', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logged = await buildApp(testConfig(sandboxConfig()), { db: ctx.db, logger: { level: 'trace', stream } });
    await logged.listen({ host: '127.0.0.1', port: 0 });
    try {
      const { token } = await registerUser(logged);
      const signup = await startSignup(logged);
      expect((await exchange(logged, token, signup)).statusCode).toBe(200);
      const log = lines.join('');
      expect(log).toContain(signup.code.slice(0, 10));
      expect(log).not.toContain(signup.code.slice(0, 11));
      expect(log).not.toContain(TEST_APP_SECRET);
      expect(log).toContain('client_secret=%5Bredacted%5D');
    } finally {
      await logged.close();
    }
  });
});

describe('POST /api/v1/whatsapp/embedded-signup', () => {
  it('saves the connection with the token sealed, and never answers the token', async () => {
    const { token, user } = await registerUser(ctx.app);
    const signup = await startSignup(ctx.app);
    const exchanged = await exchange(ctx.app, token, signup);
    const saved = await save(ctx.app, token, signup, exchanged.json().business_token);

    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({
      status: 'active',
      waba_id: signup.waba_id,
      phone_number_id: signup.phone_number_id,
      phone_number: signup.phone_number,
      created_at: expect.any(String),
    });
    const businessToken = await businessTokenOf(ctx.app, ctx.db, user.id);
    expect(businessToken).toMatch(/^EAAS/);
    const row = await ctx.db.one<Record<string, string>>(
      'select business_token, registration_pin from whatsapp_connections where user_id = $1',
      [user.id],
    );
    expect(row.business_token).not.toContain(businessToken);
    expect(row.registration_pin).not.toMatch(/^\d{6}$/);
    const config = await apiGet(ctx.app, '/whatsapp/config', token);
    for (const response of [exchanged, saved, config]) expect(response.body).not.toContain(businessToken);
  });

  it('accepts a reference only from the owner it was made for, and saving it twice makes one connection', async () => {
    const owner = await registerUser(ctx.app);
    const stranger = await registerUser(ctx.app);
    const signup = await startSignup(ctx.app);
    const reference = (await exchange(ctx.app, owner.token, signup)).json().business_token;

    const stolen = await save(ctx.app, stranger.token, signup, reference);
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json()).toMatchObject({ code: 'whatsapp_setup_expired', detail: WHATSAPP_ERRORS.setupExpired });
    const saved = await save(ctx.app, owner.token, signup, reference);
    expect(saved.statusCode).toBe(200);
    // Saved again (or after PARTNER_ADDED completed it): the same connection, not a second one.
    const again = await save(ctx.app, owner.token, signup, reference);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(saved.json());
  });

  it('refuses ids other than the ones the exchange prepared', async () => {
    const { token } = await registerUser(ctx.app);
    const signup = await startSignup(ctx.app);
    const reference = (await exchange(ctx.app, token, signup)).json().business_token;
    const response = await save(ctx.app, token, { ...signup, phone_number_id: '123456789012345' }, reference);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'whatsapp_setup_mismatch' });
  });

  it("replaces the owner's previous connection when they reconnect", async () => {
    const { token, user } = await registerUser(ctx.app);
    await connectWhatsApp(ctx.app, token);
    const { signup } = await connectWhatsApp(ctx.app, token);
    expect((await apiGet(ctx.app, '/whatsapp/config', token)).json()).toMatchObject({
      phone_number_id: signup.phone_number_id,
    });
    const rows = await ctx.db.query('select 1 from whatsapp_connections where user_id = $1', [user.id]);
    expect(rows).toHaveLength(1);
  });

  it('answers 409 for a number another owner has connected, at the exchange and at the save', async () => {
    const phone = uniquePhoneNumber();
    const first = await registerUser(ctx.app);
    const second = await registerUser(ctx.app);
    const secondSignup = await startSignup(ctx.app, phone);
    const secondReference = (await exchange(ctx.app, second.token, secondSignup)).json().business_token;
    // The second owner's exchange registered the number with their PIN, which refuses anyone else's
    // (tests/server/sandbox/sandbox-number-owner.test.ts); a number without one lets both exchanges through.
    await ctx.db.query('update sandbox_phone_numbers set registration_pin = null where id = $1', [
      secondSignup.phone_number_id,
    ]);
    await connectWhatsApp(ctx.app, first.token, phone);

    const saved = await save(ctx.app, second.token, secondSignup, secondReference);
    expect(saved.statusCode).toBe(409);
    expect(saved.json()).toEqual({
      detail: WHATSAPP_ERRORS.numberTaken,
      message: WHATSAPP_ERRORS.numberTaken,
      code: 'whatsapp_number_taken',
      field: 'phone_number_id',
    });
    const exchanged = await exchange(ctx.app, second.token, await startSignup(ctx.app, phone));
    expect(exchanged.statusCode).toBe(409);
    expect((await apiGet(ctx.app, '/whatsapp/status', second.token)).json()).toEqual({
      isConnected: false,
      sandbox: true,
    });
  });
});
