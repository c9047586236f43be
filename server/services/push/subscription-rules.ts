import crypto from 'node:crypto';
import { ValidationFailed } from '../../errors';

/** What a browser's `PushSubscription.toJSON()` gives, as POST /push/subscriptions takes it. */
export interface SubscriptionInput {
  endpoint: string;
  expirationTime?: number | null;
  keys: { p256dh: string; auth: string };
}

/** The push services of the browsers people use: Chrome and Edge (FCM), Firefox, Windows, Safari. */
export const KNOWN_PUSH_HOSTS = {
  exact: ['fcm.googleapis.com'],
  under: ['push.services.mozilla.com', 'notify.windows.com', 'push.apple.com'],
} as const;

export const SUBSCRIPTION_ERRORS = {
  endpointNotUrl: 'The endpoint must be a URL.',
  endpointNotHttps: 'The endpoint must be an https URL.',
  endpointUnknownHost: 'The endpoint is not on a known push service (FCM, Mozilla, Windows, Apple).',
  endpointCredentials: 'The endpoint must not carry a user name or password.',
  p256dh: 'keys.p256dh must be the browser’s 65-byte P-256 public key (uncompressed), in base64url.',
  auth: 'keys.auth must be the browser’s 16-byte authentication secret, in base64url.',
} as const;

const P256DH_BYTES = 65;
const AUTH_BYTES = 16;

/** Decodes base64url (padding tolerated, as some browsers send it), or undefined when it is not. */
function base64Url(value: string): Buffer | undefined {
  const unpadded = value.replace(/=+$/, '');
  if (!/^[A-Za-z0-9_-]*$/.test(unpadded)) return undefined;
  return Buffer.from(unpadded, 'base64url');
}

function isKnownPushHost(hostname: string): boolean {
  return (
    (KNOWN_PUSH_HOSTS.exact as readonly string[]).includes(hostname) ||
    KNOWN_PUSH_HOSTS.under.some((domain) => hostname.endsWith(`.${domain}`))
  );
}

/** Whether PUSH_ALLOW_HOSTS lists this URL's host (`host`, or `host:port` for that port only). */
export function isAllowedHost(url: URL, allowHosts: readonly string[]): boolean {
  const hostname = url.hostname.toLowerCase();
  const host = url.host.toLowerCase();
  return allowHosts.some((entry) => entry === hostname || entry === host);
}

function checkEndpoint(endpoint: string, allowHosts: readonly string[]): void {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw new ValidationFailed(SUBSCRIPTION_ERRORS.endpointNotUrl, 'endpoint');
  }
  if (url.username !== '' || url.password !== '') {
    throw new ValidationFailed(SUBSCRIPTION_ERRORS.endpointCredentials, 'endpoint');
  }
  const allowed = isAllowedHost(url, allowHosts);
  if (url.protocol !== 'https:' && !(allowed && url.protocol === 'http:')) {
    throw new ValidationFailed(SUBSCRIPTION_ERRORS.endpointNotHttps, 'endpoint');
  }
  if (!allowed && !isKnownPushHost(url.hostname.toLowerCase())) {
    throw new ValidationFailed(SUBSCRIPTION_ERRORS.endpointUnknownHost, 'endpoint');
  }
}

/** Whether the bytes are an uncompressed point on P-256 (what the payload is encrypted to). */
function isP256Point(bytes: Buffer): boolean {
  if (bytes.length !== P256DH_BYTES || bytes[0] !== 0x04) return false;
  try {
    crypto.ECDH.convertKey(bytes, 'prime256v1');
    return true;
  } catch {
    return false;
  }
}

/** Refuses a subscription we could not (or must not) send to, naming the field at fault. */
export function checkSubscription(input: SubscriptionInput, allowHosts: readonly string[]): void {
  checkEndpoint(input.endpoint, allowHosts);
  const p256dh = base64Url(input.keys.p256dh);
  if (!p256dh || !isP256Point(p256dh)) throw new ValidationFailed(SUBSCRIPTION_ERRORS.p256dh, 'keys.p256dh');
  const auth = base64Url(input.keys.auth);
  if (!auth || auth.length !== AUTH_BYTES) throw new ValidationFailed(SUBSCRIPTION_ERRORS.auth, 'keys.auth');
}
