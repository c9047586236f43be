import { put, select } from 'typed-redux-saga';
import { SESSION_EXPIRED } from '../../../contract/session-messages';
import { ApiError } from '../../api/client';
import { selectAccessToken, sessionRestored } from './slice';

export const ACCESS_TOKEN_KEY = 'accessToken';

/** Where a token is kept: 'local' outlives the browser session (remember me, registration), 'session' does not. */
type TokenPersistence = 'local' | 'session';

function storageFor(persistence: TokenPersistence): Storage {
  return persistence === 'local' ? window.localStorage : window.sessionStorage;
}

/** SPEC.md §4: a token in local or session storage means authenticated. */
function readStoredToken(): string | null {
  return window.localStorage.getItem(ACCESS_TOKEN_KEY) ?? window.sessionStorage.getItem(ACCESS_TOKEN_KEY);
}

export function clearStoredToken() {
  window.localStorage.removeItem(ACCESS_TOKEN_KEY);
  window.sessionStorage.removeItem(ACCESS_TOKEN_KEY);
}

/** Keeps the token in one storage only, so that `readStoredToken` never finds an older one first. */
export function storeToken(token: string, persistence: TokenPersistence) {
  clearStoredToken();
  storageFor(persistence).setItem(ACCESS_TOKEN_KEY, token);
}

export function* restoreSession() {
  yield* put(sessionRestored({ accessToken: readStoredToken() }));
}

/** The signed-in owner's access token, for a saga's API call; none means the session is over (a 401). */
export function* requireAccessToken() {
  const token = yield* select(selectAccessToken);
  if (!token) throw new ApiError(SESSION_EXPIRED, 401);
  return token;
}
