import crypto from 'node:crypto';

/** Hex sha256: how opaque references, codes and tokens are stored (never the value itself). */
export function sha256Hex(value: string | Buffer): string {
  return crypto.createHash('sha256').update(value).digest('hex');
}

/**
 * Constant-time equality of two secrets (tokens, signatures) of any length: both are hashed first,
 * so neither the content nor the length leaks through timing.
 */
export function sameSecret(given: string, expected: string): boolean {
  const a = crypto.createHash('sha256').update(given, 'utf8').digest();
  const b = crypto.createHash('sha256').update(expected, 'utf8').digest();
  return crypto.timingSafeEqual(a, b);
}
