import crypto from 'node:crypto';
import { Forbidden, Unauthorized } from '../../errors';
import { sameSecret } from '../digest';

/** Meta signs every delivery: `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw body, keyed with the app secret>`. */
export const SIGNATURE_HEADER = 'x-hub-signature-256';
const SIGNATURE = /^sha256=([0-9a-f]{64})$/i;

/**
 * Checks the signature over the bytes as received (never re-serialised JSON), in constant time.
 * A missing or wrong signature is a 401, before anything is parsed or stored.
 */
export function verifySignature(rawBody: Buffer, header: string | string[] | undefined, appSecret: string): void {
  const match = typeof header === 'string' ? SIGNATURE.exec(header.trim()) : null;
  if (!match) throw new Unauthorized('Missing or malformed X-Hub-Signature-256 header.', 'invalid_signature');
  const expected = crypto.createHmac('sha256', appSecret).update(rawBody).digest();
  const given = Buffer.from(match[1], 'hex');
  if (!crypto.timingSafeEqual(given, expected)) {
    throw new Unauthorized('The webhook signature does not match its body.', 'invalid_signature');
  }
}

export interface VerificationQuery {
  'hub.mode'?: string;
  'hub.verify_token'?: string;
  'hub.challenge'?: string;
}

/** Meta's subscription handshake: the challenge, echoed, when mode and token are right; else 403. */
export function answerVerification(query: VerificationQuery, verifyToken: string | undefined): string {
  const { 'hub.mode': mode, 'hub.verify_token': token, 'hub.challenge': challenge } = query;
  if (mode !== 'subscribe' || !verifyToken || token === undefined || !sameSecret(token, verifyToken)) {
    throw new Forbidden('Webhook verification failed.', 'verification_failed');
  }
  if (!challenge) throw new Forbidden('Webhook verification failed: no hub.challenge.', 'verification_failed');
  return challenge;
}
