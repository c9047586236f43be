import { VALIDATION, type UserProfile } from '../../../contract';
import type { Executor } from '../../db/client';
import { Conflict } from '../../errors';
import type { Recipient } from './mails';
import type { NewAccount } from './validation';

/** The columns of UserProfile, in the order of the contract. */
export const PROFILE_COLUMNS =
  'id, email, username, first_name, last_name, display_name, bio, is_verified, two_factor_enabled, created_at';

export type ProfileRow = Omit<UserProfile, 'created_at'> & { created_at: Date };

export function toProfile(row: ProfileRow): UserProfile {
  return {
    id: row.id,
    email: row.email,
    username: row.username,
    first_name: row.first_name,
    last_name: row.last_name,
    display_name: row.display_name,
    bio: row.bio,
    is_verified: row.is_verified,
    two_factor_enabled: row.two_factor_enabled,
    created_at: row.created_at.toISOString(),
  };
}

export type MailableUser = Recipient & { is_verified: boolean };

export function findUserByEmail(db: Executor, email: string): Promise<MailableUser | undefined> {
  return db.maybeOne<MailableUser>(
    'select id, email, first_name, is_verified from users where lower(email) = lower($1)',
    [email],
  );
}

/**
 * The account a sign-in names, by email or username, case-insensitively. A username cannot hold
 * an '@' and an email must, so the two never name different accounts.
 */
export function findUserBySignInName(db: Executor, name: string) {
  return db.maybeOne<{ id: number; password_hash: string }>(
    'select id, password_hash from users where lower(email) = lower($1) or lower(username) = lower($1)',
    [name],
  );
}

export async function emailTaken(db: Executor, email: string): Promise<boolean> {
  return (await db.maybeOne('select 1 from users where lower(email) = lower($1)', [email])) !== undefined;
}

export async function usernameTaken(db: Executor, username: string): Promise<boolean> {
  return (await db.maybeOne('select 1 from users where lower(username) = lower($1)', [username])) !== undefined;
}

const UNIQUE_VIOLATION = '23505';

/** Inserts the account; a taken email or username (also one taken a moment ago) is a 409 on its field. */
export async function insertUser(db: Executor, account: NewAccount, passwordHash: string): Promise<Recipient> {
  try {
    return await db.one<Recipient>(
      `insert into users (email, username, password_hash, first_name, last_name)
       values ($1, $2, $3, $4, $5) returning id, email, first_name`,
      [account.email, account.username, passwordHash, account.firstName, account.lastName],
    );
  } catch (error) {
    const { code, constraint } = error as { code?: string; constraint?: string };
    if (code === UNIQUE_VIOLATION && constraint === 'users_email_lower_key') {
      throw new Conflict(VALIDATION.emailTaken, 'email', 'email_taken');
    }
    if (code === UNIQUE_VIOLATION && constraint === 'users_username_lower_key') {
      throw new Conflict(VALIDATION.usernameTaken, 'username', 'username_taken');
    }
    throw error;
  }
}
