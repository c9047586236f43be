import type { PushSubscriptionBody } from '../../../contract';
import { pushApi } from '../../api/push';

/**
 * This browser's Web Push subscription (public/sw.js shows what arrives), in the core so that signing out
 * (auth/saga.ts) forgets it; the 'Notify me' menu (shell/pushDeviceSaga.ts) turns it on and off.
 */

/** Where the service worker is served: at the root, so that it may show notifications for every page. */
export const SERVICE_WORKER_URL = '/sw.js';

/**
 * Whether this browser can ring while Threadline is closed: 'home-screen' on an iPhone or iPad until the app
 * is added to the home screen (Safari offers Web Push only to installed web apps there).
 */
export type PushSupport = 'supported' | 'unsupported' | 'home-screen';

export function pushSupport(): PushSupport {
  const capable =
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    typeof window !== 'undefined' &&
    'PushManager' in window &&
    typeof Notification !== 'undefined';
  if (capable) return 'supported';
  const ios = typeof navigator !== 'undefined' && /iPhone|iPad|iPod/.test(navigator.userAgent);
  const standalone = typeof window !== 'undefined' && window.matchMedia?.('(display-mode: standalone)').matches;
  return ios && !standalone ? 'home-screen' : 'unsupported';
}

/** The subscription this browser holds now, if any (without registering anything). */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() !== 'supported') return null;
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** A base64url key (the server's VAPID key) as the bytes `applicationServerKey` takes. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(value.length / 4) * 4, '=');
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
}

/** What POST /push/subscriptions takes, from the browser's subscription. */
export function subscriptionBody(subscription: PushSubscription): PushSubscriptionBody {
  const json = subscription.toJSON();
  return {
    endpoint: json.endpoint ?? subscription.endpoint,
    expirationTime: json.expirationTime ?? null,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
}

/** Registers the service worker and subscribes this browser with the server's key. */
export async function subscribeThisDevice(publicKey: string): Promise<PushSubscriptionBody> {
  await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
  const registration = await navigator.serviceWorker.ready;
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: base64UrlToBytes(publicKey),
  });
  return subscriptionBody(subscription);
}

/**
 * Stops this browser ringing for the signed-in member: the server forgets its subscription, and the browser
 * drops it (the next member signed in here subscribes anew). Best effort: signing out goes on regardless.
 */
export async function forgetThisDevice(token: string | null): Promise<void> {
  try {
    const subscription = await currentPushSubscription();
    if (!subscription) return;
    if (token) await pushApi.unsubscribe(token, subscription.endpoint).catch(() => undefined);
    await subscription.unsubscribe();
  } catch (error) {
    console.warn('This device’s push subscription could not be dropped', error);
  }
}
