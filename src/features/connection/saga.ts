import { call, put, select, takeLatest } from 'typed-redux-saga';

import { errorText } from '../../api/client';
import { connectionApi } from '../../api/connection';
import { selectAccessToken, selectCurrentUser, userConfirmed } from '../auth/slice';
import {
  connectionChecked,
  connectionCheckFailed,
  connectionCheckStarted,
  connectionRefreshRequested,
  landingOpened,
  sandboxModeReported,
  selectConnectionFetchedAt,
} from './slice';
import { safely } from '../../store/safely';
import type { SagaIterator } from 'redux-saga';

/** SPEC.md §9: a connection status younger than this is not asked for again. */
export const CONNECTION_FRESHNESS_MS = 2 * 60 * 1000;

/** /health answers anonymous visitors too. */
function* askHealth(token: string | null) {
  const { connected } = yield* call(connectionApi.health, token);
  return connected;
}

/** The signed-in app asks about the owner's own number. */
function* askWhatsAppStatus(token: string) {
  const { isConnected, sandbox } = yield* call(connectionApi.whatsappStatus, token);
  yield* put(sandboxModeReported({ sandbox: sandbox === true }));
  return isConnected;
}

function* checkConnection(ask: () => SagaIterator<boolean>) {
  yield* put(connectionCheckStarted());
  try {
    const connected = yield* call(ask);
    const checkedAt = yield* call(Date.now);
    yield* put(connectionChecked({ connected, checkedAt }));
  } catch (error) {
    yield* put(connectionCheckFailed({ message: errorText(error) }));
  }
}

/** The landing page checks on every visit, with the stored token when there is one. */
export function* checkLandingConnection() {
  const token = yield* select(selectAccessToken);
  yield* call(checkConnection, () => askHealth(token));
}

/** SPEC.md §4: the owner's connection is checked only once their user is loaded (userConfirmed). */
export function* refreshConnection(
  action: ReturnType<typeof connectionRefreshRequested> | ReturnType<typeof userConfirmed>,
) {
  const user = yield* select(selectCurrentUser);
  if (!user) return;
  const fetchedAt = yield* select(selectConnectionFetchedAt);
  const now = yield* call(Date.now);
  const isFresh = fetchedAt !== null && now - fetchedAt < CONNECTION_FRESHNESS_MS;
  if (isFresh && !action.payload?.force) return;
  const token = yield* select(selectAccessToken);
  if (!token) return;
  yield* call(checkConnection, () => askWhatsAppStatus(token));
}

export function* watchConnection() {
  yield* takeLatest(landingOpened, safely(checkLandingConnection));
  yield* takeLatest([connectionRefreshRequested, userConfirmed], safely(refreshConnection));
}
