import { all, call, spawn } from 'typed-redux-saga';
import { watchAuth } from '../features/auth/saga';
import { watchConnection } from '../features/connection/saga';
import { restoreSession } from '../features/auth/session';
import { watchLiveStream } from '../features/live/saga';
import { watchTheme } from '../features/theme/saga';
import { watchToasts } from '../features/toasts/saga';

/**
 * Spawns the core sagas; one crashing cannot take the others down. The live stream's watcher starts
 * before the session is restored, so that a stored sign-in opens the stream whatever page shows.
 * Each feature's saga starts when a route loads the feature (src/features/registry.ts).
 */
export default function* rootSaga() {
  yield* all([
    spawn(watchTheme),
    spawn(watchToasts),
    spawn(watchAuth),
    spawn(watchConnection),
    spawn(watchLiveStream),
    call(restoreSession),
  ]);
}
