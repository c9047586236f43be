import {
  ACCOUNT_MESSAGES,
  AUTH_ERRORS,
  VALIDATION,
  type LoginForm,
  type MessageResponse,
  type TokenResponse,
} from '../../../contract';
import { Unauthorized, ValidationFailed } from '../../errors';
import { hashPassword, needsRehash, verifyPassword } from '../auth/passwords';
import { revokeSession, startSession, type AuthUser, type ClientInfo } from '../auth/sessions';
import type { AccountDeps } from './deps';
import { findUserBySignInName } from './users';

/** A checkbox posted by a form says 'on'; JSON says true; some clients say 'true' or '1'. */
export function rememberMeChecked(value: LoginForm['remember_me']): boolean {
  return value === true || (typeof value === 'string' && ['true', 'on', '1'].includes(value.trim().toLowerCase()));
}

/**
 * Signs in by email or username and password. A wrong password and an unknown account get the
 * same answer in about the same time. Failed attempts slow down the clients that make them, per
 * account (its email and username together), and are limited per client address; the right
 * password from a client that has not been failing is never refused.
 */
export async function login(deps: AccountDeps, form: LoginForm, client: ClientInfo): Promise<TokenResponse> {
  const name = form.username.trim();
  if (name === '') throw new ValidationFailed(VALIDATION.emailOrUsernameRequired, 'username');
  if (form.password === '') throw new ValidationFailed(VALIDATION.passwordRequired, 'password');

  const { loginPerAddress } = deps.config.rateLimits;
  deps.limiter.check('login-address', client.address, loginPerAddress);

  const user = await findUserBySignInName(deps.db, name);
  // An unknown name is throttled like an account, so that the answers do not tell them apart.
  const account = user ? `user:${user.id}` : `name:${name.toLowerCase()}`;
  deps.loginThrottle.check(account, client.address);
  const passwordMatches = await verifyPassword(user?.password_hash, form.password);
  if (!user || !passwordMatches) {
    deps.limiter.record('login-address', client.address, loginPerAddress);
    deps.loginThrottle.recordFailure(account, client.address);
    throw new Unauthorized(AUTH_ERRORS.badCredentials, 'invalid_credentials');
  }
  deps.loginThrottle.recordSuccess(account, client.address);
  if (needsRehash(user.password_hash)) {
    await deps.db.query('update users set password_hash = $2 where id = $1', [
      user.id,
      await hashPassword(form.password),
    ]);
  }
  return startSession(deps.db, deps.jwtKey, user.id, rememberMeChecked(form.remember_me), client);
}

/** Ends the session the request came with; the owner's other sessions stay signed in. */
export async function logout(deps: AccountDeps, owner: AuthUser): Promise<MessageResponse> {
  await revokeSession(deps.db, owner.id, owner.sessionId);
  return { message: ACCOUNT_MESSAGES.loggedOut };
}
