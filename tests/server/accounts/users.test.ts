import { VALIDATION } from '../../../contract';
import { bearer, registerUser, signIn, useTestApp } from '../support/helpers';

const ctx = useTestApp();

function me(token: string) {
  return ctx.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: bearer(token) });
}

function updateMe(token: string, payload: Record<string, unknown>) {
  return ctx.app.inject({ method: 'PUT', url: '/api/v1/users/me', headers: bearer(token), payload });
}

async function countOwned(table: string, userId: number): Promise<number> {
  return (await ctx.db.one<{ n: number }>(`select count(*)::int as n from ${table} where user_id = $1`, [userId])).n;
}

describe('GET /api/v1/users/me', () => {
  it("answers the caller's own profile", async () => {
    const { token, email, username } = await registerUser(ctx.app);
    await registerUser(ctx.app);
    const response = await me(token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: expect.any(Number),
      email,
      username,
      first_name: 'Ada',
      last_name: 'Lovelace',
      display_name: null,
      bio: null,
      is_verified: false,
      two_factor_enabled: false,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    expect(response.body).not.toContain('password');
  });
});

describe('PUT /api/v1/users/me', () => {
  it('saves trimmed names and bio, ignores email and username, and answers the new profile', async () => {
    const { token, user, email, username } = await registerUser(ctx.app);
    const response = await updateMe(token, {
      first_name: ' Grace ',
      last_name: 'Hopper ',
      display_name: '  Amazing Grace ',
      bio: ' Wrote the first compiler. ',
      email: 'someone-else@example.com',
      username: 'someone_else',
      is_verified: true,
    });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: user.id,
      email,
      username,
      first_name: 'Grace',
      last_name: 'Hopper',
      display_name: 'Amazing Grace',
      bio: 'Wrote the first compiler.',
      is_verified: false,
    });
    const row = await ctx.db.one<Record<string, unknown>>(
      'select email, username, first_name, display_name, bio, is_verified, updated_at > created_at as touched from users where id = $1',
      [user.id],
    );
    expect(row).toEqual({
      email,
      username,
      first_name: 'Grace',
      display_name: 'Amazing Grace',
      bio: 'Wrote the first compiler.',
      is_verified: false,
      touched: true,
    });
  });

  it('clears a blank or null display name and bio', async () => {
    const { token } = await registerUser(ctx.app);
    await updateMe(token, { first_name: 'Ada', last_name: 'L', display_name: 'Countess', bio: 'Notes' });
    const response = await updateMe(token, { first_name: 'Ada', last_name: 'L', display_name: '   ', bio: null });
    expect(response.json()).toMatchObject({ display_name: null, bio: null });
  });

  it('keeps the display name and bio when they are left out', async () => {
    const { token } = await registerUser(ctx.app);
    await updateMe(token, { first_name: 'Ada', last_name: 'L', display_name: 'Countess', bio: 'Notes' });
    const response = await updateMe(token, { first_name: 'Augusta', last_name: 'King' });
    expect(response.json()).toMatchObject({ first_name: 'Augusta', display_name: 'Countess', bio: 'Notes' });
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['first_name', { first_name: '  ' }, VALIDATION.firstNameRequired],
    ['last_name', { last_name: '' }, VALIDATION.lastNameRequired],
    ['first_name', { first_name: 'x'.repeat(101) }, VALIDATION.nameMax],
    ['display_name', { display_name: 'x'.repeat(101) }, VALIDATION.nameMax],
    ['bio', { bio: 'x'.repeat(501) }, VALIDATION.bioMax],
  ])('refuses an invalid %s with 422 and changes nothing (%#)', async (field, override, text) => {
    const { token, user } = await registerUser(ctx.app);
    const response = await updateMe(token, { first_name: 'New', last_name: 'Name', ...override });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ detail: text, message: text, code: 'validation_failed', field });
    const row = await ctx.db.one<{ first_name: string }>('select first_name from users where id = $1', [user.id]);
    expect(row.first_name).toBe('Ada');
  });

  it('needs a token', async () => {
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/users/me',
      payload: { first_name: 'A', last_name: 'B' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('DELETE /api/v1/users/me', () => {
  it('deletes the account with its sessions, tokens and mails, and every token stops working', async () => {
    const { token, user, username, password } = await registerUser(ctx.app);
    const otherDevice = await signIn(ctx.app, username, password);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password-reset/request',
      payload: { email: user.email },
    });
    expect(await countOwned('sessions', user.id)).toBe(2);
    expect(await countOwned('one_time_tokens', user.id)).toBe(2);
    expect(await countOwned('outbox_mails', user.id)).toBe(2);

    const response = await ctx.app.inject({ method: 'DELETE', url: '/api/v1/users/me', headers: bearer(token) });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: expect.any(String) });
    expect(await ctx.db.maybeOne('select 1 from users where id = $1', [user.id])).toBeUndefined();
    for (const table of ['sessions', 'one_time_tokens', 'outbox_mails']) {
      expect(await countOwned(table, user.id)).toBe(0);
    }
    expect((await me(token)).statusCode).toBe(401);
    expect((await me(otherDevice)).statusCode).toBe(401);
    const login = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { username, password } });
    expect(login.statusCode).toBe(401);
  });

  it("leaves other owners' accounts alone", async () => {
    const leaving = await registerUser(ctx.app);
    const staying = await registerUser(ctx.app);
    await ctx.app.inject({ method: 'DELETE', url: '/api/v1/users/me', headers: bearer(leaving.token) });
    expect((await me(staying.token)).json()).toMatchObject({ id: staying.user.id });
    expect(await countOwned('sessions', staying.user.id)).toBe(1);
    expect(await countOwned('outbox_mails', staying.user.id)).toBe(1);
  });

  it('frees the email and username for a new registration', async () => {
    const { token, email, username } = await registerUser(ctx.app);
    await ctx.app.inject({ method: 'DELETE', url: '/api/v1/users/me', headers: bearer(token) });
    const again = await registerUser(ctx.app, { email, username });
    expect(again.user).toMatchObject({ email, username });
  });
});
