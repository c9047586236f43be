import { INBOX_ERRORS, INBOX_LIMITS, type Message } from '../../../contract';
import type { Executor } from '../../db/client';
import { ValidationFailed } from '../../errors';
import { requireConversationById } from './conversations';
import type { InboxDeps } from './deps';
import { FAILED_ID_PREFIX, sendOutbound, sentId, type Author, type Outbound } from './outbound';

/**
 * A text to a customer, by a person from the inbox or by the AI: checked, then sent (quoting a
 * message when asked) and stored by the inbox's one outbound path.
 */

export interface ReplyInput {
  userId: number;
  conversationId: number;
  text: string;
  /** The wamid of a message of this conversation that the reply quotes. */
  inReplyTo?: string | null;
  sender: Author;
  /**
   * The caller (the reply job) deals with a send that may go through later or may have gone through
   * (sendFailureKind 'passing' or 'uncertain'): the Graph error is thrown as it is, nothing stored.
   */
  retriesLater?: boolean;
}

function checkText(text: string): void {
  if (text.trim() === '') throw new ValidationFailed(INBOX_ERRORS.emptyReply, 'text', 'reply_empty');
  if (text.length > INBOX_LIMITS.maxReplyLength) {
    throw new ValidationFailed(INBOX_ERRORS.replyTooLong, 'text', 'reply_too_long');
  }
}

/** The quoted message's wamid once it is known to be one of this conversation's, sent. */
export async function checkQuoted(
  db: Executor,
  input: Pick<ReplyInput, 'userId' | 'conversationId' | 'inReplyTo'>,
): Promise<string | undefined> {
  if (input.inReplyTo === undefined || input.inReplyTo === null) return undefined;
  const quoted = await db.maybeOne(
    'select 1 from messages where user_id = $1 and conversation_id = $2 and wamid = $3',
    [input.userId, input.conversationId, input.inReplyTo],
  );
  if (!quoted) throw new ValidationFailed(INBOX_ERRORS.quotedNotFound, 'in_reply_to_message_id', 'quoted_not_found');
  if (input.inReplyTo.startsWith(FAILED_ID_PREFIX)) {
    throw new ValidationFailed(INBOX_ERRORS.quotedNotSent, 'in_reply_to_message_id', 'quoted_not_sent');
  }
  return input.inReplyTo;
}

/** A text message. */
export const textMessage = (text: string): Outbound => ({
  needsOpenWindow: true,
  send: async ({ graph, token, phoneNumberId, to, quoted }) =>
    sentId(await graph.sendText(token, phoneNumberId, { to, body: text, replyTo: quoted })),
  content: () => ({ type: 'text', body: text, raw: { type: 'text', text: { body: text } } }),
});

/**
 * Sends `text` to the conversation's customer and returns the stored message. Refusals: 422 for the
 * text or the quoted message, then those of the outbound path (409 not connected or window closed,
 * 502 when Graph fails).
 */
export async function sendReply(deps: InboxDeps, input: ReplyInput): Promise<Message> {
  const conversation = await requireConversationById(deps.db, input.userId, input.conversationId);
  checkText(input.text);
  const quoted = await checkQuoted(deps.db, input);
  return sendOutbound(
    deps,
    { userId: input.userId, conversation, author: input.sender, quoted, retriesLater: input.retriesLater },
    textMessage(input.text),
  );
}
