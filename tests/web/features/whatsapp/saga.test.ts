import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError, type StaticProvider } from 'redux-saga-test-plan/providers';
import { ApiError } from '../../../../src/api/client';
import { whatsappApi } from '../../../../src/api/whatsapp';
import { loggedOut } from '../../../../src/features/auth/slice';
import { connectionRefreshRequested } from '../../../../src/features/connection/slice';
import { toastShown, type ToastInput } from '../../../../src/features/toasts/slice';
import whatsappSlice, {
  businessProfileLoaded,
  businessProfileLoadFailed,
  disconnectConfirmed,
  disconnectDialogClosed,
  disconnectDialogOpened,
  disconnectFailed,
  selectDisplayedStatus,
  subscriptionInfoLoaded,
  whatsappConfigLoaded,
  whatsappConfigLoadFailed,
  whatsappDataLoadStarted,
  whatsappDisconnected,
  whatsappNotConnectedFound,
  whatsappPageClosed,
  type WhatsAppPageState,
} from '../../../../src/features/whatsapp/slice';
import { refreshConnection } from '../../../../src/features/connection/saga';
import { navigateTo } from '../../../../src/store/navigation';
import {
  checkSubscription,
  disconnectWhatsApp,
  openWhatsAppPage,
  refreshWhatsAppPage,
} from '../../../../src/features/whatsapp/saga';
import type { RootState } from '../../../../src/store';
import { testReducer } from '../../support/store';
import { config, profile, subscription } from '../../support/fixtures/whatsapp';

const reducer = whatsappSlice.reducer;

function reduce(...actions: Parameters<typeof reducer>[1][]): WhatsAppPageState {
  return actions.reduce(reducer, reducer(undefined, { type: '@@INIT' }));
}

function stateWith(whatsapp: Partial<WhatsAppPageState> = {}): RootState {
  const initial = testReducer(undefined, { type: '@@INIT' });
  return {
    ...initial,
    auth: { ...initial.auth, status: 'authenticated', accessToken: 'stored-token' },
    whatsapp: { ...initial.whatsapp, ...whatsapp },
  };
}

const toast = ({ variant = 'default', ...rest }: ToastInput) => ({
  action: { type: toastShown.type, payload: { variant, ...rest } },
});

const everythingLoads: StaticProvider[] = [
  [matchers.call.fn(whatsappApi.config), config],
  [matchers.call.fn(whatsappApi.profile), profile],
  [matchers.call.fn(whatsappApi.subscriptionInfo), subscription],
];

afterEach(() => jest.restoreAllMocks());

describe('the /whatsapp page state', () => {
  const connected = () => reduce(whatsappDataLoadStarted(), whatsappConfigLoaded(config));

  it('loads the config, then the profile and the subscription', () => {
    const state = reducer(reducer(connected(), businessProfileLoaded(profile)), subscriptionInfoLoaded(subscription));
    expect(state).toMatchObject({
      status: 'connected',
      config,
      profile: { status: 'loaded', data: profile, needsReconnection: false },
      subscription: { status: 'loaded', data: subscription },
    });
  });

  it.each([
    'WhatsApp Business Account not found. Your phone numbers may have been removed.',
    'WhatsApp access token expired. Please reconnect your account.',
    'Connection issue: Access token is invalid or expired',
    'Connection issue: The app has insufficient permissions',
  ])('needs a reconnection when the profile fails with "%s"', (message) => {
    const state = reducer(connected(), businessProfileLoadFailed({ message }));
    expect(state.profile).toMatchObject({ status: 'failed', error: message, needsReconnection: true });
    expect(selectDisplayedStatus({ ...stateWith(), whatsapp: state })).toBe('needs_reconnection');
  });

  it('stays active when the profile fails for another reason', () => {
    const state = reducer(connected(), businessProfileLoadFailed({ message: 'Graph is down' }));
    expect(state.profile.needsReconnection).toBe(false);
    expect(selectDisplayedStatus({ ...stateWith(), whatsapp: state })).toBe('active');
  });

  it('knows a 404 config as not connected', () => {
    expect(reduce(whatsappDataLoadStarted(), whatsappNotConnectedFound()).status).toBe('not_connected');
  });

  it('keeps the details on screen when a refresh fails', () => {
    const state = reduce(
      whatsappDataLoadStarted(),
      whatsappConfigLoaded(config),
      whatsappDataLoadStarted(),
      whatsappConfigLoadFailed({ message: 'Failed to load WhatsApp configuration.' }),
    );
    expect(state).toMatchObject({ status: 'connected', config, loading: false });
  });

  it('ignores answers that arrive after the page was left', () => {
    const left = reduce(whatsappDataLoadStarted(), whatsappPageClosed());
    expect(reducer(left, whatsappConfigLoaded(config))).toEqual(reduce());
    expect(reducer(left, businessProfileLoaded(profile))).toEqual(reduce());
    expect(reducer(left, subscriptionInfoLoaded(subscription))).toEqual(reduce());
  });

  it('opens, confirms and fails the disconnect dialog, and ignores a late result once it is closed', () => {
    const failed = reduce(disconnectDialogOpened(), disconnectConfirmed(), disconnectFailed({ message: 'nope' }));
    expect(failed.disconnect).toEqual({ status: 'failed', error: 'nope' });
    const closed = reducer(failed, disconnectDialogClosed());
    expect(closed.disconnect).toEqual({ status: 'closed', error: null });
    expect(reducer(closed, whatsappDisconnected())).toEqual(closed);
  });

  it('forgets everything on disconnect and on sign-out', () => {
    const loaded = reducer(connected(), businessProfileLoaded(profile));
    const disconnecting = reducer(reducer(loaded, disconnectDialogOpened()), disconnectConfirmed());
    expect(reducer(disconnecting, whatsappDisconnected())).toEqual(reduce());
    expect(reducer(loaded, loggedOut())).toEqual(reduce());
  });
});

describe('the /whatsapp page sagas', () => {
  it('loads the config, the profile and the subscription with the token', async () => {
    const { storeState } = await expectSaga(openWhatsAppPage)
      .withReducer(testReducer, stateWith())
      .provide(everythingLoads)
      .call(whatsappApi.config, 'stored-token')
      .call(whatsappApi.profile, 'stored-token')
      .call(whatsappApi.subscriptionInfo, 'stored-token')
      .not.put.actionType(toastShown.type)
      .run();
    expect(storeState.whatsapp).toMatchObject({
      status: 'connected',
      profile: { data: profile },
      subscription: { data: subscription },
    });
  });

  it('shows the not-connected state for a 404 config, without a failure', async () => {
    const { storeState } = await expectSaga(openWhatsAppPage)
      .withReducer(testReducer, stateWith())
      .provide([[matchers.call.fn(whatsappApi.config), throwError(new ApiError('Not connected', 404))]])
      .not.call.fn(whatsappApi.profile)
      .not.put.actionType(toastShown.type)
      .run();
    expect(storeState.whatsapp.status).toBe('not_connected');
  });

  it('reports a config that cannot be loaded', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { storeState } = await expectSaga(openWhatsAppPage)
      .withReducer(testReducer, stateWith())
      .provide([[matchers.call.fn(whatsappApi.config), throwError(new ApiError('Bad gateway', 502))]])
      .put.like(toast({ title: 'Failed to fetch WhatsApp data.', variant: 'destructive' }))
      .run();
    expect(storeState.whatsapp).toMatchObject({ status: 'failed', error: 'Failed to load WhatsApp configuration.' });
  });

  it('only logs a subscription that cannot be fetched', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { storeState } = await expectSaga(openWhatsAppPage)
      .withReducer(testReducer, stateWith())
      .provide([
        [matchers.call.fn(whatsappApi.subscriptionInfo), throwError(new ApiError('Graph is down', 500))],
        ...everythingLoads,
      ])
      .not.put.actionType(toastShown.type)
      .run();
    expect(logged).toHaveBeenCalled();
    expect(storeState.whatsapp.subscription).toEqual({ status: 'failed', data: null });
    expect(storeState.whatsapp.profile.data).toEqual(profile);
  });

  it('says when a refresh worked', () =>
    expectSaga(refreshWhatsAppPage)
      .withReducer(testReducer, stateWith())
      .provide(everythingLoads)
      .put.like(toast({ title: 'Data refreshed successfully!', variant: 'success' }))
      .run());

  it('says when a refresh failed', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    return expectSaga(refreshWhatsAppPage)
      .withReducer(testReducer, stateWith())
      .provide([[matchers.call.fn(whatsappApi.config), throwError(new TypeError('Failed to fetch'))]])
      .put.like(toast({ title: 'Failed to refresh data.', variant: 'destructive' }))
      .run();
  });

  it('checks the subscription again on request', () =>
    expectSaga(checkSubscription)
      .withReducer(testReducer, stateWith({ status: 'connected', subscription: { status: 'loading', data: null } }))
      .provide([[matchers.call.fn(whatsappApi.subscriptionInfo), subscription]])
      .put(subscriptionInfoLoaded(subscription))
      .run());

  it('disconnects, refreshes the status and goes to the dashboard', async () => {
    const { storeState } = await expectSaga(disconnectWhatsApp)
      .withReducer(
        testReducer,
        stateWith({ status: 'connected', config, disconnect: { status: 'disconnecting', error: null } }),
      )
      .provide([
        [matchers.call.fn(whatsappApi.disconnect), { success: true, message: 'WhatsApp disconnected' }],
        [matchers.call.fn(refreshConnection), null],
      ])
      .put(whatsappDisconnected())
      .call(refreshConnection, connectionRefreshRequested({ force: true }))
      .call(navigateTo, '/dashboard')
      .run();
    expect(storeState.whatsapp).toEqual(reduce());
  });

  it.each([
    [
      'the server refuses',
      throwError(new ApiError('Still sending messages', 409)),
      'Failed to disconnect: Still sending messages',
    ],
    [
      'the server says it did not work',
      { success: false, message: 'Graph refused' },
      'Failed to disconnect: Graph refused',
    ],
  ])('explains a failed disconnect when %s', async (_case, answer, message) => {
    const { storeState } = await expectSaga(disconnectWhatsApp)
      .withReducer(
        testReducer,
        stateWith({ status: 'connected', config, disconnect: { status: 'disconnecting', error: null } }),
      )
      .provide([[matchers.call.fn(whatsappApi.disconnect), answer]])
      .put(disconnectFailed({ message }))
      .put.like(toast({ title: message, variant: 'destructive' }))
      .not.call.fn(navigateTo)
      .run();
    expect(storeState.whatsapp.disconnect).toEqual({ status: 'failed', error: message });
  });
});
