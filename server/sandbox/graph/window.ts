/** The 24-hour customer service window: a customer's message opens it, free-form messages need it. */

import type { Executor } from '../../db/client';

export const SERVICE_WINDOW_HOURS = 24;

/** Whether the customer wrote to this number within the last 24 hours. */
export async function windowIsOpen(db: Executor, phoneNumberId: string, waId: string): Promise<boolean> {
  const row = await db.maybeOne(
    `select 1 from sandbox_messages
      where phone_number_id = $1 and wa_id = $2 and direction = 'inbound'
        and created_at > now() - $3::integer * interval '1 hour'
      limit 1`,
    [phoneNumberId, waId, SERVICE_WINDOW_HOURS],
  );
  return row !== undefined;
}
