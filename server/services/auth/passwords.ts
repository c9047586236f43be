import crypto from 'node:crypto';
import argon2 from 'argon2';
import { onFirstUse } from '../../first-use';

/** argon2id with OWASP's minimum parameters: 19 MiB of memory, 2 iterations, 1 lane. */
export const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, ARGON2_OPTIONS);
}

/** The throwaway hash an unknown account's password is verified against. */
const dummyHash = onFirstUse(() => hashPassword(crypto.randomBytes(16).toString('hex')));

/**
 * Checks a password against a stored hash. Without a hash (no such account) it still verifies
 * against a throwaway one, so that the answer takes as long as for an account that exists.
 */
export async function verifyPassword(hash: string | undefined, password: string): Promise<boolean> {
  if (hash === undefined) {
    await argon2.verify(await dummyHash(), password);
    return false;
  }
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/** Whether a hash was made with weaker parameters than today's and should be replaced at sign-in. */
export function needsRehash(hash: string): boolean {
  return argon2.needsRehash(hash, ARGON2_OPTIONS);
}
