import { all, call, spawn } from 'typed-redux-saga';
import { watchAuth } from '../features/auth/saga';
import { watchConnection } from '../features/connection/saga';
import { restoreSession } from '../features/auth/session';
import { watchTheme } from '../features/theme/saga';
import { watchToasts } from '../features/toasts/saga';

/**
 * Spawns the core sagas; one crashing cannot take the others down. Each feature's saga starts when
 * a route loads the feature (src/features/registry.ts).
 */
export default function* rootSaga() {
  yield* all([spawn(watchTheme), spawn(watchToasts), spawn(watchAuth), spawn(watchConnection), call(restoreSession)]);
}
