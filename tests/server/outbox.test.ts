import type { App } from '../../server/app';
import { buildTestApp, testConfig, newAccount, registerUser, useTestApp } from './helpers';

const ctx = useTestApp();

function outbox(query = '') {
  return ctx.app.inject({ method: 'GET', url: `/api/v1/sandbox/outbox${query}` });
}

describe('GET /api/v1/sandbox/outbox', () => {
  it("lists an address's mails newest first, whatever the case of the filter", async () => {
    const { email } = await registerUser(ctx.app);
    await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/password-reset/request', payload: { email } });

    const response = await outbox(`?to=${encodeURIComponent(email.toUpperCase())}`);

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

  it('lists the mails to every address without a filter', async () => {
    const first = await registerUser(ctx.app);
    const second = await registerUser(ctx.app);
    const addresses = (await outbox()).json().map((mail: { to: string }) => mail.to);
    expect(addresses.indexOf(second.email)).toBeLessThan(addresses.indexOf(first.email));
    expect(addresses.indexOf(first.email)).toBeGreaterThanOrEqual(0);
  });

  it('lists nothing for an address that got no mail', async () => {
    expect((await outbox(`?to=${encodeURIComponent(newAccount().email)}`)).json()).toEqual([]);
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
