import type { Executor } from '../../db/client';
import type { PhoneRow } from './accounts';
import { graphErrors } from './errors';
import { digitsOf, wamid } from './ids';

/**
 * POST /{phone_number_id}/messages in the sandbox: free-form text inside the 24-hour customer
 * service window, read receipts and the typing indicator. Inbound customer messages are recorded
 * here too, because they are what opens the window.
 */

export const SERVICE_WINDOW_HOURS = 24;
export const TEXT_BODY_MAX_LENGTH = 4096;

type Body = Record<string, unknown>;

/** Hears about each text the business sent, once it is stored (the sandbox then tells its statuses). */
export interface SentListener {
  sent(wamid: string, waId: string): void;
}

function isObject(value: unknown): value is Body {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function invalid(details: string) {
  return graphErrors.badParameter('Invalid parameter', details);
}

export async function postMessage(db: Executor, phone: PhoneRow, body: unknown, listener?: SentListener) {
  if (!isObject(body)) throw invalid('The request body must be a JSON object.');
  if (body.messaging_product !== 'whatsapp') throw invalid("messaging_product must be 'whatsapp'.");
  if (body.status !== undefined) return markRead(db, phone, body);
  if (phone.registered_at === null) throw graphErrors.notRegistered();
  if (body.type !== 'text') {
    throw invalid('The sandbox sends text messages, read receipts and typing indicators only.');
  }
  const answer = await sendText(db, phone, body);
  listener?.sent(answer.messages[0].id, answer.contacts[0].wa_id);
  return answer;
}

async function sendText(db: Executor, phone: PhoneRow, body: Body) {
  const { to, text, context, recipient_type: recipientType } = body;
  if (recipientType !== undefined && recipientType !== 'individual') {
    throw invalid("recipient_type must be 'individual' in the sandbox.");
  }
  if (typeof to !== 'string' || digitsOf(to).length < 6) throw invalid('to must be a phone number.');
  if (!isObject(text) || typeof text.body !== 'string' || text.body.trim() === '') {
    throw invalid('text.body is required.');
  }
  if (text.body.length > TEXT_BODY_MAX_LENGTH) {
    throw invalid(`text.body must be at most ${TEXT_BODY_MAX_LENGTH} characters.`);
  }
  if (context !== undefined && (!isObject(context) || typeof context.message_id !== 'string')) {
    throw invalid('context.message_id must be a message id.');
  }
  const waId = digitsOf(to);
  if (!(await windowIsOpen(db, phone.id, waId))) throw graphErrors.outsideWindow();
  const id = wamid();
  await db.query(
    `insert into sandbox_messages (wamid, phone_number_id, wa_id, direction, type, body, context_wamid)
     values ($1, $2, $3, 'outbound', 'text', $4::jsonb, $5)`,
    [id, phone.id, waId, JSON.stringify(text), context?.message_id ?? null],
  );
  return { messaging_product: 'whatsapp', contacts: [{ input: to, wa_id: waId }], messages: [{ id }] };
}

async function markRead(db: Executor, phone: PhoneRow, body: Body) {
  const { status, message_id: messageId, typing_indicator: typing } = body;
  if (status !== 'read') throw invalid("status must be 'read'.");
  if (typeof messageId !== 'string') throw invalid('message_id is required.');
  if (typing !== undefined && (!isObject(typing) || typing.type !== 'text')) {
    throw invalid("typing_indicator.type must be 'text'.");
  }
  // Marking one message read marks the customer's earlier ones read too.
  const read = await db.query(
    `update sandbox_messages m set read_at = coalesce(m.read_at, now())
       from sandbox_messages target
      where target.wamid = $2 and target.phone_number_id = $1 and target.direction = 'inbound'
        and m.phone_number_id = $1 and m.wa_id = target.wa_id and m.direction = 'inbound'
        and m.created_at <= target.created_at
      returning m.wamid`,
    [phone.id, messageId],
  );
  if (read.length === 0) throw invalid(`Message ${messageId} is not an inbound message of this number.`);
  // The customer's phone shows 'typing…' for 25 s, or until the business's next message.
  if (typing !== undefined) {
    await db.query('update sandbox_messages set typing_at = now() where wamid = $1 and phone_number_id = $2', [
      messageId,
      phone.id,
    ]);
  }
  return { success: true };
}

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

export interface InboundText {
  phoneNumberId: string;
  /** The customer's number, in any format. */
  from: string;
  text: string;
  /** The wamid the customer quoted. */
  replyTo?: string;
}

export interface RecordedInbound {
  wamid: string;
  wa_id: string;
  /** Unix seconds, as Graph's webhooks write it. */
  timestamp: string;
}

/**
 * The one way a customer's message enters the sandbox (the customer phone calls it, before it sends
 * the webhook): it opens the 24-hour window.
 */
export async function recordInboundMessage(db: Executor, message: InboundText): Promise<RecordedInbound> {
  const waId = digitsOf(message.from);
  const id = wamid();
  const row = await db.one<{ created_at: Date }>(
    `insert into sandbox_messages (wamid, phone_number_id, wa_id, direction, type, body, context_wamid)
     values ($1, $2, $3, 'inbound', 'text', $4::jsonb, $5) returning created_at`,
    [id, message.phoneNumberId, waId, JSON.stringify({ body: message.text }), message.replyTo ?? null],
  );
  return { wamid: id, wa_id: waId, timestamp: String(Math.floor(row.created_at.getTime() / 1000)) };
}
