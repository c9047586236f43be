import { ACCOUNT_MESSAGES, type MessageResponse, type UpdateProfileBody, type UserProfile } from '../../../contract';
import type { Executor } from '../../db/client';
import { NotFound } from '../../errors';
import { PROFILE_COLUMNS, toProfile, type ProfileRow } from './users';
import { validProfileChanges } from './validation';

const ACCOUNT_GONE = 'This account no longer exists.';

export async function getProfile(db: Executor, userId: number): Promise<UserProfile> {
  const row = await db.maybeOne<ProfileRow>(`select ${PROFILE_COLUMNS} from users where id = $1`, [userId]);
  if (!row) throw new NotFound(ACCOUNT_GONE);
  return toProfile(row);
}

/**
 * Edits the names and the bio. The email and username are fixed, so such fields in the body are
 * ignored; display_name or bio left out stay as they are, blank ones are cleared.
 */
export async function updateProfile(db: Executor, userId: number, body: UpdateProfileBody): Promise<UserProfile> {
  const changes = validProfileChanges(body);
  const row = await db.maybeOne<ProfileRow>(
    `update users set
        first_name = $2,
        last_name = $3,
        display_name = case when $4::boolean then $5::text else display_name end,
        bio = case when $6::boolean then $7::text else bio end,
        updated_at = now()
      where id = $1
      returning ${PROFILE_COLUMNS}`,
    [
      userId,
      changes.firstName,
      changes.lastName,
      changes.displayName !== undefined,
      changes.displayName ?? null,
      changes.bio !== undefined,
      changes.bio ?? null,
    ],
  );
  if (!row) throw new NotFound(ACCOUNT_GONE);
  return toProfile(row);
}

/**
 * Deletes the account and, through `on delete cascade`, everything it owns: its sessions (so
 * every access token stops working), one-time tokens, outbox mails and all later data.
 */
export async function deleteAccount(db: Executor, userId: number): Promise<MessageResponse> {
  await db.query('delete from users where id = $1', [userId]);
  return { message: ACCOUNT_MESSAGES.accountDeleted };
}
