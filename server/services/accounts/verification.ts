import {
  ACCOUNT_MESSAGES,
  AUTH_ERRORS,
  VALIDATION,
  type EmailBody,
  type MessageResponse,
  type TokenBody,
} from '../../../contract';
import { BadRequest, ValidationFailed } from '../../errors';
import { consumeToken } from '../auth/one-time-tokens';
import type { ClientInfo } from '../auth/sessions';
import type { AccountDeps } from './deps';
import { mailLinkOnRequest } from './mailed-links';
import { verificationMail } from './mails';

/** Uses up a verification link's token and marks its owner verified (again, harmlessly, if already). */
export async function verifyEmail(deps: AccountDeps, body: TokenBody): Promise<MessageResponse> {
  const token = body.token.trim();
  if (token === '') throw new ValidationFailed(VALIDATION.verifyTokenMissing, 'token');
  await deps.db.transaction(async (tx) => {
    const userId = await consumeToken(tx, token, 'verify_email');
    if (userId === undefined) throw new BadRequest(AUTH_ERRORS.verifyLinkInvalid, undefined, 'invalid_token');
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
  const limits = deps.config.rateLimits;
  await mailLinkOnRequest(deps, body, client, {
    rule: 'resend',
    perAddress: limits.resendVerificationPerAddress,
    perEmail: limits.resendVerificationPerEmail,
    purpose: 'verify_email',
    mail: verificationMail,
    wanted: (user) => !user.is_verified,
  });
  return { message: ACCOUNT_MESSAGES.verificationResent };
}
