import type { Db } from '../../db/client';
import type { ReceivedMessage } from '../../events';

/**
 * The reply's bookkeeping: every step that could send is recorded first in reply_attempts, keyed by
 * the message's wamid, so a job run twice (a duplicate delivery, a retry, a crash between the send
 * and its bookkeeping) never sends twice; and the owner sees 'AI is replying…' meanwhile.
 */

/** Whether a customer message came after this one: then its own job answers the whole burst. */
export async function supersededBy(db: Db, payload: ReceivedMessage): Promise<boolean> {
  const newer = await db.maybeOne(
    `select 1 as found from messages
      where conversation_id = $1 and user_id = $2 and direction = 'inbound' and id > $3
      limit 1`,
    [payload.conversationId, payload.userId, payload.messageId],
  );
  return newer !== undefined;
}

export type AttemptState = 'started' | 'skipped' | 'sending' | 'sent' | 'handed_over';

/** Claims the message for this run; false when an earlier run got as far as sending (or finished). */
export async function claimAttempt(db: Db, payload: ReceivedMessage): Promise<boolean> {
  // On conflict the no-op update makes `returning` give the existing row's state.
  const row = await db.one<{ state: AttemptState }>(
    `insert into reply_attempts (user_id, conversation_id, wamid) values ($1, $2, $3)
     on conflict on constraint reply_attempts_user_id_wamid_key do update set state = reply_attempts.state
     returning state`,
    [payload.userId, payload.conversationId, payload.wamid],
  );
  return row.state === 'started';
}

export async function recordAttempt(
  db: Db,
  payload: ReceivedMessage,
  state: AttemptState,
  detail: string | null = null,
  replyWamid: string | null = null,
): Promise<void> {
  await db.query(
    `update reply_attempts set state = $3, detail = coalesce($4, detail), reply_wamid = coalesce($5, reply_wamid),
            updated_at = now()
      where user_id = $1 and wamid = $2`,
    [payload.userId, payload.wamid, state, detail, replyWamid],
  );
}

/** 'AI is replying…' on the conversation, or not. */
export async function setReplying(db: Db, payload: ReceivedMessage, replying: boolean): Promise<void> {
  await db.query(
    `update conversations set ai_replying_since = ${replying ? 'now()' : 'null'}, updated_at = now()
      where id = $1 and user_id = $2`,
    [payload.conversationId, payload.userId],
  );
}
