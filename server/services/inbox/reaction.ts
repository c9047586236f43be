import { INBOX_ERRORS, REACTION_MAX_LENGTH, type Message } from '../../../contract';
import { ValidationFailed } from '../../errors';
import { sendingAddress } from '../whatsapp/customer-id';
import { requireSendingConnection } from '../whatsapp/sending-connection';
import type { ConversationRow } from './conversations';
import type { InboxDeps } from './deps';
import { BUSINESS_REACTOR, MESSAGE_COLUMNS, messageNotFound, toMessage, type MessageRow } from './messages';
import { graphRefusal, refused, windowClosed } from './outbound';

/**
 * The owner reacts to a customer's message (issue 28 item 5): sent to WhatsApp as a `reaction`
 * message, then kept on the message as the business's reaction. Not a message of its own, so not the
 * outbound path's; it shares that path's refusals. Nothing is stored when WhatsApp refuses: a reaction
 * the customer never saw is no reaction.
 */

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });
/** What makes a grapheme an emoji: a pictograph, a flag's regional indicators, or a keycap. */
const EMOJI_PART = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\u20e3/u;
const NOT_EMOJI_PART = /[\p{L}\p{N}\p{P}\p{Z}\p{Cc}]/u;

/** One emoji (a single grapheme that is a pictograph, a flag or a keycap), or '' to take it back. */
export function isReactionEmoji(emoji: string): boolean {
  if (emoji === '') return true;
  if (emoji.length > REACTION_MAX_LENGTH || [...graphemes.segment(emoji)].length !== 1) return false;
  if (!EMOJI_PART.test(emoji)) return false;
  // Besides pictographs (some, like ‼️, are punctuation too), a keycap's digit, '#' or '*' is the only
  // letter, number or punctuation an emoji may hold.
  const rest = emoji.replace(/\p{Extended_Pictographic}/gu, '').replace(/[0-9#*](?=\ufe0f?\u20e3)/gu, '');
  return !NOT_EMOJI_PART.test(rest);
}

export interface ReactionInput {
  userId: number;
  conversation: ConversationRow;
  /** The wamid of the customer's message. */
  messageId: string;
  emoji: string;
}

async function customerMessage(deps: Pick<InboxDeps, 'db'>, input: ReactionInput) {
  const message = await deps.db.maybeOne<{ id: number; direction: 'inbound' | 'outbound' }>(
    `select id, direction from messages
      where user_id = $1 and conversation_id = $2 and wamid = $3 and hidden_at is null`,
    [input.userId, input.conversation.id, input.messageId],
  );
  if (!message) throw messageNotFound();
  // Our own messages are in WhatsApp too, but a business reacting to itself is not what the menu offers.
  if (message.direction !== 'inbound') {
    throw new ValidationFailed(INBOX_ERRORS.reactionToOwnMessage, 'messageId', 'reaction_to_own_message');
  }
  return message;
}

/**
 * Sends the reaction and answers the message as it now is. Refusals: 422 for the emoji or a message
 * that is ours, 404 for a message not in the conversation, 409 when not connected or outside the
 * 24-hour window, 502 when Graph fails.
 */
export async function reactToMessage(deps: InboxDeps, input: ReactionInput): Promise<Message> {
  if (!isReactionEmoji(input.emoji)) {
    throw new ValidationFailed(INBOX_ERRORS.reactionNotEmoji, 'emoji', 'reaction_not_emoji');
  }
  const message = await customerMessage(deps, input);
  const sending = await requireSendingConnection(deps.db, deps.secrets, input.userId);
  if (!input.conversation.window_open) throw windowClosed();
  try {
    await deps.graph.sendReaction(sending.token, sending.connection.phone_number_id, {
      to: sendingAddress(input.conversation),
      messageId: input.messageId,
      emoji: input.emoji,
    });
  } catch (error) {
    const refusal = await graphRefusal(deps, sending, error, { needsOpenWindow: true });
    deps.log.warn({ err: error, userId: input.userId, messageId: input.messageId }, 'inbox: reaction failed');
    throw refused(refusal);
  }
  // Taken back, it stays as null (as a customer's does) with its time; updated_at moves the ETag.
  const row = await deps.db.one<MessageRow>(
    `update messages set
        reactions = jsonb_set(reactions, array[$3::text],
                              jsonb_build_object('emoji', $4::text, 'timestamp', extract(epoch from now())::bigint)),
        updated_at = now()
      where id = $1 and user_id = $2
      returning ${MESSAGE_COLUMNS}`,
    [message.id, input.userId, BUSINESS_REACTOR, input.emoji === '' ? null : input.emoji],
  );
  return toMessage(row, input.conversation.wa_id);
}
