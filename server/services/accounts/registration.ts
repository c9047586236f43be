import { VALIDATION, type AvailabilityResponse, type RegisterBody, type TokenResponse } from '../../../contract';
import { Conflict } from '../../errors';
import { issueOneTimeToken } from '../auth/one-time-tokens';
import { hashPassword } from '../auth/passwords';
import { startSession, type ClientInfo } from '../auth/sessions';
import type { AccountDeps } from './deps';
import { verificationMail } from './mails';
import { emailTaken, insertUser, usernameTaken } from './users';
import { validRegistration } from './validation';

/**
 * Creates the account, signs it in (a remembered session: the SPA keeps a registration's token in
 * local storage) and mails the verification link. A mail that fails to go out does not undo the
 * registration; the owner can ask for another link.
 */
export async function register(deps: AccountDeps, body: RegisterBody, client: ClientInfo): Promise<TokenResponse> {
  const account = validRegistration(body);
  // Counted after validation: typing mistakes cost nothing, trying addresses does.
  deps.limiter.consume('register', client.address, deps.config.rateLimits.registerPerAddress);
  if (await emailTaken(deps.db, account.email)) throw new Conflict(VALIDATION.emailTaken, 'email', 'email_taken');
  if (await usernameTaken(deps.db, account.username)) {
    throw new Conflict(VALIDATION.usernameTaken, 'username', 'username_taken');
  }
  const passwordHash = await hashPassword(account.password);
  const { user, session, verifyToken } = await deps.db.transaction(async (tx) => {
    const user = await insertUser(tx, account, passwordHash);
    const session = await startSession(tx, deps.jwtKey, user.id, true, client);
    const verifyToken = await issueOneTimeToken(tx, user.id, 'verify_email');
    return { user, session, verifyToken };
  });
  await deps.mailer.send(verificationMail(deps.config.publicUrl, user, verifyToken));
  return session;
}

/** The register form's live check (SPEC.md §4); case-insensitive like sign-in. */
export async function checkUsername(
  deps: AccountDeps,
  username: string,
  client: ClientInfo,
): Promise<AvailabilityResponse> {
  deps.limiter.consume('availability', client.address, deps.config.rateLimits.availabilityPerAddress);
  return { exists: await usernameTaken(deps.db, username.trim()) };
}

export async function checkEmail(deps: AccountDeps, email: string, client: ClientInfo): Promise<AvailabilityResponse> {
  deps.limiter.consume('availability', client.address, deps.config.rateLimits.availabilityPerAddress);
  return { exists: await emailTaken(deps.db, email.trim()) };
}
