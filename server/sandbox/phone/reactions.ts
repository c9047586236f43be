import type { Db } from '../../db/client';
import { ValidationFailed } from '../../errors';
import { wamid as newWamid } from '../graph/ids';
import { isSandboxEmoji } from '../graph/send-reaction';
import { inboundReactionPayload, type SandboxWebhooks } from '../webhooks';
import { checkedSender, deliverFromPhone, type PhoneMessageSent, type PhoneSender } from './service';

/**
 * The customer reacts on the phone to one of the business's messages (issue 28 item 5): kept on
 * the message, then delivered as Meta delivers a reaction, signed; an empty emoji takes it back.
 */

export interface PhoneReactionInput extends PhoneSender {
  /** The wamid of the business's message. */
  message_id: string;
  emoji: string;
}

export async function reactFromPhone(
  db: Db,
  webhooks: SandboxWebhooks,
  input: PhoneReactionInput,
  customerToken: string | undefined,
): Promise<PhoneMessageSent> {
  if (!isSandboxEmoji(input.emoji)) {
    throw new ValidationFailed('A reaction is one emoji, or nothing to take it back.', 'emoji');
  }
  const { name, username, waId, phone } = await checkedSender(db, input, customerToken);
  const reacted = await db.maybeOne<{ created_at: Date }>(
    `update sandbox_messages set customer_reaction = $4
      where wamid = $1 and phone_number_id = $2 and wa_id = $3 and direction = 'outbound'
      returning now() as created_at`,
    [input.message_id, phone.id, waId, input.emoji === '' ? null : input.emoji],
  );
  if (!reacted)
    throw new ValidationFailed("The message is not one of the business's in this conversation.", 'message_id');
  // The reaction is a message of its own on WhatsApp (its own wamid), not one the thread shows.
  const recorded = { wamid: newWamid(), wa_id: waId };
  const payload = inboundReactionPayload(phone, {
    wamid: recorded.wamid,
    from: waId,
    name,
    username,
    timestamp: String(Math.floor(reacted.created_at.getTime() / 1000)),
    reaction: { message_id: input.message_id, emoji: input.emoji },
  });
  return deliverFromPhone(db, webhooks, phone, recorded, payload);
}
