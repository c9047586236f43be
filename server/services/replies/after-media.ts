import type { Executor } from '../../db/client';
import type { ReceivedMessage } from '../../events';
import { enqueue } from '../../jobs/queue';
import { findActiveAgent } from '../agents/agents';
import type { SettledMedia } from '../media/fetch-job';
import { conversationQueue, REPLY_JOB, REPLY_KEY_PREFIX, TRANSCRIBE_JOB, TRANSCRIBE_KEY_PREFIX } from './job-names';
import { offersTranscription } from './models';

/**
 * What follows a customer's media once it is kept or failed, inside the transaction that says so:
 * a voice note for an agent whose provider transcribes is queued for transcription; otherwise a
 * reply that stepped back for this media (attempts.ts, `deferAttempt`) is continued.
 *
 * Why a reply waits at all: the media job is due at once and the reply after the debounce, in the
 * same conversation queue, so the reply normally finds the media settled. A media job that failed
 * and waits its backoff is behind the reply in that queue, though: the reply then steps back, and
 * the job that settles the media queues it again. Every step runs in the conversation's queue, one
 * at a time, so the reply and the media job never run side by side, and the reply is claimed once
 * (reply_attempts), so it is never sent twice.
 */

/**
 * Queues the deferred reply of the conversation's newest deferred message again, now: `step` names
 * what settled (its key is once per deferred message and settled message). Its own run finds out
 * whether a newer message superseded it, or whether other media are still on the way.
 */
export async function continueDeferredReply(tx: Executor, message: ReceivedMessage, step: string): Promise<void> {
  const deferred = await tx.maybeOne<{ id: number; wamid: string }>(
    `select m.id, m.wamid from reply_attempts ra
       join messages m on m.user_id = ra.user_id and m.wamid = ra.wamid
      where ra.user_id = $1 and ra.conversation_id = $2 and ra.state = 'awaiting_media'
      order by m.id desc
      limit 1`,
    [message.userId, message.conversationId],
  );
  if (!deferred) return;
  const payload: ReceivedMessage = {
    userId: message.userId,
    conversationId: message.conversationId,
    messageId: Number(deferred.id),
    wamid: deferred.wamid,
  };
  await enqueue(tx, {
    name: REPLY_JOB,
    payload: { ...payload },
    key: `${REPLY_KEY_PREFIX}${deferred.wamid}:after-${step}:${message.wamid}`,
    queue: conversationQueue(message.conversationId),
  });
}

/** The media job's `settled` hook (services/media/fetch-job.ts). */
export async function afterMediaSettled(tx: Executor, message: ReceivedMessage, media: SettledMedia): Promise<void> {
  if (media.kind === 'audio' && media.status === 'ready') {
    const agent = await findActiveAgent(tx, message.userId);
    if (agent && offersTranscription(agent.model)) {
      const marked = await tx.query(
        `update message_media set transcript_status = 'pending'
          where message_id = $1 and user_id = $2 and transcript_status is null
          returning message_id`,
        [message.messageId, message.userId],
      );
      if (marked.length > 0) {
        await enqueue(tx, {
          name: TRANSCRIBE_JOB,
          payload: { ...message },
          key: `${TRANSCRIBE_KEY_PREFIX}${message.wamid}`,
          queue: conversationQueue(message.conversationId),
        });
        // The transcription continues the reply once it is done.
        return;
      }
    }
  }
  await continueDeferredReply(tx, message, 'media');
}
