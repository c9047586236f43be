import type { Task } from 'redux-saga';
import { call, cancel, fork, put, select, take, takeLeading } from 'typed-redux-saga';
import { LOGGED_OUT, SESSION_EXPIRED } from '../../../contract/session-messages';
import { authApi } from '../../api/auth';
import { ApiError, errorText } from '../../api/client';
import {
  loggedOut,
  logoutRequested,
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
import { clearStoredToken } from './session';

/** SPEC.md §9: a cached user younger than this is not fetched again unless asked to. */
export const USER_FRESHNESS_MS = 5 * 60 * 1000;

/** The server no longer accepts the stored token: the session is over, as after a logout. */
export function* endSession() {
  yield* call(clearStoredToken);
  yield* put(loggedOut());
  yield* put(toastShown({ title: SESSION_EXPIRED, variant: 'destructive' }));
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
        yield* put(userLoadFailed({ message: errorText(error, 'Failed to fetch user') }));
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
  yield* put(toastShown({ title: LOGGED_OUT, variant: 'success' }));
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

/** The session's flows on every page; signing in and registering come with their pages (./signIn.ts). */
export function* watchAuth() {
  yield* fork(watchUserRefresh);
  yield* takeLeading(logoutRequested, safely(logout));
}
