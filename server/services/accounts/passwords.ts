import {
  ACCOUNT_MESSAGES,
  AUTH_ERRORS,
  VALIDATION,
  type ChangePasswordBody,
  type EmailBody,
  type MessageResponse,
  type ResetConfirmBody,
} from '../../../contract';
import { BadRequest, NotFound, ValidationFailed } from '../../errors';
import { consumeToken, findUsableToken } from '../auth/one-time-tokens';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { revokeAllSessions, revokeOtherSessions, type ClientInfo } from '../auth/sessions';
import type { AccountDeps } from './deps';
import { mailLinkOnRequest } from './mailed-links';
import { passwordResetMail } from './mails';
import { refusePersonalPassword, validNewPassword, type PasswordContext } from './validation';

/** Mails a reset link to a known address; the answer is the same for every address. */
export async function requestPasswordReset(
  deps: AccountDeps,
  body: EmailBody,
  client: ClientInfo,
): Promise<MessageResponse> {
  const limits = deps.config.rateLimits;
  await mailLinkOnRequest(deps, body, client, {
    rule: 'reset',
    perAddress: limits.resetRequestPerAddress,
    perEmail: limits.resetRequestPerEmail,
    purpose: 'reset_password',
    mail: passwordResetMail,
    wanted: () => true,
  });
  return { message: ACCOUNT_MESSAGES.resetRequested };
}

async function passwordContext(deps: AccountDeps, userId: number): Promise<PasswordContext> {
  return deps.db.one<PasswordContext>('select username, email from users where id = $1', [userId]);
}

/**
 * Sets a new password from a reset link. Whoever had the old password may be signed in
 * somewhere, so every session of the account ends.
 */
export async function confirmPasswordReset(deps: AccountDeps, body: ResetConfirmBody): Promise<MessageResponse> {
  const token = body.token.trim();
  if (token === '') throw new ValidationFailed(VALIDATION.resetTokenMissing, 'token');
  const password = validNewPassword(body.newPassword, 'newPassword', VALIDATION.passwordMin);
  const invalidLink = () => new BadRequest(AUTH_ERRORS.resetLinkInvalid, undefined, 'invalid_token');
  // Looked up first so that a dead link costs no hashing; used up below, atomically.
  const owner = await findUsableToken(deps.db, token, 'reset_password');
  if (owner === undefined) throw invalidLink();
  refusePersonalPassword(password, await passwordContext(deps, owner), 'newPassword');
  const passwordHash = await hashPassword(password);
  await deps.db.transaction(async (tx) => {
    const userId = await consumeToken(tx, token, 'reset_password');
    if (userId === undefined) throw invalidLink();
    await tx.query('update users set password_hash = $2, updated_at = now() where id = $1', [userId, passwordHash]);
    await revokeAllSessions(tx, userId);
  });
  return { message: ACCOUNT_MESSAGES.passwordReset };
}

/** Changes the password of a signed-in owner; their other sessions end, this one stays. */
export async function changePassword(
  deps: AccountDeps,
  userId: number,
  sessionId: string,
  body: ChangePasswordBody,
): Promise<MessageResponse> {
  if (body.currentPassword === '') throw new ValidationFailed(VALIDATION.currentPasswordRequired, 'currentPassword');
  const password = validNewPassword(body.newPassword, 'newPassword', VALIDATION.newPasswordMin);
  const user = await deps.db.maybeOne<PasswordContext & { password_hash: string }>(
    'select password_hash, username, email from users where id = $1',
    [userId],
  );
  if (!user) throw new NotFound('This account no longer exists.');
  refusePersonalPassword(password, user, 'newPassword');
  // A stolen access token must not become a way to guess the password, so failures count like sign-ins.
  const limit = deps.config.rateLimits.loginPerAccount;
  deps.limiter.check('change-password', String(userId), limit);
  if (!(await verifyPassword(user.password_hash, body.currentPassword))) {
    deps.limiter.record('change-password', String(userId), limit);
    throw new BadRequest(VALIDATION.currentPasswordWrong, 'currentPassword', 'wrong_password');
  }
  const passwordHash = await hashPassword(password);
  await deps.db.transaction(async (tx) => {
    await tx.query('update users set password_hash = $2, updated_at = now() where id = $1', [userId, passwordHash]);
    await revokeOtherSessions(tx, userId, sessionId);
  });
  return { message: ACCOUNT_MESSAGES.passwordChanged };
}
