import { INBOX_ERRORS } from '../../../contract';
import type { Executor } from '../../db/client';
import { NotFound } from '../../errors';
import type { ConversationRow } from './conversations';
import type { MediaStore, StoredMedia } from '../media/store';

/** A message's file for its owner: only a ready media of one of their own conversations. */

export interface MessageFile extends StoredMedia {
  filename: string | null;
}

function mediaNotFound(): NotFound {
  return new NotFound(INBOX_ERRORS.mediaNotFound, 'media_not_found');
}

export async function readMessageFile(
  db: Executor,
  store: MediaStore,
  conversation: ConversationRow,
  wamid: string,
): Promise<MessageFile> {
  const row = await db.maybeOne<{ storage_key: string; filename: string | null }>(
    `select mm.storage_key, m.raw -> m.type ->> 'filename' as filename
       from messages m join message_media mm on mm.message_id = m.id and mm.user_id = m.user_id
      where m.user_id = $1 and m.conversation_id = $2 and m.wamid = $3 and m.hidden_at is null
        and mm.status = 'ready'`,
    [conversation.user_id, conversation.id, wamid],
  );
  if (!row) throw mediaNotFound();
  const stored = await store.get(conversation.user_id, row.storage_key);
  if (!stored) throw mediaNotFound();
  return { ...stored, filename: row.filename };
}

/** `Content-Disposition` for a file: shown in place, under its own name when it has one. */
export function inlineDisposition(filename: string | null): string {
  if (!filename) return 'inline';
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
