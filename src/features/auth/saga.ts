import type { Task } from 'redux-saga';
import { call, cancel, fork, put, select, take, takeLeading } from 'typed-redux-saga';
import type { TokenResponse } from '../../../contract';
import { ACCOUNT_MESSAGES, AUTH_ERRORS } from '../../../contract/session-messages';
import { authApi } from '../../api/auth';
import { ApiError, errorText } from '../../api/client';
import {
  loggedOut,
  loginFailed,
  loginSubmitted,
  loginSucceeded,
  logoutRequested,
  registerFailed,
  registerSubmitted,
  registerSucceeded,
  selectAccessToken,
  selectUserFetchedAt,
  userConfirmed,
  userLoaded,
  userLoadFailed,
  userRefreshRequested,
} from './slice';
import { toastShown } from '../toasts/slice';
import { navigateTo } from '../../store/navigation';
import { safely } from '../../store/safely';
import { clearStoredToken, storeToken } from './session';

/** SPEC.md §9: a cached user younger than this is not fetched again unless asked to. */
export const USER_FRESHNESS_MS = 5 * 60 * 1000;

/** The server's words when it sent some, else SPEC.md §8's default for the call. */
function failureOf(error: unknown, fallback: string): { message: string; field?: string } {
  const message = errorText(error, fallback);
  return error instanceof ApiError ? { message, field: error.field } : { message };
}

export function* login({ payload }: ReturnType<typeof loginSubmitted>) {
  let response: TokenResponse;
  try {
    response = yield* call(authApi.login, payload.emailOrUsername, payload.password, payload.rememberMe);
  } catch (error) {
    const failure = failureOf(error, 'Login failed');
    yield* put(loginFailed(failure));
    yield* put(toastShown({ title: 'Login failed', description: failure.message, variant: 'destructive' }));
    return;
  }
  yield* call(storeToken, response.access_token, payload.rememberMe ? ('local' as const) : ('session' as const));
  yield* put(loginSucceeded({ accessToken: response.access_token }));
  yield* put(toastShown({ title: 'Login successful', description: 'Welcome back!', variant: 'success' }));
  // The login page sends the user on to where they came from once the store says authenticated.
  yield* put(userRefreshRequested({ force: true }));
}

export function* register({ payload }: ReturnType<typeof registerSubmitted>) {
  let response: TokenResponse;
  try {
    response = yield* call(authApi.register, payload);
  } catch (error) {
    const failure = failureOf(error, 'Registration failed');
    yield* put(registerFailed(failure));
    yield* put(toastShown({ title: 'Registration failed', description: failure.message, variant: 'destructive' }));
    return;
  }
  // SPEC.md §4: registration always remembers the token.
  yield* call(storeToken, response.access_token, 'local' as const);
  yield* put(registerSucceeded({ accessToken: response.access_token }));
  yield* put(
    toastShown({ title: 'Registration successful', description: 'Welcome to our platform!', variant: 'success' }),
  );
  yield* put(userRefreshRequested({ force: true }));
  yield* call(navigateTo, '/dashboard', { replace: true });
}

/** The server no longer accepts the stored token: the session is over, as after a logout. */
export function* endSession() {
  yield* call(clearStoredToken);
  yield* put(loggedOut());
  yield* put(toastShown({ title: AUTH_ERRORS.sessionExpired, variant: 'destructive' }));
}

/** Loads the signed-in user unless the cached one is fresh, then the connection status that goes with it. */
export function* refreshUser({ payload }: ReturnType<typeof userRefreshRequested>) {
  const force = payload?.force ?? false;
  const token = yield* select(selectAccessToken);
  if (!token) return;
  const fetchedAt = yield* select(selectUserFetchedAt);
  const now = yield* call(Date.now);
  const isFresh = fetchedAt !== null && now - fetchedAt < USER_FRESHNESS_MS;
  if (force || !isFresh) {
    try {
      const user = yield* call(authApi.me, token);
      yield* put(userLoaded({ user, fetchedAt: now }));
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        yield* call(endSession);
      } else {
        yield* put(userLoadFailed({ message: failureOf(error, 'Failed to fetch user').message }));
      }
      return;
    }
  }
  yield* put(userConfirmed({ force }));
}

/** Drops this browser's push subscription; its code is fetched only when someone signs out. */
export async function forgetThisDevice(token: string | null): Promise<void> {
  try {
    const pushDevice = await import('../live/pushDevice');
    await pushDevice.forgetThisDevice(token);
  } catch (error) {
    console.warn('This device’s push subscription could not be dropped', error);
  }
}

export function* logout() {
  const token = yield* select(selectAccessToken);
  // This browser stops ringing for the member signing out (while the token still opens the API).
  yield* call(forgetThisDevice, token);
  if (token) {
    try {
      yield* call(authApi.logout, token);
    } catch {
      // Best effort: the token leaves this browser whether or not the server heard about it.
    }
  }
  yield* call(clearStoredToken);
  yield* put(loggedOut());
  yield* put(toastShown({ title: ACCOUNT_MESSAGES.loggedOut, variant: 'success' }));
  yield* call(navigateTo, '/login');
}

/**
 * A refresh under way answers any plain request that arrives meanwhile (the shell mounting right after
 * login); a forced one restarts it, since it may know of a change the running one started too early to see.
 */
export function* watchUserRefresh() {
  let running: Task | undefined;
  while (true) {
    const action = yield* take(userRefreshRequested);
    if (running?.isRunning()) {
      if (!action.payload?.force) continue;
      yield* cancel(running);
    }
    running = yield* fork(safely(refreshUser), action);
  }
}

export function* watchAuth() {
  yield* takeLeading(loginSubmitted, safely(login));
  yield* takeLeading(registerSubmitted, safely(register));
  yield* fork(watchUserRefresh);
  yield* takeLeading(logoutRequested, safely(logout));
}
