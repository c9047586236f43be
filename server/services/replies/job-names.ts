/**
 * The replies area's jobs as the queue knows them: names, key prefixes (a key is the prefix and a
 * wamid, so that a job is queued once per message) and the conversation's queue they run in.
 */

export const REPLY_JOB = 'reply';
export const REPLY_KEY_PREFIX = 'reply:';

/** A customer's voice note written out for an agent whose provider transcribes (transcription.ts). */
export const TRANSCRIBE_JOB = 'media.transcribe';
export const TRANSCRIBE_KEY_PREFIX = 'transcribe:';

/** A conversation's jobs run one at a time, in order (the webhook queues them in the same queue). */
export function conversationQueue(conversationId: number): string {
  return `conversation:${conversationId}`;
}
