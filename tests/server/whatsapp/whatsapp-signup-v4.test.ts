import type { MessagingConfig } from '../../../contract';
import type { App } from '../../../server/app';
import type { PendingSignup, WabaOnlySignup } from '../../../server/sandbox/graph/accounts';
import { PARTNER_ADDED_DELAY_MS } from '../../../server/sandbox/graph/routes';
import { partnerAddedPayload, serialise } from '../../../server/sandbox/webhooks';
import { findSendingConnection, requireSendingConnection } from '../../../server/services/whatsapp/sending-connection';
import { SIGNATURE_HEADER } from '../../../server/services/intake/signature';
import { bearer, registerUser, useTestApp } from '../support/helpers';
import {
  apiGet,
  buildListeningSandboxApp,
  exchange,
  save,
  signatureFor,
  startSignup,
} from '../support/whatsapp-helpers';

/** Embedded Signup v4: a business may finish without a number, and PARTNER_ADDED may complete the signup. */

const ctx = useTestApp((db) => buildListeningSandboxApp(db));

/** The sandbox popup's "finish without a number": a WABA alone and a code. */
async function startSignupWithoutNumber(app: App): Promise<WabaOnlySignup> {
  const response = await app.inject({
    method: 'POST',
    url: '/sandbox/signup/session',
    payload: { business_name: 'Numberless Bakery' },
  });
  expect(response.statusCode).toBe(201);
  return response.json<WabaOnlySignup>();
}

/** Meta's account_update webhook, signed like Meta's. */
function partnerAdded(app: App, signup: WabaOnlySignup) {
  const body = serialise(partnerAddedPayload(signup.waba_id, signup.business_id));
  return app.inject({
    method: 'POST',
    url: '/api/v1/whatsapp/webhook',
    headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signatureFor(body) },
    payload: body,
  });
}

async function exchanged(app: App, token: string, signup: PendingSignup) {
  const response = await exchange(app, token, signup);
  expect(response.statusCode).toBe(200);
  return response.json<{ business_token: string }>().business_token;
}

const connectionsOf = (userId: number) =>
  ctx.db.query<{ waba_id: string; phone_number_id: string | null; created_at: Date }>(
    'select waba_id, phone_number_id, created_at from whatsapp_connections where user_id = $1',
    [userId],
  );

describe('Embedded Signup v4: a business that finishes without a number', () => {
  it('connects the WABA alone: subscribed, nothing registered, the number TBD', async () => {
    const { token, user } = await registerUser(ctx.app);
    const signup = await startSignupWithoutNumber(ctx.app);
    const reference = await exchanged(ctx.app, token, signup as PendingSignup);
    const saved = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/whatsapp/embedded-signup',
      headers: bearer(token),
      payload: { waba_id: signup.waba_id, phone_number: 'TBD', business_token: reference },
    });

    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({
      status: 'active',
      waba_id: signup.waba_id,
      phone_number_id: null,
      phone_number: 'TBD',
      created_at: expect.any(String),
    });
    expect((await apiGet(ctx.app, '/whatsapp/status', token)).json()).toEqual({ isConnected: true, sandbox: true });
    const subscribed = await ctx.db.query('select 1 from sandbox_subscriptions where waba_id = $1', [signup.waba_id]);
    expect(subscribed).toHaveLength(1);
    expect(await connectionsOf(user.id)).toEqual([expect.objectContaining({ phone_number_id: null })]);
  });

  it('has nothing to send from: the composer’s 409, and no sending connection for the AI or receipts', async () => {
    const { token, user } = await registerUser(ctx.app);
    const signup = await startSignupWithoutNumber(ctx.app);
    const reference = await exchanged(ctx.app, token, signup as PendingSignup);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/whatsapp/embedded-signup',
      headers: bearer(token),
      payload: { waba_id: signup.waba_id, phone_number: 'TBD', business_token: reference },
    });
    expect(await findSendingConnection(ctx.db, ctx.app.secrets, user.id)).toBeUndefined();
    await expect(requireSendingConnection(ctx.db, ctx.app.secrets, user.id)).rejects.toMatchObject({
      code: 'whatsapp_not_connected',
    });
  });

  it('takes an empty phone_number_id for none, and still refuses one that is not an id', async () => {
    const { token } = await registerUser(ctx.app);
    const signup = await startSignupWithoutNumber(ctx.app);
    const bad = await exchange(ctx.app, token, { ...signup, phone_number_id: 'abc' } as PendingSignup);
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ field: 'phone_number_id' });
    const none = await exchange(ctx.app, token, { ...signup, phone_number_id: '' } as PendingSignup);
    expect(none.statusCode).toBe(200);
  });
});

describe('POST /api/v1/whatsapp/webhook (account_update PARTNER_ADDED)', () => {
  it('completes a signup whose code was exchanged, and the popup’s save then answers that connection', async () => {
    const { token, user } = await registerUser(ctx.app);
    const signup = await startSignup(ctx.app);
    const reference = await exchanged(ctx.app, token, signup);

    expect((await partnerAdded(ctx.app, signup)).json()).toEqual({ received: true });
    const byWebhook = await apiGet(ctx.app, '/whatsapp/config', token);
    expect(byWebhook.json()).toMatchObject({
      status: 'active',
      waba_id: signup.waba_id,
      phone_number_id: signup.phone_number_id,
      phone_number: signup.phone_number,
    });

    const saved = await save(ctx.app, token, signup, reference);
    expect(saved.statusCode).toBe(200);
    expect(saved.json<MessagingConfig>()).toEqual(byWebhook.json());
    expect(await connectionsOf(user.id)).toHaveLength(1);
  });

  it('leaves a connection the popup already saved as it is', async () => {
    const { token, user } = await registerUser(ctx.app);
    const signup = await startSignup(ctx.app);
    const saved = await save(ctx.app, token, signup, await exchanged(ctx.app, token, signup));
    expect(saved.statusCode).toBe(200);

    expect((await partnerAdded(ctx.app, signup)).statusCode).toBe(200);
    expect((await partnerAdded(ctx.app, signup)).statusCode).toBe(200);
    expect((await apiGet(ctx.app, '/whatsapp/config', token)).json()).toEqual(saved.json());
    expect(await connectionsOf(user.id)).toHaveLength(1);
  });

  it('completes a signup without a number', async () => {
    const { token, user } = await registerUser(ctx.app);
    const signup = await startSignupWithoutNumber(ctx.app);
    await exchanged(ctx.app, token, signup as PendingSignup);
    await partnerAdded(ctx.app, signup);
    expect(await connectionsOf(user.id)).toEqual([
      expect.objectContaining({ waba_id: signup.waba_id, phone_number_id: null }),
    ]);
  });

  it('ignores a WABA nobody started a signup for, and one that arrives before the owner’s exchange', async () => {
    const { token, user } = await registerUser(ctx.app);
    const nobodys = await startSignup(ctx.app);
    const early = await startSignup(ctx.app);

    expect((await partnerAdded(ctx.app, nobodys)).json()).toEqual({ received: true });
    expect((await partnerAdded(ctx.app, early)).json()).toEqual({ received: true });
    const anyConnection = await ctx.db.query('select 1 from whatsapp_connections where waba_id = any($1)', [
      [nobodys.waba_id, early.waba_id],
    ]);
    expect(anyConnection).toEqual([]);

    // The popup's own completion still works after an early webhook: one connection.
    expect((await save(ctx.app, token, early, await exchanged(ctx.app, token, early))).statusCode).toBe(200);
    expect(await connectionsOf(user.id)).toEqual([expect.objectContaining({ waba_id: early.waba_id })]);
  });

  it('is sent by the sandbox a moment after the code exchange, completing a signup the SPA never saved', async () => {
    const { token, user } = await registerUser(ctx.app);
    const signup = await startSignup(ctx.app);
    await exchanged(ctx.app, token, signup);
    const deadline = Date.now() + PARTNER_ADDED_DELAY_MS + 5_000;
    while ((await connectionsOf(user.id)).length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await connectionsOf(user.id)).toEqual([
      expect.objectContaining({ waba_id: signup.waba_id, phone_number_id: signup.phone_number_id }),
    ]);
  });
});
