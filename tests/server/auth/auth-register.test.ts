import crypto from 'node:crypto';
import { VALIDATION, type RegisterBody } from '../../../contract';
import { WEAK_PASSWORDS, latestMailToken, mailsTo, newAccount, registerUser, useTestApp } from '../support/helpers';

const ctx = useTestApp();

function register(body: Partial<RegisterBody>) {
  return ctx.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: body });
}

async function usersWithEmail(email: string): Promise<number> {
  const row = await ctx.db.one<{ n: number }>('select count(*)::int as n from users where lower(email) = lower($1)', [
    email,
  ]);
  return row.n;
}

describe('POST /api/v1/auth/register', () => {
  it('creates the account, a remembered session and a verification mail, and answers with a token', async () => {
    const body = newAccount({ first_name: '  Grace ', last_name: ' Hopper  ' });
    const response = await register({ ...body, email: `  ${body.email} `, username: ` ${body.username} ` });

    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      access_token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
      token_type: 'bearer',
      expires_in: 30 * 24 * 60 * 60,
    });
    expect(response.headers['cache-control']).toBe('no-store');

    const user = await ctx.db.one<Record<string, unknown> & { id: number; password_hash: string }>(
      'select * from users where lower(email) = lower($1)',
      [body.email],
    );
    expect(user).toMatchObject({
      email: body.email,
      username: body.username,
      first_name: 'Grace',
      last_name: 'Hopper',
      display_name: null,
      bio: null,
      is_verified: false,
      two_factor_enabled: false,
    });
    expect(user.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(user.password_hash).not.toContain(body.password);

    const sessions = await ctx.db.query<{ remember: boolean; revoked_at: Date | null; expires_at: Date }>(
      'select remember, revoked_at, expires_at from sessions where user_id = $1',
      [user.id],
    );
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({ remember: true, revoked_at: null });
    expect(sessions[0].expires_at.getTime() - Date.now()).toBeGreaterThan(29 * 24 * 60 * 60 * 1000);

    const token = await latestMailToken(ctx.app, body.email);
    const stored = await ctx.db.one<{ purpose: string; used_at: Date | null; expires_at: Date }>(
      'select purpose, used_at, expires_at from one_time_tokens where user_id = $1 and token_hash = $2',
      [user.id, crypto.createHash('sha256').update(token).digest('hex')],
    );
    expect(stored).toMatchObject({ purpose: 'verify_email', used_at: null });
    const hoursLeft = (stored.expires_at.getTime() - Date.now()) / 3_600_000;
    expect(hoursLeft).toBeGreaterThan(23.9);
    expect(hoursLeft).toBeLessThanOrEqual(24);
  });

  it('mails a plain-text verification link to the public address', async () => {
    const body = newAccount();
    await register(body);
    const mails = await mailsTo(ctx.app, body.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].link).toMatch(/^http:\/\/localhost:3000\/verify-email\?token=[\w-]{43}$/);
    expect(mails[0].text).toContain(mails[0].link);
    expect(mails[0].text).toContain('Hello Ada,');
    expect(mails[0].subject).toMatch(/confirm your email/i);
  });

  it('answers with a token that signs the new owner in', async () => {
    const { user, email, username } = await registerUser(ctx.app);
    expect(user).toMatchObject({ email, username, is_verified: false });
  });

  it.each<[string, Partial<RegisterBody>, string]>([
    ['email', { email: 'not-an-email' }, VALIDATION.emailInvalid],
    ['email', { email: 'owner@localhost' }, VALIDATION.emailInvalid],
    ['username', { username: 'ab' }, VALIDATION.usernameMin],
    ['username', { username: '  ab  ' }, VALIDATION.usernameMin],
    ['username', { username: 'a'.repeat(51) }, VALIDATION.usernameMax],
    ['username', { username: 'two words' }, VALIDATION.usernamePattern],
    ['username', { username: 'at@sign' }, VALIDATION.usernamePattern],
    ['first_name', { first_name: '   ' }, VALIDATION.firstNameRequired],
    ['first_name', { first_name: 'x'.repeat(101) }, VALIDATION.nameMax],
    ['last_name', { last_name: '' }, VALIDATION.lastNameRequired],
    ['password', { password: 'short', confirm_password: 'short' }, VALIDATION.passwordMin],
    ['password', { password: 'p'.repeat(257), confirm_password: 'p'.repeat(257) }, VALIDATION.passwordMax],
    ['confirm_password', { confirm_password: 'something else' }, VALIDATION.passwordsMismatch],
  ])('refuses an invalid %s with 422 and its text (%j)', async (field, override, text) => {
    const body = { ...newAccount(), ...override };
    const response = await register(body);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ detail: text, message: text, code: 'validation_failed', field });
    expect(await usersWithEmail(body.email)).toBe(0);
  });

  it.each(WEAK_PASSWORDS)('refuses the weak password %j with 422 on password', async (password, text) => {
    const body = newAccount({ password });
    const response = await register(body);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ detail: text, message: text, code: 'validation_failed', field: 'password' });
    expect(await usersWithEmail(body.email)).toBe(0);
  });

  it('refuses a password made of the username or the email, with digits and symbols around it', async () => {
    const madeOf: ((account: RegisterBody) => string)[] = [
      (account) => account.username,
      (account) => `${account.email.split('@')[0]}2026!`,
      (account) => account.email.toUpperCase(),
    ];
    for (const made of madeOf) {
      const account = newAccount();
      const password = made(account);
      const response = await register({ ...account, password, confirm_password: password });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ field: 'password', detail: VALIDATION.passwordTooPersonal });
      expect(await usersWithEmail(account.email)).toBe(0);
    }
  });

  it('names a missing field', async () => {
    const { confirm_password: _omitted, ...body } = newAccount();
    const response = await register(body);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ field: 'confirm_password', code: 'validation_failed' });
  });

  it('refuses an email already registered, whatever its case, with 409 on email', async () => {
    const { email } = await registerUser(ctx.app);
    const response = await register(newAccount({ email: email.toUpperCase() }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      detail: VALIDATION.emailTaken,
      message: VALIDATION.emailTaken,
      code: 'email_taken',
      field: 'email',
    });
    expect(await usersWithEmail(email)).toBe(1);
  });

  it('refuses a username already taken, whatever its case, with 409 on username', async () => {
    const { username } = await registerUser(ctx.app);
    const body = newAccount({ username: username.toUpperCase() });
    const response = await register(body);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      detail: VALIDATION.usernameTaken,
      message: VALIDATION.usernameTaken,
      code: 'username_taken',
      field: 'username',
    });
    expect(await usersWithEmail(body.email)).toBe(0);
  });

  it('lets only one of two simultaneous registrations of the same username through', async () => {
    const username = newAccount().username;
    const responses = await Promise.all([
      register(newAccount({ username })),
      register(newAccount({ username: username.toUpperCase() })),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    const row = await ctx.db.one<{ n: number }>(
      'select count(*)::int as n from users where lower(username) = lower($1)',
      [username],
    );
    expect(row.n).toBe(1);
  });
});

describe('GET /api/v1/users/check-username/{username}', () => {
  it('says a taken username exists, whatever its case', async () => {
    const { username } = await registerUser(ctx.app);
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/users/check-username/${username.toUpperCase()}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ exists: true });
  });

  it('says a free username does not exist', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/users/check-username/${newAccount().username}`,
    });
    expect(response.json()).toEqual({ exists: false });
  });
});

describe('GET /api/v1/users/check-email/{email}', () => {
  it('says a registered address exists, whatever its case', async () => {
    const { email } = await registerUser(ctx.app);
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/users/check-email/${encodeURIComponent(email.toUpperCase())}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ exists: true });
  });

  it('says an unknown address does not exist', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/users/check-email/${encodeURIComponent(newAccount().email)}`,
    });
    expect(response.json()).toEqual({ exists: false });
  });
});
