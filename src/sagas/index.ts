import { all, call, spawn } from 'typed-redux-saga';
import { watchAuth } from './auth';
import { watchConnection } from './connection';
import { restoreSession } from './session';
import { watchTheme } from './theme';
import { watchToasts } from './toasts';

/**
 * Spawns the core sagas; one crashing cannot take the others down. Each feature's saga starts when
 * a route loads the feature (src/store/feature.ts).
 */
export default function* rootSaga() {
  yield* all([spawn(watchTheme), spawn(watchToasts), spawn(watchAuth), spawn(watchConnection), call(restoreSession)]);
}
