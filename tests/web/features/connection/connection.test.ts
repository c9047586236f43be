import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import { ApiError } from '../../../../src/api/client';
import { connectionApi } from '../../../../src/api/connection';
import { loggedOut, loginSucceeded, type AuthState } from '../../../../src/features/auth/slice';
import connectionSlice, {
  connectionChecked,
  connectionCheckFailed,
  connectionCheckStarted,
  connectionRefreshRequested,
  type ConnectionState,
} from '../../../../src/features/connection/slice';
import {
  checkLandingConnection,
  CONNECTION_FRESHNESS_MS,
  refreshConnection,
} from '../../../../src/features/connection/saga';
import type { RootState } from '../../../../src/store';
import { testReducer } from '../../support/store';
import { aUser } from '../../support/users';

const reducer = connectionSlice.reducer;
const NOW = 1_750_000_000_000;

function reduce(...actions: Parameters<typeof reducer>[1][]): ConnectionState {
  return actions.reduce(reducer, reducer(undefined, { type: '@@INIT' }));
}

function stateWith(auth: Partial<AuthState> = {}, connection: Partial<ConnectionState> = {}): RootState {
  const initial = testReducer(undefined, { type: '@@INIT' });
  return {
    ...initial,
    auth: { ...initial.auth, status: 'authenticated', accessToken: 'stored-token', ...auth },
    connection: { ...initial.connection, ...connection },
  };
}

const withUser = { user: aUser(), userStatus: 'loaded' as const, userFetchedAt: NOW };

describe('the connection slice', () => {
  it('is loading until the first check answers', () => {
    expect(reduce().status).toBe('loading');
    expect(reduce(connectionCheckStarted()).status).toBe('loading');
    expect(reduce(connectionCheckStarted(), connectionChecked({ connected: true, checkedAt: NOW }))).toEqual({
      status: 'connected',
      fetchedAt: NOW,
      checking: false,
      sandbox: false,
    });
    expect(reduce(connectionCheckStarted(), connectionChecked({ connected: false, checkedAt: NOW })).status).toBe(
      'disconnected',
    );
  });

  it('shows an error when the check fails, and asks again next time', () => {
    const state = reduce(
      connectionCheckStarted(),
      connectionChecked({ connected: true, checkedAt: NOW }),
      connectionCheckStarted(),
      connectionCheckFailed({ message: 'Bad gateway' }),
    );
    expect(state).toMatchObject({ status: 'error', fetchedAt: null });
  });

  it('keeps a known status on screen while it is checked again', () => {
    const state = reduce(
      connectionCheckStarted(),
      connectionChecked({ connected: true, checkedAt: NOW }),
      connectionCheckStarted(),
    );
    expect(state).toMatchObject({ status: 'connected', checking: true });
  });

  it('ignores an answer that arrives after the session ended', () => {
    const state = reduce(connectionCheckStarted(), loggedOut(), connectionChecked({ connected: true, checkedAt: NOW }));
    expect(state).toEqual(reduce());
  });

  it('forgets what it knew when a new session starts', () => {
    const state = reduce(
      connectionCheckStarted(),
      connectionChecked({ connected: false, checkedAt: NOW }),
      loginSucceeded({ accessToken: 'token' }),
    );
    expect(state).toEqual(reduce());
  });
});

describe('the connection sagas', () => {
  it('checks the landing page with the stored token', () =>
    expectSaga(checkLandingConnection)
      .withState(stateWith())
      .provide([
        [matchers.call.fn(connectionApi.health), { connected: true }],
        [matchers.call.fn(Date.now), NOW],
      ])
      .put(connectionCheckStarted())
      .call(connectionApi.health, 'stored-token')
      .put(connectionChecked({ connected: true, checkedAt: NOW }))
      .run());

  it('checks the landing page anonymously without a token', () =>
    expectSaga(checkLandingConnection)
      .withState(stateWith({ status: 'anonymous', accessToken: null }))
      .provide([
        [matchers.call.fn(connectionApi.health), { connected: false }],
        [matchers.call.fn(Date.now), NOW],
      ])
      .call(connectionApi.health, null)
      .put(connectionChecked({ connected: false, checkedAt: NOW }))
      .run());

  it('reports a failed check', () =>
    expectSaga(checkLandingConnection)
      .withState(stateWith())
      .provide([[matchers.call.fn(connectionApi.health), throwError(new ApiError('Bad gateway', 502))]])
      .put(connectionCheckFailed({ message: 'Bad gateway' }))
      .run());

  it("checks the owner's own number once their user is loaded", () =>
    expectSaga(refreshConnection, connectionRefreshRequested())
      .withState(stateWith(withUser))
      .provide([
        [matchers.call.fn(connectionApi.whatsappStatus), { isConnected: true }],
        [matchers.call.fn(Date.now), NOW],
      ])
      .call(connectionApi.whatsappStatus, 'stored-token')
      .put(connectionChecked({ connected: true, checkedAt: NOW }))
      .run());

  it('does not check before a user is loaded', () =>
    expectSaga(refreshConnection, connectionRefreshRequested({ force: true }))
      .withState(stateWith())
      .not.call.fn(connectionApi.whatsappStatus)
      .run());

  it('keeps a status checked less than 2 minutes ago', () =>
    expectSaga(refreshConnection, connectionRefreshRequested())
      .withState(stateWith(withUser, { status: 'connected', fetchedAt: NOW - CONNECTION_FRESHNESS_MS + 1 }))
      .provide([[matchers.call.fn(Date.now), NOW]])
      .not.call.fn(connectionApi.whatsappStatus)
      .run());

  it('checks again after 2 minutes, or at once when forced', async () => {
    await expectSaga(refreshConnection, connectionRefreshRequested())
      .withState(stateWith(withUser, { status: 'connected', fetchedAt: NOW - CONNECTION_FRESHNESS_MS }))
      .provide([
        [matchers.call.fn(Date.now), NOW],
        [matchers.call.fn(connectionApi.whatsappStatus), { isConnected: true }],
      ])
      .call(connectionApi.whatsappStatus, 'stored-token')
      .run();
    await expectSaga(refreshConnection, connectionRefreshRequested({ force: true }))
      .withState(stateWith(withUser, { status: 'connected', fetchedAt: NOW - 1000 }))
      .provide([
        [matchers.call.fn(Date.now), NOW],
        [matchers.call.fn(connectionApi.whatsappStatus), { isConnected: true }],
      ])
      .call(connectionApi.whatsappStatus, 'stored-token')
      .run();
  });
});
