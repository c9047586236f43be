import {
  ACCOUNT_MESSAGES,
  AUTH_ERRORS,
  VALIDATION,
  type EmailBody,
  type MessageResponse,
  type TokenBody,
} from '../../../contract';
import { BadRequest, ValidationFailed } from '../../errors';
import { consumeToken, issueOneTimeToken } from '../auth/one-time-tokens';
import type { ClientInfo } from '../auth/sessions';
import type { AccountDeps } from './deps';
import { verificationMail } from './mails';
import { findUserByEmail } from './users';
import { validEmail } from './validation';

/** Uses up a verification link's token and marks its owner verified (again, harmlessly, if already). */
export async function verifyEmail(deps: AccountDeps, body: TokenBody): Promise<MessageResponse> {
  const token = body.token.trim();
  if (token === '') throw new ValidationFailed(VALIDATION.verifyTokenMissing, 'token');
  await deps.db.transaction(async (tx) => {
    const userId = await consumeToken(tx, token, 'verify_email');
    if (userId === undefined) throw new BadRequest(AUTH_ERRORS.verifyLinkInvalid, 'invalid_token');
    await tx.query('update users set is_verified = true, updated_at = now() where id = $1', [userId]);
  });
  return { message: ACCOUNT_MESSAGES.emailVerified };
}

/**
 * Mails a new verification link to a known, unverified address. The answer is the same for
 * every address, so that it does not tell which ones have accounts.
 */
export async function resendVerification(
  deps: AccountDeps,
  body: EmailBody,
  client: ClientInfo,
): Promise<MessageResponse> {
  const email = validEmail(body.email);
  const limits = deps.config.rateLimits;
  deps.limiter.consume('resend-address', client.address, limits.resendVerificationPerAddress);
  deps.limiter.consume('resend-email', email.toLowerCase(), limits.resendVerificationPerEmail);
  const user = await findUserByEmail(deps.db, email);
  if (user && !user.is_verified) {
    const token = await deps.db.transaction((tx) => issueOneTimeToken(tx, user.id, 'verify_email'));
    await deps.mailer.send(verificationMail(deps.config.publicUrl, user, token));
  }
  return { message: ACCOUNT_MESSAGES.verificationResent };
}
