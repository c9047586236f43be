import { optional } from './env-values';

/** Web Push (server/services/push): the VAPID identity and which push services a subscription may name. */
export interface PushConfig {
  /** VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, both or neither; unset, a pair generated once in DATA_DIR. */
  vapidKeys: VapidKeys | undefined;
  /** VAPID_SUBJECT: who the push services may contact, a `mailto:` or `https:` URL. */
  vapidSubject: string;
  /**
   * PUSH_ALLOW_HOSTS: `host` or `host:port` entries allowed besides the known push services, over http
   * too and on private addresses (a test's local push endpoint).
   */
  allowHosts: string[];
}

/** A VAPID key pair, base64url: the public key a 65-byte uncompressed P-256 point, the private one 32 bytes. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export const VAPID_PUBLIC_KEY_BYTES = 65;
export const VAPID_PRIVATE_KEY_BYTES = 32;

/** Whether `value` is canonical base64url of exactly `bytes` bytes. */
export function isBase64UrlOf(value: string, bytes: number): boolean {
  return /^[A-Za-z0-9_-]+$/.test(value) && Buffer.from(value, 'base64url').toString('base64url') === value
    ? Buffer.from(value, 'base64url').length === bytes
    : false;
}

/** A base64url key of `bytes` bytes, or a startup error naming the variable. */
function vapidKey(name: string, value: string, bytes: number): string {
  if (!isBase64UrlOf(value, bytes)) {
    throw new Error(
      `${name} must be a base64url-encoded ${bytes}-byte key (make a pair with \`npx web-push generate-vapid-keys\`)`,
    );
  }
  return value;
}

/** The address of MAIL_FROM (`Name <a@b>` or `a@b`), for the default VAPID subject. */
function mailAddress(mailFrom: string): string | undefined {
  const address = /<([^<>\s]+@[^<>\s]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return /^[^\s@<>]+@[^\s@<>]+$/.test(address) ? address : undefined;
}

function vapidKeys(env: NodeJS.ProcessEnv): VapidKeys | undefined {
  const publicKey = optional(env.VAPID_PUBLIC_KEY);
  const privateKey = optional(env.VAPID_PRIVATE_KEY);
  if ((publicKey === undefined) !== (privateKey === undefined)) {
    throw new Error(
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together (or neither: a pair kept in DATA_DIR)',
    );
  }
  if (publicKey === undefined || privateKey === undefined) return undefined;
  return {
    publicKey: vapidKey('VAPID_PUBLIC_KEY', publicKey, VAPID_PUBLIC_KEY_BYTES),
    privateKey: vapidKey('VAPID_PRIVATE_KEY', privateKey, VAPID_PRIVATE_KEY_BYTES),
  };
}

function allowHosts(value: string | undefined): string[] {
  const hosts = (optional(value)?.split(',') ?? []).map((host) => host.trim().toLowerCase()).filter(Boolean);
  for (const host of hosts) {
    if (!/^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?$/.test(host)) {
      throw new Error(`PUSH_ALLOW_HOSTS entries must be host or host:port, got '${host}'`);
    }
  }
  return hosts;
}

/** VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT and PUSH_ALLOW_HOSTS, each checked with a readable error. */
export function pushConfig(env: NodeJS.ProcessEnv, mailFrom: string): PushConfig {
  const subject = optional(env.VAPID_SUBJECT);
  if (subject !== undefined && !/^(mailto:[^\s@]+@\S+|https:\/\/\S+)$/.test(subject)) {
    throw new Error(`VAPID_SUBJECT must be a mailto: or https: URL, got '${subject}'`);
  }
  const address = mailAddress(mailFrom);
  return {
    vapidKeys: vapidKeys(env),
    vapidSubject: subject ?? (address ? `mailto:${address}` : 'https://localhost'),
    allowHosts: allowHosts(env.PUSH_ALLOW_HOSTS),
  };
}
