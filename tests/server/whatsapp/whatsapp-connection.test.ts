import crypto from 'node:crypto';
import { WHATSAPP_ERRORS, WHATSAPP_MESSAGES } from '../../../contract';
import { createSecrets } from '../../../server/secrets';
import { sha256Hex } from '../../../server/services/digest';
import { connectionSecretAad } from '../../../server/services/whatsapp/connections';
import { bearer, registerUser, useTestApp } from '../support/helpers';
import { inbound, postWebhook, textMessage } from '../support/webhook-fixtures';
import { apiGet, businessTokenOf, buildListeningSandboxApp, connectWhatsApp } from '../support/whatsapp-helpers';

const ctx = useTestApp((db) => buildListeningSandboxApp(db));

describe('GET /api/v1/whatsapp/status and GET /api/v1/health', () => {
  it('says not connected before the owner connects, and connected after', async () => {
    const { token } = await registerUser(ctx.app);
    expect((await apiGet(ctx.app, '/whatsapp/status', token)).json()).toEqual({ isConnected: false, sandbox: true });
    expect((await apiGet(ctx.app, '/health', token)).json()).toEqual({ connected: false });
    await connectWhatsApp(ctx.app, token);
    expect((await apiGet(ctx.app, '/whatsapp/status', token)).json()).toEqual({ isConnected: true, sandbox: true });
    expect((await apiGet(ctx.app, '/health', token)).json()).toEqual({ connected: true });
  });

  it('answers health for anonymous, forged and other callers without a 401', async () => {
    const connected = await registerUser(ctx.app);
    await connectWhatsApp(ctx.app, connected.token);
    const other = await registerUser(ctx.app);
    expect((await apiGet(ctx.app, '/health')).json()).toEqual({ connected: false });
    const forged = await apiGet(ctx.app, '/health', 'not-a-token');
    expect(forged.statusCode).toBe(200);
    expect(forged.json()).toEqual({ connected: false });
    expect((await apiGet(ctx.app, '/health', other.token)).json()).toEqual({ connected: false });
    expect((await apiGet(ctx.app, '/whatsapp/status')).statusCode).toBe(401);
  });
});

describe('GET /api/v1/whatsapp/config', () => {
  it("answers 404 when not connected, and the owner's own connection when connected", async () => {
    const { token } = await registerUser(ctx.app);
    const missing = await apiGet(ctx.app, '/whatsapp/config', token);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ detail: 'WhatsApp is not connected.', code: 'whatsapp_not_connected' });
    const { signup } = await connectWhatsApp(ctx.app, token);
    expect((await apiGet(ctx.app, '/whatsapp/config', token)).json()).toMatchObject({
      status: 'active',
      waba_id: signup.waba_id,
    });
  });
});

describe('GET /api/v1/whatsapp/profile', () => {
  it("reads the WABA's business profile from Graph", async () => {
    const { token } = await registerUser(ctx.app);
    await connectWhatsApp(ctx.app, token);
    const response = await apiGet(ctx.app, '/whatsapp/profile', token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      name: 'Jasper’s Market',
      currency: 'USD',
      owner_business_id: expect.stringMatching(/^\d+$/),
      owner_business_name: 'Jasper’s Market',
    });
  });

  it('answers 401 with "invalid or expired" when Graph refuses the token, and asks for reconnection', async () => {
    const { token, user } = await registerUser(ctx.app);
    await connectWhatsApp(ctx.app, token);
    await ctx.db.query('update sandbox_tokens set revoked_at = now() where token_hash = $1', [
      sha256Hex(await businessTokenOf(ctx.app, ctx.db, user.id)),
    ]);
    const response = await apiGet(ctx.app, '/whatsapp/profile', token);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'whatsapp_token_invalid' });
    expect(response.json().detail).toContain('invalid or expired');
    expect((await apiGet(ctx.app, '/whatsapp/config', token)).json()).toMatchObject({ status: 'needs_reconnection' });
    expect((await apiGet(ctx.app, '/users/me', token)).statusCode).toBe(200);
  });

  it('asks for reconnection, never a 500, when the sealed token does not open (restored without secret.key)', async () => {
    const { token, user } = await registerUser(ctx.app);
    await connectWhatsApp(ctx.app, token);
    // Sealed under another key, as a DATA_DIR restored without its secret.key holds it.
    const otherKey = createSecrets(crypto.randomBytes(32));
    await ctx.db.query('update whatsapp_connections set business_token = $2 where user_id = $1', [
      user.id,
      otherKey.encrypt('a business token', connectionSecretAad(user.id, 'business_token')),
    ]);
    for (const path of ['/whatsapp/profile', '/whatsapp/subscription-info']) {
      const response = await apiGet(ctx.app, path, token);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'whatsapp_token_invalid', detail: WHATSAPP_ERRORS.tokenExpired });
    }
    expect((await apiGet(ctx.app, '/whatsapp/config', token)).json()).toMatchObject({ status: 'needs_reconnection' });
  });

  it('answers 404 when the WABA is gone, and 404 when not connected', async () => {
    const { token, user } = await registerUser(ctx.app);
    expect((await apiGet(ctx.app, '/whatsapp/profile', token)).json()).toMatchObject({
      code: 'whatsapp_not_connected',
    });
    await connectWhatsApp(ctx.app, token);
    await ctx.db.query("update whatsapp_connections set waba_id = '199999999999999' where user_id = $1", [user.id]);
    const response = await apiGet(ctx.app, '/whatsapp/profile', token);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ detail: WHATSAPP_ERRORS.wabaNotFound });
  });
});

describe('GET /api/v1/whatsapp/subscription-info', () => {
  it('lists the subscribed apps and whether ours is one of them', async () => {
    const { token } = await registerUser(ctx.app);
    const { signup } = await connectWhatsApp(ctx.app, token);
    const { settings } = ctx.app.whatsapp;
    const response = await apiGet(ctx.app, '/whatsapp/subscription-info', token);
    expect(response.json()).toEqual({
      is_subscribed: true,
      subscription_status: 'active',
      last_checked: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      subscribed_apps: [
        {
          id: settings.appId,
          name: settings.appName,
          link: `https://www.facebook.com/games/?app_id=${settings.appId}`,
        },
      ],
    });
    await ctx.db.query('delete from sandbox_subscriptions where waba_id = $1', [signup.waba_id]);
    expect((await apiGet(ctx.app, '/whatsapp/subscription-info', token)).json()).toMatchObject({
      is_subscribed: false,
      subscription_status: 'inactive',
      subscribed_apps: [],
    });
  });
});

describe('DELETE /api/v1/whatsapp/disconnect', () => {
  it('unsubscribes, forgets the number and its token, and keeps the conversations', async () => {
    const { token, user } = await registerUser(ctx.app);
    const { signup } = await connectWhatsApp(ctx.app, token);
    const delivery = inbound(signup.phone_number_id, [
      textMessage({ id: `wamid.keep-${user.id}`, text: { body: 'Hi' } }),
    ]);
    const webhook = await postWebhook(ctx.app, delivery);
    expect(webhook.statusCode).toBe(200);

    const response = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/v1/whatsapp/disconnect',
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: WHATSAPP_MESSAGES.disconnected });
    expect((await apiGet(ctx.app, '/whatsapp/status', token)).json()).toEqual({ isConnected: false, sandbox: true });
    expect(await ctx.db.query('select 1 from whatsapp_connections where user_id = $1', [user.id])).toHaveLength(0);
    expect(await ctx.db.query('select 1 from sandbox_subscriptions where waba_id = $1', [signup.waba_id])).toHaveLength(
      0,
    );
    expect(await ctx.db.query('select body from messages where user_id = $1', [user.id])).toEqual([{ body: 'Hi' }]);
  });

  it('leaves the old WABA when the owner connects a number of another one', async () => {
    const { token, user } = await registerUser(ctx.app);
    const first = await connectWhatsApp(ctx.app, token);
    const second = await connectWhatsApp(ctx.app, token);
    expect(second.signup.waba_id).not.toBe(first.signup.waba_id);
    const subscribed = async (wabaId: string) =>
      (await ctx.db.query('select 1 from sandbox_subscriptions where waba_id = $1', [wabaId])).length;
    expect(await subscribed(first.signup.waba_id)).toBe(0);
    expect(await subscribed(second.signup.waba_id)).toBe(1);
    const row = await ctx.db.one<{ waba_id: string; status: string }>(
      'select waba_id, status from whatsapp_connections where user_id = $1',
      [user.id],
    );
    expect(row).toEqual({ waba_id: second.signup.waba_id, status: 'active' });
  });

  it("keeps the WABA subscribed while another owner's number of it is connected", async () => {
    const leaving = await registerUser(ctx.app);
    const staying = await registerUser(ctx.app);
    const { signup } = await connectWhatsApp(ctx.app, leaving.token);
    await connectWhatsApp(ctx.app, staying.token);
    await ctx.db.query('update whatsapp_connections set waba_id = $1 where user_id = $2', [
      signup.waba_id,
      staying.user.id,
    ]);
    await ctx.app.inject({ method: 'DELETE', url: '/api/v1/whatsapp/disconnect', headers: bearer(leaving.token) });
    const subscriptions = await ctx.db.query('select 1 from sandbox_subscriptions where waba_id = $1', [
      signup.waba_id,
    ]);
    expect(subscriptions).toHaveLength(1);
  });

  it('disconnects even when Graph refuses the token, and answers 404 when not connected', async () => {
    const { token, user } = await registerUser(ctx.app);
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: '/api/v1/whatsapp/disconnect', headers: bearer(token) }))
        .statusCode,
    ).toBe(404);
    await connectWhatsApp(ctx.app, token);
    await ctx.db.query('update sandbox_tokens set revoked_at = now() where token_hash = $1', [
      sha256Hex(await businessTokenOf(ctx.app, ctx.db, user.id)),
    ]);
    const response = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/v1/whatsapp/disconnect',
      headers: bearer(token),
    });
    expect(response.json()).toMatchObject({ success: true });
    expect((await apiGet(ctx.app, '/whatsapp/status', token)).json()).toEqual({ isConnected: false, sandbox: true });
  });
});
