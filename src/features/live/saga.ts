import { call, delay, put, race, select, take } from 'typed-redux-saga';
import type { Action } from '@reduxjs/toolkit';
import { loggedOut, loginSucceeded, registerSucceeded, selectAuthStatus, sessionRestored } from '../auth/slice';
import { liveStreamStopped } from './slice';

/** The stream's code (and the tab's focus reporter's), fetched at the first sign-in rather than with the landing page's script. */
export const loadLiveStream = () => import('./stream');

/** A stream's code that failed to arrive is asked for again after this long (the polls cover meanwhile). */
export const LIVE_LOAD_RETRY_MS = 5000;

/** The session became signed in: a token found in storage at start, a login or a registration. */
export const sessionSignedIn = (action: Action): boolean =>
  loginSucceeded.match(action) ||
  registerSucceeded.match(action) ||
  (sessionRestored.match(action) && action.payload.accessToken !== null);

/**
 * The stream is open for the signed-in session, and the tab reports its focus, whatever page shows (the
 * phone layout's closed drawer included), from sign-in until the owner signs out. The root saga runs this watcher.
 */
export function* watchLiveStream() {
  while (true) {
    if ((yield* select(selectAuthStatus)) !== 'authenticated') yield* take(sessionSignedIn);
    let stream: Awaited<ReturnType<typeof loadLiveStream>>;
    try {
      stream = yield* call(loadLiveStream);
    } catch {
      yield* race({ retry: delay(LIVE_LOAD_RETRY_MS), stopped: take(loggedOut) });
      continue;
    }
    yield* race({ run: call(stream.runSession), stopped: take(loggedOut) });
    yield* put(liveStreamStopped());
  }
}
