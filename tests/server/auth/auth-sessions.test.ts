import { SignJWT } from 'jose';
import { AUTH_ERRORS, VALIDATION } from '../../../contract';
import { DEFAULT_SESSION_IDLE } from '../../../server/config';
import { LAST_USE_GRANULARITY_SECONDS } from '../../../server/services/auth/sessions';
import { bearer, isTimestamp, registerUser, signIn, useTestApp } from '../support/helpers';

const ctx = useTestApp();

const HOURS_12 = 12 * 60 * 60;
const DAYS_30 = 30 * 24 * 60 * 60;
const SESSION_ENDED = { detail: AUTH_ERRORS.sessionExpired, message: AUTH_ERRORS.sessionExpired, code: 'unauthorized' };
const BAD_CREDENTIALS = {
  detail: AUTH_ERRORS.badCredentials,
  message: AUTH_ERRORS.badCredentials,
  code: 'invalid_credentials',
};

function loginForm(fields: Record<string, string>) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

function me(token: string) {
  return ctx.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: bearer(token) });
}

async function sessionIdOf(token: string): Promise<string> {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sid;
}

describe('POST /api/v1/auth/login', () => {
  it('signs in with the username, form-encoded, for 12 hours', async () => {
    const { username, password, user } = await registerUser(ctx.app);
    const response = await loginForm({ username, password });

    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({ access_token: expect.any(String), token_type: 'bearer', expires_in: HOURS_12 });
    expect(response.headers['cache-control']).toBe('no-store');
    const session = await ctx.db.one<{ user_id: number; remember: boolean; expires_at: Date; last_address: string }>(
      'select user_id, remember, expires_at, last_address from sessions where id = $1',
      [await sessionIdOf(body.access_token)],
    );
    expect(session).toMatchObject({ user_id: user.id, remember: false, last_address: '127.0.0.1' });
    expect(Math.abs(session.expires_at.getTime() - Date.now() - HOURS_12 * 1000)).toBeLessThan(60_000);
    expect((await me(body.access_token)).json()).toMatchObject({ id: user.id });
  });

  it('signs in with the email in any case', async () => {
    const { email, password, user } = await registerUser(ctx.app);
    const token = await signIn(ctx.app, `  ${email.toUpperCase()} `, password);
    expect((await me(token)).json()).toMatchObject({ id: user.id });
  });

  it('signs in with the username in any case', async () => {
    const { username, password, user } = await registerUser(ctx.app);
    const token = await signIn(ctx.app, username.toUpperCase(), password);
    expect((await me(token)).json()).toMatchObject({ id: user.id });
  });

  it.each(['on', 'true', '1'])('remembers the session for 30 days when remember_me is %s', async (rememberMe) => {
    const { username, password } = await registerUser(ctx.app);
    const response = await loginForm({ username, password, remember_me: rememberMe });
    expect(response.json().expires_in).toBe(DAYS_30);
    const session = await ctx.db.one<{ remember: boolean }>('select remember from sessions where id = $1', [
      await sessionIdOf(response.json().access_token),
    ]);
    expect(session.remember).toBe(true);
  });

  it('does not remember the session when remember_me is false', async () => {
    const { username, password } = await registerUser(ctx.app);
    const response = await loginForm({ username, password, remember_me: 'false' });
    expect(response.json().expires_in).toBe(HOURS_12);
  });

  it('accepts a JSON body too', async () => {
    const { username, password } = await registerUser(ctx.app);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username, password, remember_me: true },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().expires_in).toBe(DAYS_30);
  });

  it('refuses a wrong password with 401 and creates no session', async () => {
    const { username, user } = await registerUser(ctx.app);
    const response = await loginForm({ username, password: 'not the password' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(BAD_CREDENTIALS);
    const sessions = await ctx.db.one<{ n: number }>('select count(*)::int as n from sessions where user_id = $1', [
      user.id,
    ]);
    expect(sessions.n).toBe(1);
  });

  it('answers an unknown account exactly like a wrong password', async () => {
    const response = await loginForm({ username: 'nobody-at-all', password: 'whatever123' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(BAD_CREDENTIALS);
  });

  it('asks for the email or username when it is blank', async () => {
    const response = await loginForm({ username: '  ', password: 'whatever123' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ field: 'username', detail: VALIDATION.emailOrUsernameRequired });
  });

  it('asks for the password when it is empty', async () => {
    const response = await loginForm({ username: 'someone', password: '' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ field: 'password', detail: VALIDATION.passwordRequired });
  });
});

describe('POST /api/v1/auth/logout', () => {
  it('ends the session of the token, which then gets 401', async () => {
    const { token } = await registerUser(ctx.app);
    const response = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: bearer(token) });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Logged out successfully!' });
    const session = await ctx.db.one<{ revoked_at: Date | null }>('select revoked_at from sessions where id = $1', [
      await sessionIdOf(token),
    ]);
    expect(isTimestamp(session.revoked_at)).toBe(true);
    const after = await me(token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual(SESSION_ENDED);
  });

  it("leaves the owner's other sessions and other owners signed in", async () => {
    const first = await registerUser(ctx.app);
    const other = await registerUser(ctx.app);
    const secondDevice = await signIn(ctx.app, first.username, first.password);

    await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: bearer(first.token) });

    expect((await me(secondDevice)).statusCode).toBe(200);
    expect((await me(other.token)).json()).toMatchObject({ id: other.user.id });
  });

  it('needs a token', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/logout' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(SESSION_ENDED);
  });
});

describe('authentication of protected routes', () => {
  it.each([
    ['no authorization header', undefined],
    ['a non-bearer scheme', 'Basic dXNlcjpwYXNz'],
    ['a malformed token', 'Bearer not-a-jwt'],
  ])('answers 401 for %s', async (_case, authorization) => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/users/me',
      headers: authorization ? { authorization } : {},
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(SESSION_ENDED);
  });

  it('answers 401 for a token signed with another key', async () => {
    const { token } = await registerUser(ctx.app);
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
    const forged = await new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setExpirationTime('1h')
      .sign(new Uint8Array(32));
    expect((await me(forged)).statusCode).toBe(401);
  });

  it('answers 401 for a token of a live session that carries no expiry', async () => {
    const { token } = await registerUser(ctx.app);
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
    const endless = await new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .sign(ctx.app.secrets.jwtKey);
    expect((await me(endless)).statusCode).toBe(401);
  });

  it('answers 401, not 422, to a signed-out request that is also invalid', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/v1/agents', payload: { name: 42 } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(SESSION_ENDED);
  });

  it('answers 401 once the session has expired, even if the token has not', async () => {
    const { token } = await registerUser(ctx.app);
    await ctx.db.query("update sessions set expires_at = now() - interval '1 second' where id = $1", [
      await sessionIdOf(token),
    ]);
    const response = await me(token);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(SESSION_ENDED);
  });
});

describe('sessions unused for longer than the idle limit', () => {
  const { seconds: IDLE_SECONDS, rememberedSeconds: REMEMBERED_IDLE_SECONDS } = DEFAULT_SESSION_IDLE;

  async function lastUsedSecondsAgo(token: string, seconds: number) {
    await ctx.db.query("update sessions set last_used_at = now() - $2 * interval '1 second' where id = $1", [
      await sessionIdOf(token),
      seconds,
    ]);
  }

  async function secondsSinceLastUse(token: string): Promise<number> {
    const row = await ctx.db.one<{ seconds: number }>(
      'select extract(epoch from now() - last_used_at)::float8 as seconds from sessions where id = $1',
      [await sessionIdOf(token)],
    );
    return row.seconds;
  }

  it('answers the expired session’s 401 to a session unused longer than its limit', async () => {
    const { username, password } = await registerUser(ctx.app);
    const token = await signIn(ctx.app, username, password);
    await lastUsedSecondsAgo(token, IDLE_SECONDS + 1);
    const response = await me(token);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(SESSION_ENDED);
  });

  it('keeps a session used within its limit, and counts the request as its last use', async () => {
    const { username, password } = await registerUser(ctx.app);
    const token = await signIn(ctx.app, username, password);
    await lastUsedSecondsAgo(token, IDLE_SECONDS - 60);
    expect((await me(token)).statusCode).toBe(200);
    expect(await secondsSinceLastUse(token)).toBeLessThan(5);
  });

  it('gives a remembered session its longer limit', async () => {
    const { username, password } = await registerUser(ctx.app);
    const token = await signIn(ctx.app, username, password, 'true');
    await lastUsedSecondsAgo(token, REMEMBERED_IDLE_SECONDS - 60);
    expect((await me(token)).statusCode).toBe(200);
    await lastUsedSecondsAgo(token, REMEMBERED_IDLE_SECONDS + 1);
    expect((await me(token)).statusCode).toBe(401);
  });

  it('writes the last use at most once a minute', async () => {
    const { token } = await registerUser(ctx.app);
    await lastUsedSecondsAgo(token, LAST_USE_GRANULARITY_SECONDS - 10);
    expect((await me(token)).statusCode).toBe(200);
    expect(await secondsSinceLastUse(token)).toBeGreaterThanOrEqual(LAST_USE_GRANULARITY_SECONDS - 10);
  });
});

describe('GET /api/v1/health with a token', () => {
  it.each([
    ['a valid token', true],
    ['a garbage token', false],
  ])('still answers with %s', async (_case, valid) => {
    const token = valid ? (await registerUser(ctx.app)).token : 'garbage';
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/health', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ connected: false });
  });
});
