import type { Db } from '../../db/client';
import { NotFound } from '../../errors';
import { publicConversationId } from '../../services/inbox/conversations';
import { DAY_PASSED_HOURS, letADayPass } from '../day-passed';
import { bsuidOf } from '../graph/ids';
import { checkedSender, type PhoneSender } from './service';

/**
 * "A day passes" on the customer phone: the customer's own thread with one business number moves a
 * day back (../day-passed.ts), so that the business's 24-hour window closes now. Only the browser that
 * owns the customer number can do it, and only to its own conversation with that business: an owner
 * sees nothing of another's, and a customer moves nothing but what waiting a day would.
 */

export const NO_CONVERSATION_YET = 'Write to the business first: there is no conversation to move yet.';

export interface DayPassedOnPhone {
  hours: number;
  /** When the business's window now closes (in the past), as the inbox shows it. */
  window_closes_at: string | null;
}

export async function letADayPassOnPhone(
  db: Db,
  input: PhoneSender,
  customerToken: string | undefined,
): Promise<DayPassedOnPhone> {
  const { waId, phone } = await checkedSender(db, input, customerToken);
  const conversation = await db.maybeOne<{ user_id: number; wa_id: string }>(
    `select c.user_id, c.wa_id from conversations c
       join whatsapp_connections w on w.user_id = c.user_id and w.phone_number_id = $1
      where c.wa_id = any($2::text[])
      order by c.wa_id = $3 desc
      limit 1`,
    [phone.id, [waId, bsuidOf(waId)], waId],
  );
  if (!conversation) throw new NotFound(NO_CONVERSATION_YET, 'conversation_not_found');
  const moved = await letADayPass(db, conversation.user_id, publicConversationId(conversation.wa_id), waId);
  return { hours: DAY_PASSED_HOURS, window_closes_at: moved.window_closes_at ?? null };
}
