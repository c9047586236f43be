import type { Executor } from '../../db/client';
import type { StatusPricing } from '../webhooks';
import type { PhoneRow } from './accounts';
import { graphErrors } from './errors';
import { bsuidOf, digitsOf, wamid } from './ids';
import { windowIsOpen } from './window';

/** What every message the business sends goes through: its recipient, the window, and storing it. */

export type Body = Record<string, unknown>;

export function isObject(value: unknown): value is Body {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function invalid(details: string) {
  return graphErrors.badParameter('Invalid parameter', details);
}

/** The customer of this number whose business-scoped user ID this is (the sandbox derives them). */
async function customerByBsuid(db: Executor, phone: PhoneRow, bsuid: string): Promise<string | undefined> {
  const customers = await db.query<{ wa_id: string }>(
    `select distinct wa_id from sandbox_messages where phone_number_id = $1 and direction = 'inbound'`,
    [phone.id],
  );
  return customers.map((row) => row.wa_id).find((waId) => bsuidOf(waId) === bsuid);
}

/**
 * What every send checks: the recipient, and the quoted message when there is one. A customer is
 * named by phone number (`to`) or by business-scoped user ID (`recipient`); `to` wins when both are
 * given (Meta's "Business-scoped user IDs" page, updated 2026-11-05; v23.0's OpenAPI file has no
 * `recipient`).
 */
export async function recipient(
  db: Executor,
  phone: PhoneRow,
  body: Body,
): Promise<{ contact: Record<string, string>; waId: string; quoted: string | null }> {
  const { to, recipient: bsuid, context, recipient_type: recipientType } = body;
  if (recipientType !== undefined && recipientType !== 'individual') {
    throw invalid("recipient_type must be 'individual' in the sandbox.");
  }
  if (context !== undefined && (!isObject(context) || typeof context.message_id !== 'string')) {
    throw invalid('context.message_id must be a message id.');
  }
  const quoted = isObject(context) ? (context.message_id as string) : null;
  if (to === undefined && typeof bsuid === 'string') {
    const waId = await customerByBsuid(db, phone, bsuid);
    if (!waId) throw invalid('recipient must be the business-scoped user ID of a customer of this number.');
    return { contact: { input: bsuid, user_id: bsuid }, waId, quoted };
  }
  if (typeof to !== 'string' || digitsOf(to).length < 6) throw invalid('to must be a phone number.');
  const waId = digitsOf(to);
  return { contact: { input: to, wa_id: waId }, waId, quoted };
}

/** A free-form message: only possible in the customer service window, where it is free. */
export const SERVICE_PRICING: StatusPricing = {
  billable: false,
  pricing_model: 'PMP',
  category: 'service',
  type: 'free_customer_service',
};

export async function storeOutbound(
  db: Executor,
  phone: PhoneRow,
  body: Body,
  type: string,
  content: unknown,
  pricing: StatusPricing = SERVICE_PRICING,
) {
  const { contact, waId, quoted } = await recipient(db, phone, body);
  const id = wamid();
  await db.query(
    `insert into sandbox_messages (wamid, phone_number_id, wa_id, direction, type, body, context_wamid, pricing, by_bsuid)
     values ($1, $2, $3, 'outbound', $4, $5::jsonb, $6, $7::jsonb, $8)`,
    [id, phone.id, waId, type, JSON.stringify(content), quoted, JSON.stringify(pricing), contact.wa_id === undefined],
  );
  return { messaging_product: 'whatsapp', contacts: [contact], messages: [{ id }] };
}

export async function requireWindow(db: Executor, phone: PhoneRow, body: Body) {
  if (!(await windowIsOpen(db, phone.id, (await recipient(db, phone, body)).waId))) throw graphErrors.outsideWindow();
}
