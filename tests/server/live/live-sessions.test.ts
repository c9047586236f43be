import type { App } from '../../../server/app';
import { bearer, buildTestApp, latestMailToken, registerUser, signIn, useTestApp } from '../support/helpers';
import { customerWrites, newCustomer, type Owner } from '../support/inbox-fixtures';
import { openStream, type TestStream } from '../support/live-stream';
import { buildListeningSandboxApp, connectWhatsApp, sandboxConfig } from '../support/whatsapp-helpers';

const ctx = useTestApp((db) => buildListeningSandboxApp(db));
const streams: TestStream[] = [];
afterEach(() => streams.splice(0).forEach((stream) => stream.close()));

const urlOf = (app: App) => `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

/** How long a test waits for an event that must not come. */
const SILENCE_MS = 500;

interface SignedInOwner extends Owner {
  email: string;
  username: string;
  password: string;
}

async function connectedOwnerWithPassword(app: App): Promise<SignedInOwner> {
  const { token, user, email, username, password } = await registerUser(app);
  const { signup } = await connectWhatsApp(app, token);
  return { token, userId: user.id, phoneNumberId: signup.phone_number_id, email, username, password };
}

async function openedStream(app: App, token: string) {
  const live = await openStream(urlOf(app), token);
  streams.push(live);
  expect(live.status).toBe(200);
  await live.next((event) => event.type === 'inbox.version');
  return live;
}

/** A customer writes after the session ended; the stream must have ended without telling of it. */
async function expectEndedBeforeTheNextMessage(app: App, owner: Owner, live: TestStream) {
  await customerWrites(app, ctx.db, owner, newCustomer(), { text: 'My number is private' });
  await live.ended;
  await new Promise((resolve) => setTimeout(resolve, SILENCE_MS));
  expect(live.events.map((event) => event.type)).toEqual(['inbox.version']);
}

describe('GET /api/v1/events and the end of its session', () => {
  it('ends at logout, before anything committed after it', async () => {
    const owner = await connectedOwnerWithPassword(ctx.app);
    const live = await openedStream(ctx.app, owner.token);
    const logout = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: bearer(owner.token) });
    expect(logout.statusCode).toBe(200);
    await expectEndedBeforeTheNextMessage(ctx.app, owner, live);
  });

  it('ends the streams of the other sessions at a password change, and keeps this session’s', async () => {
    const owner = await connectedOwnerWithPassword(ctx.app);
    const otherDevice = await signIn(ctx.app, owner.username, owner.password);
    const elsewhere = await openedStream(ctx.app, otherDevice);
    const here = await openedStream(ctx.app, owner.token);
    const changed = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/change-password',
      headers: bearer(owner.token),
      payload: { currentPassword: owner.password, newPassword: 'a-new-Passphrase-2026' },
    });
    expect(changed.statusCode).toBe(200);
    await expectEndedBeforeTheNextMessage(ctx.app, owner, elsewhere);
    await here.next((event) => event.type === 'message.received');
  });

  it('ends at a password reset, which signs every session out', async () => {
    const owner = await connectedOwnerWithPassword(ctx.app);
    const live = await openedStream(ctx.app, owner.token);
    const requested = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password-reset/request',
      payload: { email: owner.email },
    });
    expect(requested.statusCode).toBe(200);
    const confirmed = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password-reset/confirm',
      payload: { token: await latestMailToken(ctx.app, owner.email), newPassword: 'a-new-Passphrase-2026' },
    });
    expect(confirmed.statusCode).toBe(200);
    await expectEndedBeforeTheNextMessage(ctx.app, owner, live);
  });

  it('ends when the account is deleted', async () => {
    const owner = await connectedOwnerWithPassword(ctx.app);
    const live = await openedStream(ctx.app, owner.token);
    const deleted = await ctx.app.inject({ method: 'DELETE', url: '/api/v1/users/me', headers: bearer(owner.token) });
    expect(deleted.statusCode).toBeLessThan(300);
    await live.ended;
    expect(ctx.app.live.count(owner.userId)).toBe(0);
  });

  it('ends when its session expires, and the reconnect is refused', async () => {
    const owner = await connectedOwnerWithPassword(ctx.app);
    await ctx.db.query("update sessions set expires_at = now() + interval '1 second' where user_id = $1", [
      owner.userId,
    ]);
    const live = await openedStream(ctx.app, owner.token);
    await live.ended;
    expect(live.events.map((event) => event.type)).toEqual(['inbox.version']);
    const reconnect = await openStream(urlOf(ctx.app), owner.token);
    expect(reconnect.status).toBe(401);
  });
});

describe('GET /api/v1/events of a session unused for longer than the idle limit', () => {
  const IDLE_SECONDS = 2;
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp(ctx.db, {
      ...sandboxConfig(),
      sessionIdle: { seconds: IDLE_SECONDS, rememberedSeconds: IDLE_SECONDS },
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => app.close());

  it('ends when the idle limit passes, and the reconnect is refused', async () => {
    const owner = await connectedOwnerWithPassword(app);
    const live = await openedStream(app, owner.token);
    const started = Date.now();
    await live.ended;
    expect(Date.now() - started).toBeLessThan(IDLE_SECONDS * 1000 + 1000);
    expect((await openStream(urlOf(app), owner.token)).status).toBe(401);
  });
});
