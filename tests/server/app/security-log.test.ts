import { Writable } from 'node:stream';
import { buildApp } from '../../../server/app';
import { bearer, newAccount, testConfig, useTestApp } from '../support/helpers';

/** Security events (ASVS V16): who, what, from where, with what outcome; never a secret. */

const lines: Record<string, unknown>[] = [];
const ctx = useTestApp(async (db) => {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const app = await buildApp(testConfig(), { db, logger: { level: 'info', stream } });
  await app.ready();
  return app;
});

function securityLines(event: string) {
  return lines.filter((line) => line.security === event);
}

describe('security events', () => {
  it('logs sign-ins that fail and succeed, a password change and the account deletion, without secrets', async () => {
    const account = newAccount();
    const registered = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: account });
    expect(registered.statusCode).toBe(201);
    const signIn = (password: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { username: account.username, password },
        headers: { 'user-agent': 'security-test' },
      });
    expect((await signIn('not the password')).statusCode).toBe(401);
    const token = (await signIn(account.password)).json<{ access_token: string }>().access_token;
    const newPassword = 'Another-Password-77!';
    const changed = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/change-password',
      headers: bearer(token),
      payload: { currentPassword: account.password, newPassword },
    });
    expect(changed.statusCode).toBe(200);
    const signedIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: account.username, password: newPassword },
    });
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/v1/users/me',
      headers: bearer(signedIn.json<{ access_token: string }>().access_token),
    });
    expect(deleted.statusCode).toBe(200);

    expect(securityLines('sign-in').map((line) => line.outcome)).toEqual(['refused', 'success', 'success']);
    expect(securityLines('sign-in')[0]).toMatchObject({ statusCode: 401, userAgent: 'security-test', level: 40 });
    expect(securityLines('password-changed')).toEqual([expect.objectContaining({ outcome: 'success' })]);
    const userId = securityLines('password-changed')[0].userId;
    expect(typeof userId).toBe('number');
    expect(securityLines('account-deleted')).toEqual([expect.objectContaining({ outcome: 'success', userId })]);
    const logged = JSON.stringify(lines);
    for (const secret of [account.password, newPassword, token]) expect(logged).not.toContain(secret);
  });

  it('logs a webhook delivery whose signature is wrong, not the routine signed ones', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/whatsapp/webhook',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': `sha256=${'0'.repeat(64)}` },
      payload: '{"object":"whatsapp_business_account","entry":[]}',
    });
    expect(response.statusCode).toBe(401);
    expect(securityLines('webhook')).toEqual([expect.objectContaining({ outcome: 'refused', statusCode: 401 })]);
  });
});
