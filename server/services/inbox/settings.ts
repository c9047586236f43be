import type { InboxSettings } from '../../../contract';
import type { Executor } from '../../db/client';

/** What the owner chose for their inbox (migration 0051); an owner who never chose has the defaults. */

export const DEFAULT_INBOX_SETTINGS: InboxSettings = { read_receipts: true };

export async function readInboxSettings(db: Executor, userId: number): Promise<InboxSettings> {
  const row = await db.maybeOne<InboxSettings>('select read_receipts from inbox_settings where user_id = $1', [userId]);
  return row ?? DEFAULT_INBOX_SETTINGS;
}

export async function saveInboxSettings(db: Executor, userId: number, settings: InboxSettings): Promise<InboxSettings> {
  return db.one<InboxSettings>(
    `insert into inbox_settings (user_id, read_receipts) values ($1, $2)
     on conflict (user_id) do update set read_receipts = excluded.read_receipts, updated_at = now()
     returning read_receipts`,
    [userId, settings.read_receipts],
  );
}
