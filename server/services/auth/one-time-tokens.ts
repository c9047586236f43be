import crypto from 'node:crypto';
import type { Executor } from '../../db/client';

export type TokenPurpose = 'verify_email' | 'reset_password';

export const TOKEN_LIFETIME_SECONDS: Record<TokenPurpose, number> = {
  verify_email: 24 * 60 * 60,
  reset_password: 30 * 60,
};

const TOKEN_BYTES = 32;

function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * A new single-use token for the mailed link (32 random bytes, base64url); only its sha256 is
 * stored. The owner's older unused tokens of the same purpose stop working, so only the newest
 * link does. Call it inside a transaction.
 */
export async function issueOneTimeToken(db: Executor, userId: number, purpose: TokenPurpose): Promise<string> {
  const token = crypto.randomBytes(TOKEN_BYTES).toString('base64url');
  await db.query('delete from one_time_tokens where user_id = $1 and purpose = $2 and used_at is null', [
    userId,
    purpose,
  ]);
  await db.query(
    `insert into one_time_tokens (user_id, purpose, token_hash, expires_at)
     values ($1, $2, $3, now() + $4::integer * interval '1 second')`,
    [userId, purpose, hashToken(token), TOKEN_LIFETIME_SECONDS[purpose]],
  );
  return token;
}

/** The owner of a token that is still usable (unused, unexpired), without using it. */
export async function findUsableToken(db: Executor, token: string, purpose: TokenPurpose): Promise<number | undefined> {
  const row = await db.maybeOne<{ user_id: number }>(
    'select user_id from one_time_tokens where token_hash = $1 and purpose = $2 and used_at is null and expires_at > now()',
    [hashToken(token), purpose],
  );
  return row?.user_id;
}

/** Uses a token up and returns its owner; undefined when it is unknown, expired or already used. */
export async function consumeToken(db: Executor, token: string, purpose: TokenPurpose): Promise<number | undefined> {
  const row = await db.maybeOne<{ user_id: number }>(
    `update one_time_tokens set used_at = now()
      where token_hash = $1 and purpose = $2 and used_at is null and expires_at > now()
      returning user_id`,
    [hashToken(token), purpose],
  );
  return row?.user_id;
}
