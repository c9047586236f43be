import type { Db } from '../../db/client';
import type { ReceivedMessage } from '../../events';
import { FETCH_MEDIA_KEY_PREFIX } from '../media/fetch-job';
import { TRANSCRIBE_KEY_PREFIX } from './job-names';

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

/**
 * 'sending' is written right before a send: a run that finds it knows an earlier one was cut short
 * while sending, whose answer may or may not have reached the customer. A send that failed for a
 * passing reason is 'started' again, for the job's next run. 'left_to_person': a person owned the
 * conversation, so the message is theirs to answer (context.ts leaves it out of the AI's burst).
 */
export type AttemptState =
  'started' | 'skipped' | 'sending' | 'sent' | 'handed_over' | 'awaiting_media' | 'left_to_person';

/** Where an earlier run of this message's reply got to (undefined: none ran). */
export async function attemptState(db: Db, payload: ReceivedMessage): Promise<AttemptState | undefined> {
  const row = await db.maybeOne<{ state: AttemptState }>(
    'select state from reply_attempts where user_id = $1 and wamid = $2',
    [payload.userId, payload.wamid],
  );
  return row?.state;
}

/**
 * Whether a customer message this reply answers (since our last message, up to this one) still has
 * its media on the way: its media job, or its voice note's transcription, is queued. Those jobs sit
 * before the reply in the conversation's queue, but a retried one waits its backoff behind it.
 */
export async function mediaAwaited(db: Db, payload: ReceivedMessage): Promise<boolean> {
  const row = await db.maybeOne(
    `select 1 as found from messages m
       join jobs j on j.key in ($4 || m.wamid, $5 || m.wamid) and j.status in ('pending', 'running')
      where m.conversation_id = $1 and m.user_id = $2 and m.direction = 'inbound' and m.id <= $3
        and m.id > coalesce((select max(o.id) from messages o
                              where o.conversation_id = $1 and o.user_id = $2 and o.direction = 'outbound'
                                and o.hidden_at is null and o.status <> 'failed'), 0)
      limit 1`,
    [payload.conversationId, payload.userId, payload.messageId, FETCH_MEDIA_KEY_PREFIX, TRANSCRIBE_KEY_PREFIX],
  );
  return row !== undefined;
}

/**
 * The reply steps back until the media it waits for is kept or failed: the job that settles it
 * continues this reply (after-media.ts). Nothing is claimed, so the continuation may claim it.
 */
export async function deferAttempt(db: Db, payload: ReceivedMessage): Promise<void> {
  await db.query(
    `insert into reply_attempts (user_id, conversation_id, wamid, state) values ($1, $2, $3, 'awaiting_media')
     on conflict on constraint reply_attempts_user_id_wamid_key
     do update set state = 'awaiting_media', updated_at = now()
      where reply_attempts.state in ('started', 'awaiting_media')`,
    [payload.userId, payload.conversationId, payload.wamid],
  );
}

/**
 * Claims the message for this run; false when an earlier run got as far as sending (or finished).
 * A reply that stepped back for its media is claimed again.
 */
export async function claimAttempt(db: Db, payload: ReceivedMessage): Promise<boolean> {
  // On conflict the update keeps the existing row's state (but a deferred one starts), and
  // `returning` gives it.
  const row = await db.one<{ state: AttemptState }>(
    `insert into reply_attempts (user_id, conversation_id, wamid) values ($1, $2, $3)
     on conflict on constraint reply_attempts_user_id_wamid_key
     do update set state = case when reply_attempts.state = 'awaiting_media' then 'started' else reply_attempts.state end
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

/** 'AI is replying…' on the conversation, or not (a conversation that does not show it is left as it is). */
export async function setReplying(db: Db, payload: ReceivedMessage, replying: boolean): Promise<void> {
  await db.query(
    `update conversations set ai_replying_since = ${replying ? 'now()' : 'null'}, updated_at = now()
      where id = $1 and user_id = $2${replying ? '' : ' and ai_replying_since is not null'}`,
    [payload.conversationId, payload.userId],
  );
}
