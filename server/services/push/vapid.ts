import fs from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import { createExclusively } from '../../exclusive-file';
import {
  isBase64UrlOf,
  VAPID_PRIVATE_KEY_BYTES,
  VAPID_PUBLIC_KEY_BYTES,
  type PushConfig,
  type VapidKeys,
} from '../../push-config';

/** The generated VAPID key pair's file in DATA_DIR (mode 0600), unless VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY are set. */
export const VAPID_KEY_FILE = 'vapid.json';

function readKeyFile(file: string): VapidKeys {
  const saved = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<VapidKeys>;
  const { publicKey, privateKey } = saved;
  if (
    typeof publicKey !== 'string' ||
    typeof privateKey !== 'string' ||
    !isBase64UrlOf(publicKey, VAPID_PUBLIC_KEY_BYTES) ||
    !isBase64UrlOf(privateKey, VAPID_PRIVATE_KEY_BYTES)
  ) {
    throw new Error(
      `${file} does not hold a VAPID key pair; remove it to have a new one made (devices then subscribe again)`,
    );
  }
  return { publicKey, privateKey };
}

/**
 * The server's VAPID identity: from the environment (every node of a scaled-out install must share it), else
 * generated once into DATA_DIR/vapid.json. The file appears complete or not at all, so two processes starting
 * together agree on one pair. A new pair orphans every subscription made with the old one.
 */
export function loadVapidKeys(push: Pick<PushConfig, 'vapidKeys'>, dataDir: string): VapidKeys {
  if (push.vapidKeys) return push.vapidKeys;
  const file = path.join(dataDir, VAPID_KEY_FILE);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    const { publicKey, privateKey } = webpush.generateVAPIDKeys();
    createExclusively(file, `${JSON.stringify({ publicKey, privateKey })}\n`, 0o600);
  }
  return readKeyFile(file);
}
