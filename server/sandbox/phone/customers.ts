import crypto from 'node:crypto';
import type { Db } from '../../db/client';
import { AppError, ValidationFailed } from '../../errors';

/** The header the customer phone sends its browser's token in. */
export const CUSTOMER_TOKEN_HEADER = 'x-sandbox-customer-token';
/** At least 32 random URL-safe characters: the page makes 32 random bytes (43 characters). */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{32,128}$/;

export const CUSTOMER_ERRORS = {
  noToken: 'This customer phone has no key. Reload the page and try again.',
  taken: 'Another customer phone is using this number. Pick another number.',
} as const;

function sha256(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/**
 * The pretend customer `waId` as the browser holding `token` may use it: the first browser to use a
 * number keeps it, any other is refused. Answers when it was claimed: the thread shows only what
 * happened since, so a number used before customers were tied to browsers reveals nothing older.
 */
export async function claimCustomer(db: Db, waId: string, token: string | undefined, field: string): Promise<Date> {
  if (!token || !TOKEN_SHAPE.test(token)) throw new ValidationFailed(CUSTOMER_ERRORS.noToken, CUSTOMER_TOKEN_HEADER);
  const hash = sha256(token);
  await db.query('insert into sandbox_customers (wa_id, token_sha256) values ($1, $2) on conflict (wa_id) do nothing', [
    waId,
    hash,
  ]);
  const claim = await db.one<{ token_sha256: string; claimed_at: Date }>(
    'select token_sha256, claimed_at from sandbox_customers where wa_id = $1',
    [waId],
  );
  const ours = crypto.timingSafeEqual(Buffer.from(claim.token_sha256, 'hex'), Buffer.from(hash, 'hex'));
  if (!ours) throw new AppError(403, 'customer_taken', CUSTOMER_ERRORS.taken, field);
  return claim.claimed_at;
}
