import type { Executor } from '../../db/client';
import type { PhoneRow } from './accounts';
import { wamid } from './ids';
import { invalid, isObject, recipient, requireWindow, type Body } from './outbound';

/** WhatsApp takes one emoji; a few code points make one (skin tones, ZWJ sequences, flags). */
export const REACTION_EMOJI_MAX_LENGTH = 32;

/** What the sandbox takes for an emoji: short, no letters, no spaces; '' removes a reaction. */
export function isSandboxEmoji(emoji: unknown): emoji is string {
  return typeof emoji === 'string' && emoji.length <= REACTION_EMOJI_MAX_LENGTH && !/[\p{L}\s]/u.test(emoji);
}

/**
 * An emoji on a message of the customer's thread, as Meta takes it (WHATSAPP.md §0:
 * `reaction: {message_id, emoji}`, an empty emoji removes it): one reaction per message, the newest wins.
 */
export async function sendReaction(db: Executor, phone: PhoneRow, body: Body) {
  const { contact, waId } = await recipient(db, phone, body);
  const { reaction } = body;
  if (!isObject(reaction) || typeof reaction.message_id !== 'string') {
    throw invalid('reaction.message_id is required.');
  }
  const { emoji } = reaction;
  if (!isSandboxEmoji(emoji)) {
    throw invalid('reaction.emoji must be one emoji, or empty to remove the reaction.');
  }
  await requireWindow(db, phone, body);
  const reacted = await db.query(
    `update sandbox_messages set business_reaction = $4
      where wamid = $1 and phone_number_id = $2 and wa_id = $3
      returning wamid`,
    [reaction.message_id, phone.id, waId, emoji === '' ? null : emoji],
  );
  if (reacted.length === 0) {
    throw invalid(`Message ${reaction.message_id} is not in this customer's thread with this number.`);
  }
  return { messaging_product: 'whatsapp', contacts: [contact], messages: [{ id: wamid() }] };
}
