import type { Conversation } from '../../contract';
import type { Db } from '../db/client';
import { CUSTOMER_WINDOW_HOURS, listedConversation, requireConversation } from '../services/inbox/conversations';

/**
 * Sandbox only: "a day passes" for one of the signed-in owner's conversations, so that the 24-hour
 * customer service window can be seen closing without waiting a day (the end-to-end tests use it).
 * Nothing of the server's clock moves: the customer's last message is moved back, on both sides of
 * the pretend WhatsApp — Threadline's `conversations.last_inbound_at`, which `window_closes_at` and
 * the reply pipeline read, and the simulator's thread with the owner's sandbox number, whose window
 * decides whether a free-form send is refused with 131047. The whole sandbox thread moves, so the
 * customer phone keeps its order, and so does the customer's claim on the number (customers.ts), so
 * the phone keeps showing it.
 */
export const DAY_PASSED_HOURS = CUSTOMER_WINDOW_HOURS + 1;

export async function letADayPass(
  db: Db,
  userId: number,
  publicId: string,
  /** The customer's number in the simulator's thread, when the phone knows it (a BSUID conversation's). */
  sandboxWaId?: string,
): Promise<Conversation> {
  return db.transaction(async (tx) => {
    const conversation = await requireConversation(tx, userId, publicId);
    await tx.query(
      `update conversations set last_inbound_at = last_inbound_at - $2::integer * interval '1 hour' where id = $1`,
      [conversation.id, DAY_PASSED_HOURS],
    );
    await tx.query(
      `with moved as (
         update sandbox_messages m set created_at = m.created_at - $3::integer * interval '1 hour'
           from whatsapp_connections w
          where w.user_id = $1 and m.phone_number_id = w.phone_number_id and m.wa_id = $2
          returning 1)
       update sandbox_customers set claimed_at = claimed_at - $3::integer * interval '1 hour'
        where wa_id = $2 and exists (select 1 from moved)`,
      [userId, sandboxWaId ?? conversation.wa_id, DAY_PASSED_HOURS],
    );
    // A moved time is no change the database announces by itself: the owner's open tabs reload it.
    await tx.query(`select live_notify($1, 'conversation.changed', jsonb_build_object('c', $2::text))`, [
      userId,
      publicId,
    ]);
    return (await listedConversation(tx, userId, conversation.id))!;
  });
}
