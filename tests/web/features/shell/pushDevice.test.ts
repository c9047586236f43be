import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import { pushApi } from '../../../../src/api/push';
import {
  base64UrlToBytes,
  currentPushSubscription,
  forgetThisDevice,
  pushSupport,
  subscribeThisDevice,
} from '../../../../src/features/live/pushDevice';
import {
  askNotificationPermission,
  checkPushDevice,
  notificationPermission,
  subscribePushDevice,
  unsubscribePushDevice,
} from '../../../../src/features/shell/pushDeviceSaga';
import pushDeviceSlice, {
  initialPushDeviceState,
  PUSH_DEVICE_TEXTS,
  pushDeviceChecked,
  pushDeviceFailed,
  pushDeviceRequested,
  pushDeviceSubscribed,
  pushDeviceTurnedOff,
  pushDeviceUnsubscribed,
  pushPermissionRefused,
  type PushDeviceState,
} from '../../../../src/features/shell/pushDeviceSlice';
import { toastShown } from '../../../../src/features/toasts/slice';
import { mockApi, requestsMade } from '../../support/api-mock';
import { stateAfter, testReducer } from '../../support/store';

const SUBSCRIPTION = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
  expirationTime: null,
  keys: { p256dh: 'BPk', auth: 'c2VjcmV0' },
};

const reduce = (state: PushDeviceState, ...actions: Parameters<typeof pushDeviceSlice.reducer>[1][]) =>
  actions.reduce(pushDeviceSlice.reducer, state).status;

describe('the push device slice', () => {
  it('goes off → subscribing → on → unsubscribing → off', () => {
    const off = { status: 'off' as const };
    expect(reduce(off, pushDeviceRequested())).toBe('subscribing');
    expect(reduce(off, pushDeviceRequested(), pushDeviceSubscribed())).toBe('on');
    expect(reduce({ status: 'on' }, pushDeviceTurnedOff(), pushDeviceUnsubscribed())).toBe('off');
  });

  it('ignores events out of turn: a late check, a subscription nobody asked for', () => {
    expect(reduce({ status: 'on' }, pushDeviceChecked('off'))).toBe('on');
    expect(reduce({ status: 'off' }, pushDeviceSubscribed())).toBe('off');
    expect(reduce({ status: 'blocked' }, pushDeviceRequested())).toBe('blocked');
    expect(reduce(initialPushDeviceState, pushDeviceChecked('unsupported'), pushDeviceRequested())).toBe('unsupported');
  });

  it('is blocked after a refusal, off after a dismissal, and may be tried again after a failure', () => {
    expect(reduce({ status: 'subscribing' }, pushPermissionRefused('denied'))).toBe('blocked');
    expect(reduce({ status: 'subscribing' }, pushPermissionRefused('default'))).toBe('off');
    expect(reduce({ status: 'subscribing' }, pushDeviceFailed(), pushDeviceRequested())).toBe('subscribing');
  });
});

describe('subscribePushDevice', () => {
  const subscribing = () => stateAfter(pushDeviceChecked('off'), pushDeviceRequested());

  it('asks permission, subscribes with the server’s key, and has the server keep the subscription', async () => {
    const result = await expectSaga(subscribePushDevice)
      .withReducer(testReducer, subscribing())
      .provide([
        [matchers.call.fn(askNotificationPermission), 'granted'],
        [matchers.call.fn(pushApi.key), { public_key: 'BKEY' }],
        [matchers.call.fn(subscribeThisDevice), SUBSCRIPTION],
        [matchers.call.fn(pushApi.subscribe), { endpoint: SUBSCRIPTION.endpoint }],
      ])
      .call(subscribeThisDevice, 'BKEY')
      .call(pushApi.subscribe, 'token', SUBSCRIPTION)
      .put(pushDeviceSubscribed())
      .run();
    expect(result.storeState.pushDevice.status).toBe('on');
  });

  it('stops at a refused permission, without subscribing', async () => {
    const result = await expectSaga(subscribePushDevice)
      .withReducer(testReducer, subscribing())
      .provide([[matchers.call.fn(askNotificationPermission), 'denied']])
      .not.call.fn(subscribeThisDevice)
      .put(pushPermissionRefused('denied'))
      .run();
    expect(result.storeState.pushDevice.status).toBe('blocked');
  });

  it('says so when the server refuses the subscription', async () => {
    const result = await expectSaga(subscribePushDevice)
      .withReducer(testReducer, subscribing())
      .provide([
        [matchers.call.fn(askNotificationPermission), 'granted'],
        [matchers.call.fn(pushApi.key), { public_key: 'BKEY' }],
        [matchers.call.fn(subscribeThisDevice), SUBSCRIPTION],
        [matchers.call.fn(pushApi.subscribe), throwError(new Error('The endpoint is not on a known push service'))],
      ])
      .put(pushDeviceFailed())
      .put.like({
        action: {
          type: toastShown.type,
          payload: {
            title: PUSH_DEVICE_TEXTS.failedToast,
            description: 'The endpoint is not on a known push service',
            variant: 'destructive',
          },
        },
      })
      .run();
    expect(result.storeState.pushDevice.status).toBe('failed');
  });
});

describe('unsubscribePushDevice', () => {
  it('has the server forget this device and the browser drop it', async () => {
    const result = await expectSaga(unsubscribePushDevice)
      .withReducer(testReducer, stateAfter(pushDeviceChecked('on'), pushDeviceTurnedOff()))
      .provide([[matchers.call.fn(forgetThisDevice), undefined]])
      .call(forgetThisDevice, 'token')
      .put(pushDeviceUnsubscribed())
      .run();
    expect(result.storeState.pushDevice.status).toBe('off');
  });
});

describe('checkPushDevice', () => {
  it('shows the choice disabled, with why, in a browser without push', async () => {
    await expectSaga(checkPushDevice)
      .provide([[matchers.call.fn(pushSupport), 'unsupported']])
      .put(pushDeviceChecked('unsupported'))
      .run();
  });

  it('tells the server again of a subscription this browser holds, and shows it on', async () => {
    const held = { endpoint: SUBSCRIPTION.endpoint, toJSON: () => SUBSCRIPTION } as unknown as PushSubscription;
    await expectSaga(checkPushDevice)
      .withReducer(testReducer, stateAfter())
      .provide([
        [matchers.call.fn(pushSupport), 'supported'],
        [matchers.call.fn(notificationPermission), 'granted'],
        [matchers.call.fn(currentPushSubscription), held],
        [matchers.call.fn(pushApi.subscribe), { endpoint: SUBSCRIPTION.endpoint }],
      ])
      .call(pushApi.subscribe, 'token', SUBSCRIPTION)
      .put(pushDeviceChecked('on'))
      .run();
  });

  it('is blocked where the browser denies notifications', async () => {
    await expectSaga(checkPushDevice)
      .provide([
        [matchers.call.fn(pushSupport), 'supported'],
        [matchers.call.fn(notificationPermission), 'denied'],
      ])
      .put(pushDeviceChecked('blocked'))
      .run();
  });
});

describe('the server’s key', () => {
  it('becomes the bytes applicationServerKey takes', () => {
    const key = new Uint8Array(65).map((_, index) => (index * 7) % 256);
    const encoded = Buffer.from(key).toString('base64url');
    expect(Array.from(base64UrlToBytes(encoded))).toEqual(Array.from(key));
  });
});

describe('forgetThisDevice (signing out)', () => {
  const subscription = { endpoint: SUBSCRIPTION.endpoint, unsubscribe: jest.fn(async () => true) };
  const browser = {
    navigator: navigator as unknown as Record<string, unknown>,
    window: window as unknown as Record<string, unknown>,
  };

  beforeEach(() => {
    browser.window.PushManager = class {};
    (globalThis as Record<string, unknown>).Notification ??= { permission: 'granted' };
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: { getRegistration: async () => ({ pushManager: { getSubscription: async () => subscription } }) },
    });
  });

  afterEach(() => {
    delete browser.window.PushManager;
    delete browser.navigator.serviceWorker;
  });

  it('has the server forget this browser’s subscription, then drops it', async () => {
    const fetchMock = mockApi({ 'DELETE /push/subscriptions': () => new Response(null, { status: 204 }) });
    await forgetThisDevice('token');
    expect(requestsMade(fetchMock)).toEqual(['DELETE /push/subscriptions']);
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toEqual({ endpoint: SUBSCRIPTION.endpoint });
    expect(subscription.unsubscribe).toHaveBeenCalled();
  });
});
