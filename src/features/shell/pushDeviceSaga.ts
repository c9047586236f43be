import { call, put, takeLeading } from 'typed-redux-saga';
import { pushApi } from '../../api/push';
import { errorText } from '../../api/client';
import { safely } from '../../store/safely';
import { requireAccessToken } from '../auth/session';
import {
  currentPushSubscription,
  forgetThisDevice,
  pushSupport,
  subscribeThisDevice,
  subscriptionBody,
} from '../live/pushDevice';
import { toastShown } from '../toasts/slice';
import {
  PUSH_DEVICE_TEXTS,
  pushDeviceChecked,
  pushDeviceFailed,
  pushDeviceRequested,
  pushDeviceSubscribed,
  pushDeviceTurnedOff,
  pushDeviceUnsubscribed,
  pushPermissionRefused,
} from './pushDeviceSlice';

export function notificationPermission(): NotificationPermission {
  return Notification.permission;
}

export async function askNotificationPermission(): Promise<NotificationPermission> {
  return Notification.requestPermission();
}

/**
 * What this browser can do and holds: a subscription it has is told to the server again (it may have been
 * renewed by the browser, or last belonged to another member), so that 'on' means this device rings.
 */
export function* checkPushDevice() {
  const support = yield* call(pushSupport);
  if (support !== 'supported') {
    yield* put(pushDeviceChecked(support));
    return;
  }
  if ((yield* call(notificationPermission)) === 'denied') {
    yield* put(pushDeviceChecked('blocked'));
    return;
  }
  try {
    const subscription = yield* call(currentPushSubscription);
    if (subscription) {
      const token = yield* call(requireAccessToken);
      yield* call(pushApi.subscribe, token, subscriptionBody(subscription));
    }
    yield* put(pushDeviceChecked(subscription ? 'on' : 'off'));
  } catch (error) {
    console.warn('This device’s push subscription could not be checked', error);
    yield* put(pushDeviceChecked('off'));
  }
}

/** Turning it on or off failed: the menu says so, and a toast says why. */
function* failed(error: unknown) {
  yield* put(pushDeviceFailed());
  yield* put(
    toastShown({ title: PUSH_DEVICE_TEXTS.failedToast, description: errorText(error), variant: 'destructive' }),
  );
}

/** Turning it on: the browser's permission, the service worker, the subscription, and the server keeps it. */
export function* subscribePushDevice() {
  try {
    const permission = yield* call(askNotificationPermission);
    if (permission !== 'granted') {
      yield* put(pushPermissionRefused(permission));
      return;
    }
    const token = yield* call(requireAccessToken);
    const { public_key: publicKey } = yield* call(pushApi.key, token);
    const subscription = yield* call(subscribeThisDevice, publicKey);
    yield* call(pushApi.subscribe, token, subscription);
    yield* put(pushDeviceSubscribed());
  } catch (error) {
    yield* call(failed, error);
  }
}

/** Turning it off: the server forgets this device and the browser drops its subscription. */
export function* unsubscribePushDevice() {
  try {
    const token = yield* call(requireAccessToken);
    yield* call(forgetThisDevice, token);
    yield* put(pushDeviceUnsubscribed());
  } catch (error) {
    yield* call(failed, error);
  }
}

export function* watchPushDevice() {
  yield* call(safely(checkPushDevice));
  yield* takeLeading(pushDeviceRequested, safely(subscribePushDevice));
  yield* takeLeading(pushDeviceTurnedOff, safely(unsubscribePushDevice));
}
