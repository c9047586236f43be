import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from './config';
import { createExclusively } from './exclusive-file';

/** Signs access tokens, and seals secrets at rest (business tokens, agent API keys). */
export interface Secrets {
  /** HS256 key for access tokens. */
  readonly jwtKey: Uint8Array;
  /**
   * AES-256-GCM with a random IV. `associatedData` binds the ciphertext to its row (for example
   * `agents:42:api_key`), so a value copied into another row no longer decrypts.
   */
  encrypt(plaintext: string, associatedData: string): string;
  /** Throws when the key, the associated data or the ciphertext is not the one sealed. */
  decrypt(sealed: string, associatedData: string): string;
  /**
   * A stable secret of our own for one purpose (e.g. `sandbox-app-secret`), as 64 hex characters:
   * the same for every node sharing the master key, and unrelated to the keys above.
   */
  derive(purpose: string): string;
}

const KEY_BYTES = 32;
const IV_BYTES = 12;
/** Fixed, so that a shortened tag (which GCM would otherwise accept) is refused. */
const GCM = { authTagLength: 16 } as const;
/** The generated key's file in DATA_DIR. */
export const KEY_FILE = 'secret.key';
const FORMAT_VERSION = 'v1';
/** Fixed and public: HKDF's salt only has to differ between applications, not be secret. */
const HKDF_SALT = 'threadline/v1';

/** A base64 32-byte key, or a startup error that says how to make one. */
export function parseSecretKey(value: string, source: string): Buffer {
  const text = value.trim();
  const key = Buffer.from(text, 'base64');
  const canonical = key.toString('base64').replace(/=+$/, '') === text.replace(/=+$/, '');
  if (!canonical || key.length !== KEY_BYTES) {
    throw new Error(
      `${source} must be a base64-encoded ${KEY_BYTES}-byte key (make one with \`openssl rand -base64 32\`)`,
    );
  }
  return key;
}

/**
 * The key generated once into DATA_DIR/secret.key (mode 0600) and reused. The file appears
 * complete or not at all, so two processes starting together agree on one key.
 */
function keyFromDataDir(dataDir: string): Buffer {
  const file = path.join(dataDir, KEY_FILE);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    createExclusively(file, `${crypto.randomBytes(KEY_BYTES).toString('base64')}\n`, 0o600);
  }
  return parseSecretKey(fs.readFileSync(file, 'utf8'), file);
}

export function loadMasterKey(config: Pick<Config, 'secretKey' | 'dataDir'>): Buffer {
  return config.secretKey ? parseSecretKey(config.secretKey, 'SECRET_KEY') : keyFromDataDir(config.dataDir);
}

function subKey(master: Buffer, purpose: string): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', master, HKDF_SALT, purpose, KEY_BYTES));
}

export function createSecrets(master: Buffer): Secrets {
  const jwtKey = subKey(master, 'jwt');
  const atRestKey = subKey(master, 'secrets-at-rest');
  return {
    jwtKey: new Uint8Array(jwtKey),
    // Prefixed, so that no purpose can ask for the JWT or at-rest key itself.
    derive: (purpose) => subKey(master, `derived:${purpose}`).toString('hex'),
    encrypt(plaintext, associatedData) {
      const iv = crypto.randomBytes(IV_BYTES);
      const cipher = crypto.createCipheriv('aes-256-gcm', atRestKey, iv, GCM);
      cipher.setAAD(Buffer.from(associatedData, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [FORMAT_VERSION, iv, ciphertext, cipher.getAuthTag()]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    decrypt(sealed, associatedData) {
      const [version, iv, ciphertext, tag, ...rest] = sealed.split('.');
      if (version !== FORMAT_VERSION || tag === undefined || rest.length > 0) {
        throw new Error('Not a sealed secret');
      }
      try {
        const decipher = crypto.createDecipheriv('aes-256-gcm', atRestKey, Buffer.from(iv, 'base64url'), GCM);
        decipher.setAAD(Buffer.from(associatedData, 'utf8'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        throw new Error('The secret does not decrypt: wrong key, wrong associated data, or altered ciphertext');
      }
    },
  };
}
