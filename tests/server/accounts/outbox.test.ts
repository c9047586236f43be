import { Writable } from 'node:stream';
import { buildApp, type App } from '../../../server/app';
import { bearer, buildTestApp, testConfig, newAccount, registerUser, useTestApp } from '../support/helpers';

const ctx = useTestApp();

function outbox(token?: string) {
  return ctx.app.inject({
    method: 'GET',
    url: '/api/v1/sandbox/outbox',
    headers: token ? bearer(token) : {},
  });
}

function requestReset(email: string) {
  return ctx.app.inject({ method: 'POST', url: '/api/v1/auth/password-reset/request', payload: { email } });
}

describe('GET /api/v1/sandbox/outbox', () => {
  it("lists the signed-in owner's own mails, newest first", async () => {
    const { email, token } = await registerUser(ctx.app);
    await requestReset(email);

    const response = await outbox(token);

    expect(response.statusCode).toBe(200);
    const mails = response.json();
    expect(mails).toHaveLength(2);
    expect(mails[0]).toEqual({
      id: expect.any(Number),
      to: email,
      subject: 'Reset your Threadline password',
      text: expect.stringContaining(mails[0].link),
      link: expect.stringMatching(/^http:\/\/localhost:3000\/reset-password\?token=/),
      created_at: expect.stringMatching(/Z$/),
    });
    expect(mails[1].link).toMatch(/^http:\/\/localhost:3000\/verify-email\?token=/);
    expect(mails[0].id).toBeGreaterThan(mails[1].id);
  });

  it('keeps the links and texts sealed at rest: no token is in the database in the clear', async () => {
    const { email, token } = await registerUser(ctx.app);
    await requestReset(email);
    const listed = (await outbox(token)).json<{ link: string }[]>();
    const tokens = listed.map((mail) => new URL(mail.link).searchParams.get('token'));
    expect(tokens).toEqual([expect.stringMatching(/^[\w-]{43}$/), expect.stringMatching(/^[\w-]{43}$/)]);
    const stored = JSON.stringify(
      await ctx.db.query('select subject, text, link from outbox_mails where to_address = $1', [email]),
    );
    for (const mailed of tokens) expect(stored).not.toContain(mailed);
    expect(stored).not.toContain('reset-password');
  });

  it('lists nothing to someone signed out, whatever the query asks for', async () => {
    const { email } = await registerUser(ctx.app);
    await requestReset(email);
    for (const url of ['/api/v1/sandbox/outbox', `/api/v1/sandbox/outbox?to=${encodeURIComponent(email)}`]) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(401);
      expect(response.body).not.toContain('reset-password');
    }
  });

  it("never lists another owner's mails", async () => {
    const victim = await registerUser(ctx.app);
    await requestReset(victim.email);
    const stranger = await registerUser(ctx.app);

    const mails = (await outbox(stranger.token)).json();

    expect(mails.map((mail: { to: string }) => mail.to)).toEqual([stranger.email]);
    expect(JSON.stringify(mails)).not.toContain(victim.email);
  });

  it('lists no mail sent to an address the owner no longer has', async () => {
    const { user, token } = await registerUser(ctx.app);
    await ctx.db.query("update users set email = 'moved-' || email where id = $1", [user.id]);
    expect((await outbox(token)).json()).toEqual([]);
  });
});

describe('the dev outbox log', () => {
  it('prints verification links but never a reset link', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logged = await buildApp(testConfig(), { db: ctx.db, logger: { level: 'info', stream } });
    try {
      const body = newAccount();
      await logged.inject({ method: 'POST', url: '/api/v1/auth/register', payload: body });
      await logged.inject({
        method: 'POST',
        url: '/api/v1/auth/password-reset/request',
        payload: { email: body.email },
      });
      const log = lines.join('');
      expect(log).toContain('/verify-email?token=');
      expect(log).toContain('Reset your Threadline password');
      expect(log).not.toContain('/reset-password?token=');
    } finally {
      await logged.close();
    }
  });
});

describe('with an SMTP server configured', () => {
  let smtpApp: App;
  beforeAll(async () => {
    // Nothing listens on port 1: every send fails at once.
    smtpApp = await buildTestApp(ctx.db, { smtpUrl: 'smtp://127.0.0.1:1' });
  });
  afterAll(() => smtpApp.close());

  it('has no outbox', async () => {
    const response = await smtpApp.inject({ method: 'GET', url: '/api/v1/sandbox/outbox' });
    expect(response.statusCode).toBe(404);
  });

  it('still registers when the mail cannot be sent, and keeps nothing in the outbox', async () => {
    const body = newAccount();
    const response = await smtpApp.inject({ method: 'POST', url: '/api/v1/auth/register', payload: body });
    expect(response.statusCode).toBe(201);
    const user = await ctx.db.one<{ id: number }>('select id from users where email = $1', [body.email]);
    const kept = await ctx.db.one<{ n: number }>('select count(*)::int as n from outbox_mails where user_id = $1', [
      user.id,
    ]);
    expect(kept.n).toBe(0);
  });
});

describe('with a real Meta app configured', () => {
  it('has no outbox even without SMTP: only a try-out install lists mails', async () => {
    const base = testConfig();
    const metaApp = await buildTestApp(ctx.db, {
      whatsapp: { ...base.whatsapp, appId: '1234', appSecret: 'meta-secret', configId: '5678' },
    });
    try {
      const response = await metaApp.inject({ method: 'GET', url: '/api/v1/sandbox/outbox' });
      expect(response.statusCode).toBe(404);
    } finally {
      await metaApp.close();
    }
  });
});
