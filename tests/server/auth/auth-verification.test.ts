import { ACCOUNT_MESSAGES, AUTH_ERRORS, VALIDATION } from '../../../contract';
import { issueOneTimeToken } from '../../../server/services/auth/one-time-tokens';
import { bearer, isTimestamp, latestMailToken, newAccount, registerUser, useTestApp } from '../support/helpers';

const ctx = useTestApp();

const LINK_INVALID = {
  detail: AUTH_ERRORS.verifyLinkInvalid,
  message: AUTH_ERRORS.verifyLinkInvalid,
  code: 'invalid_token',
};

function verify(token: string) {
  return ctx.app.inject({ method: 'POST', url: '/api/v1/auth/verify-email', payload: { token } });
}

function resend(email: string) {
  return ctx.app.inject({ method: 'POST', url: '/api/v1/auth/resend-verification', payload: { email } });
}

async function isVerified(userId: number): Promise<boolean> {
  return (await ctx.db.one<{ is_verified: boolean }>('select is_verified from users where id = $1', [userId]))
    .is_verified;
}

async function mailsTo(email: string): Promise<number> {
  const row = await ctx.db.one<{ n: number }>(
    'select count(*)::int as n from outbox_mails where lower(to_address) = lower($1)',
    [email],
  );
  return row.n;
}

describe('POST /api/v1/auth/verify-email', () => {
  it('verifies the owner of the mailed link and uses the token up', async () => {
    const { user, email, token: accessToken } = await registerUser(ctx.app);
    const response = await verify(await latestMailToken(ctx.app, email));

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Email verified successfully!' });
    expect(await isVerified(user.id)).toBe(true);
    const tokens = await ctx.db.query<{ used_at: Date | null }>(
      "select used_at from one_time_tokens where user_id = $1 and purpose = 'verify_email'",
      [user.id],
    );
    expect(tokens).toHaveLength(1);
    expect(isTimestamp(tokens[0].used_at)).toBe(true);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: bearer(accessToken) });
    expect(me.json().is_verified).toBe(true);
  });

  it('refuses a link used before', async () => {
    const { email } = await registerUser(ctx.app);
    const token = await latestMailToken(ctx.app, email);
    await verify(token);
    const response = await verify(token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(LINK_INVALID);
  });

  it('refuses an expired link and leaves the owner unverified', async () => {
    const { user, email } = await registerUser(ctx.app);
    await ctx.db.query("update one_time_tokens set expires_at = now() - interval '1 minute' where user_id = $1", [
      user.id,
    ]);
    const response = await verify(await latestMailToken(ctx.app, email));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(LINK_INVALID);
    expect(await isVerified(user.id)).toBe(false);
  });

  it('refuses an unknown token', async () => {
    const response = await verify('A'.repeat(43));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(LINK_INVALID);
  });

  it('refuses a reset token as a verification token', async () => {
    const { user } = await registerUser(ctx.app);
    const resetToken = await ctx.db.transaction((tx) => issueOneTimeToken(tx, user.id, 'reset_password'));
    expect((await verify(resetToken)).statusCode).toBe(400);
    expect(await isVerified(user.id)).toBe(false);
  });

  it('asks for a token when none is given', async () => {
    const response = await verify('  ');
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ field: 'token', detail: VALIDATION.verifyTokenMissing });
  });

  it('accepts a valid unused link of an owner who is already verified', async () => {
    const { user, email } = await registerUser(ctx.app);
    await verify(await latestMailToken(ctx.app, email));
    const another = await ctx.db.transaction((tx) => issueOneTimeToken(tx, user.id, 'verify_email'));
    const response = await verify(another);
    expect(response.statusCode).toBe(200);
    expect(await isVerified(user.id)).toBe(true);
  });
});

describe('POST /api/v1/auth/resend-verification', () => {
  it('mails a new link to an unverified owner; only the newest link works', async () => {
    const { user, email } = await registerUser(ctx.app);
    const first = await latestMailToken(ctx.app, email);

    const response = await resend(email.toUpperCase());

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: ACCOUNT_MESSAGES.verificationResent });
    expect(await mailsTo(email)).toBe(2);
    const second = await latestMailToken(ctx.app, email);
    expect(second).not.toBe(first);
    expect((await verify(first)).statusCode).toBe(400);
    expect((await verify(second)).statusCode).toBe(200);
    expect(await isVerified(user.id)).toBe(true);
  });

  it('answers an unknown, a verified and an unverified address identically, mailing only the last', async () => {
    const unverified = await registerUser(ctx.app);
    const verified = await registerUser(ctx.app);
    await verify(await latestMailToken(ctx.app, verified.email));
    const unknown = newAccount().email;

    const answers = await Promise.all([resend(unknown), resend(verified.email), resend(unverified.email)]);

    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toBe(answers[2].body);
    }
    expect(await mailsTo(unknown)).toBe(0);
    expect(await mailsTo(verified.email)).toBe(1);
    expect(await mailsTo(unverified.email)).toBe(2);
  });

  it('refuses something that is not an email address', async () => {
    const response = await resend('nope');
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ field: 'email', detail: VALIDATION.emailInvalid });
  });
});
