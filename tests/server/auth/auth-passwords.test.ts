import { AUTH_ERRORS, VALIDATION } from '../../../contract';
import {
  WEAK_PASSWORDS,
  bearer,
  isTimestamp,
  latestMailToken,
  mailsTo,
  newAccount,
  registerUser,
  signIn,
  useTestApp,
} from '../support/helpers';

const ctx = useTestApp();

const RESET_REQUESTED = { message: 'If an account exists for that address, a password reset link is on its way.' };
const LINK_INVALID = {
  detail: AUTH_ERRORS.resetLinkInvalid,
  message: AUTH_ERRORS.resetLinkInvalid,
  code: 'invalid_token',
};
const NEW_PASSWORD = 'a brand new passphrase';

function requestReset(email: string) {
  return ctx.app.inject({ method: 'POST', url: '/api/v1/auth/password-reset/request', payload: { email } });
}

function confirmReset(token: string, newPassword: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/auth/password-reset/confirm',
    payload: { token, newPassword },
  });
}

function changePassword(token: string, currentPassword: string, newPassword: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/auth/change-password',
    headers: bearer(token),
    payload: { currentPassword, newPassword },
  });
}

function loginStatus(username: string, password: string) {
  return ctx.app
    .inject({ method: 'POST', url: '/api/v1/auth/login', payload: { username, password } })
    .then((response) => response.statusCode);
}

function meStatus(token: string) {
  return ctx.app
    .inject({ method: 'GET', url: '/api/v1/users/me', headers: bearer(token) })
    .then((response) => response.statusCode);
}

async function resetMailsTo(email: string): Promise<{ link: string }[]> {
  const mails = await mailsTo(ctx.app, email);
  return mails.flatMap(({ link }) => (link?.includes('/reset-password?') ? [{ link }] : []));
}

/** A reset link for a fresh owner; the first reset mail is their only one. */
async function ownerWithResetLink() {
  const owner = await registerUser(ctx.app);
  await requestReset(owner.email);
  return { ...owner, resetToken: await latestMailToken(ctx.app, owner.email) };
}

describe('POST /api/v1/auth/password-reset/request', () => {
  it('mails a 30-minute reset link to a known address', async () => {
    const { email, user } = await registerUser(ctx.app);
    const response = await requestReset(email.toUpperCase());

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(RESET_REQUESTED);
    const mails = await resetMailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0].link).toMatch(/^http:\/\/localhost:3000\/reset-password\?token=[\w-]{43}$/);
    const token = await ctx.db.one<{ expires_at: Date; used_at: Date | null }>(
      "select expires_at, used_at from one_time_tokens where user_id = $1 and purpose = 'reset_password'",
      [user.id],
    );
    expect(token.used_at).toBeNull();
    const minutesLeft = (token.expires_at.getTime() - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(29.5);
    expect(minutesLeft).toBeLessThanOrEqual(30);
  });

  it('answers an unknown address exactly like a known one and mails nothing', async () => {
    const known = await requestReset((await registerUser(ctx.app)).email);
    const unknownEmail = newAccount().email;
    const unknown = await requestReset(unknownEmail);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(await resetMailsTo(unknownEmail)).toHaveLength(0);
  });

  it('makes an older reset link stop working when a new one is sent', async () => {
    const { email, resetToken: older } = await ownerWithResetLink();
    await requestReset(email);
    const newer = await latestMailToken(ctx.app, email);
    expect((await confirmReset(older, NEW_PASSWORD)).json()).toEqual(LINK_INVALID);
    expect((await confirmReset(newer, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses something that is not an email address', async () => {
    const response = await requestReset('not-an-address');
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ field: 'email', detail: VALIDATION.emailInvalid });
  });
});

describe('POST /api/v1/auth/password-reset/confirm', () => {
  it('sets the new password, ends every session and uses the link up', async () => {
    const { username, password, token, resetToken, user } = await ownerWithResetLink();
    const otherDevice = await signIn(ctx.app, username, password);

    const response = await confirmReset(resetToken, NEW_PASSWORD);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Password reset successful' });
    expect(await meStatus(token)).toBe(401);
    expect(await meStatus(otherDevice)).toBe(401);
    const live = await ctx.db.one<{ n: number }>(
      'select count(*)::int as n from sessions where user_id = $1 and revoked_at is null',
      [user.id],
    );
    expect(live.n).toBe(0);
    expect(await loginStatus(username, password)).toBe(401);
    expect(await loginStatus(username, NEW_PASSWORD)).toBe(200);
    const used = await ctx.db.one<{ used_at: Date | null }>(
      "select used_at from one_time_tokens where user_id = $1 and purpose = 'reset_password'",
      [user.id],
    );
    expect(isTimestamp(used.used_at)).toBe(true);
  });

  it('refuses a link used before', async () => {
    const { resetToken } = await ownerWithResetLink();
    await confirmReset(resetToken, NEW_PASSWORD);
    const response = await confirmReset(resetToken, 'yet another passphrase');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(LINK_INVALID);
  });

  it('refuses an expired link and keeps the old password', async () => {
    const { username, password, resetToken, user } = await ownerWithResetLink();
    await ctx.db.query("update one_time_tokens set expires_at = now() - interval '1 second' where user_id = $1", [
      user.id,
    ]);
    const response = await confirmReset(resetToken, NEW_PASSWORD);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(LINK_INVALID);
    expect(await loginStatus(username, password)).toBe(200);
  });

  it('refuses a verification token as a reset token', async () => {
    const { email } = await registerUser(ctx.app);
    const response = await confirmReset(await latestMailToken(ctx.app, email), NEW_PASSWORD);
    expect(response.json()).toEqual(LINK_INVALID);
  });

  it('refuses a short password on newPassword and leaves the link usable', async () => {
    const { resetToken } = await ownerWithResetLink();
    const response = await confirmReset(resetToken, 'short');
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      detail: VALIDATION.passwordMin,
      message: VALIDATION.passwordMin,
      code: 'validation_failed',
      field: 'newPassword',
    });
    expect((await confirmReset(resetToken, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it.each(WEAK_PASSWORDS)(
    'refuses the weak password %j on newPassword and leaves the link usable',
    async (weak, text) => {
      const { username, password, resetToken } = await ownerWithResetLink();
      const response = await confirmReset(resetToken, weak);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ detail: text, message: text, code: 'validation_failed', field: 'newPassword' });
      expect(await loginStatus(username, password)).toBe(200);
      expect((await confirmReset(resetToken, NEW_PASSWORD)).statusCode).toBe(200);
    },
  );

  it('says the token is missing when it is blank', async () => {
    const response = await confirmReset('', NEW_PASSWORD);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ field: 'token', detail: VALIDATION.resetTokenMissing });
  });
});

describe('POST /api/v1/auth/change-password', () => {
  it('changes the password, keeps this session and ends the others', async () => {
    const { username, password, token, user } = await registerUser(ctx.app);
    const otherDevice = await signIn(ctx.app, username, password);
    const bystander = await registerUser(ctx.app);

    const response = await changePassword(token, password, NEW_PASSWORD);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Password changed successfully.' });
    expect(await meStatus(token)).toBe(200);
    expect(await meStatus(otherDevice)).toBe(401);
    expect(await meStatus(bystander.token)).toBe(200);
    expect(await loginStatus(username, password)).toBe(401);
    expect(await loginStatus(username, NEW_PASSWORD)).toBe(200);
    const hash = await ctx.db.one<{ password_hash: string }>('select password_hash from users where id = $1', [
      user.id,
    ]);
    expect(hash.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('refuses a wrong current password with 400 on currentPassword', async () => {
    const { username, password, token } = await registerUser(ctx.app);
    const response = await changePassword(token, 'not my password', NEW_PASSWORD);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: VALIDATION.currentPasswordWrong,
      message: VALIDATION.currentPasswordWrong,
      code: 'wrong_password',
      field: 'currentPassword',
    });
    expect(await loginStatus(username, password)).toBe(200);
  });

  it('refuses a short new password with 422 on newPassword', async () => {
    const { password, token } = await registerUser(ctx.app);
    const response = await changePassword(token, password, 'short');
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ field: 'newPassword', detail: VALIDATION.newPasswordMin });
  });

  it.each(WEAK_PASSWORDS)('refuses the weak new password %j with 422 on newPassword', async (weak, text) => {
    const { username, password, token } = await registerUser(ctx.app);
    const response = await changePassword(token, password, weak);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ detail: text, message: text, code: 'validation_failed', field: 'newPassword' });
    expect(await loginStatus(username, password)).toBe(200);
    expect(await loginStatus(username, weak)).toBe(401);
  });

  it("refuses the account's own username as the new password", async () => {
    const { username, password, token } = await registerUser(ctx.app);
    const response = await changePassword(token, password, `${username}#1`);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ field: 'newPassword', detail: VALIDATION.passwordTooPersonal });
  });

  it('asks for the current password when it is empty', async () => {
    const { token } = await registerUser(ctx.app);
    const response = await changePassword(token, '', NEW_PASSWORD);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ field: 'currentPassword', detail: VALIDATION.currentPasswordRequired });
  });

  it('needs a live session', async () => {
    const { password, token } = await registerUser(ctx.app);
    await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: bearer(token) });
    const response = await changePassword(token, password, NEW_PASSWORD);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'unauthorized', detail: AUTH_ERRORS.sessionExpired });
  });
});
