import { MEDIA_CAPTION_MAX_LENGTH, MEDIA_KINDS, MEDIA_LIMITS, type MediaKind } from '../../../contract';
import type { Executor } from '../../db/client';
import type { PhoneRow } from './accounts';
import { graphErrors } from './errors';
import { bsuidOf, digitsOf, wamid } from './ids';
import { storeMedia } from './media';
import type { StatusPricing } from '../webhooks';
import { renderTemplate, variablesOf, type TemplateRow } from './templates';
import type { StatusError } from '../webhooks';

/**
 * POST /{phone_number_id}/messages in the sandbox: free-form text and media (by the id an upload
 * gave) and reactions inside the 24-hour customer service window, approved templates at any time,
 * read receipts and the typing indicator. Inbound customer messages are recorded here too, because they are what
 * opens the window.
 */

export const SERVICE_WINDOW_HOURS = 24;
export const TEXT_BODY_MAX_LENGTH = 4096;

type Body = Record<string, unknown>;

/**
 * Hears about each message the business sent, once it is stored (the sandbox then tells its statuses),
 * with the error of one Meta accepts only to fail it afterwards.
 */
export interface SentListener {
  sent(wamid: string, waId: string, failure?: StatusError): void;
}

/**
 * 131050 as Meta's `failed` status brings it: a marketing template to a customer who stopped marketing
 * messages is accepted, then fails (Meta's "WhatsApp error codes" page,
 * https://developers.facebook.com/documentation/business-messaging/whatsapp/support/error-codes).
 */
export const MARKETING_STOPPED_FAILURE: StatusError = {
  code: 131050,
  title: 'User has stopped marketing messages',
  message: 'User has stopped marketing messages',
  error_data: {
    details:
      'Unable to deliver the message. This recipient has chosen to stop receiving marketing messages on WhatsApp from your business.',
  },
};

/** Whether the customer stopped this number's promotions (the sandbox phone's "Stop promotions"). */
export async function promotionsStopped(db: Executor, phoneNumberId: string, waId: string): Promise<boolean> {
  const row = await db.maybeOne<{ stopped: boolean }>(
    'select stopped from sandbox_marketing_preferences where phone_number_id = $1 and wa_id = $2',
    [phoneNumberId, waId],
  );
  return row?.stopped ?? false;
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
  // A reaction is no message of the thread: it sits on the one it names, and tells no statuses here.
  if (body.type === 'reaction') return sendReaction(db, phone, body);
  if (body.type === 'template') {
    const { answer, failure } = await sendTemplate(db, phone, body);
    listener?.sent(answer.messages[0].id, (await recipient(db, phone, body)).waId, failure);
    return answer;
  }
  const answer =
    body.type === 'text'
      ? await sendText(db, phone, body)
      : (MEDIA_KINDS as readonly unknown[]).includes(body.type)
        ? await sendMedia(db, phone, body, body.type as MediaKind)
        : invalidType();
  listener?.sent(answer.messages[0].id, (await recipient(db, phone, body)).waId);
  return answer;
}

function invalidType(): never {
  throw invalid('The sandbox sends text, image, audio, video, document, sticker, reaction and template messages.');
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
async function recipient(
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
const SERVICE_PRICING: StatusPricing = {
  billable: false,
  pricing_model: 'PMP',
  category: 'service',
  type: 'free_customer_service',
};

/**
 * What Meta charges for a template since 2025-07-01: every marketing and authentication template, a
 * utility template only outside the customer service window (Meta's "Pricing on the WhatsApp Business
 * Platform", https://developers.facebook.com/docs/whatsapp/pricing).
 */
function templatePricing(category: string, windowOpen: boolean): StatusPricing {
  const priced = category.toLowerCase();
  if (priced === 'utility' && windowOpen) return { ...SERVICE_PRICING, category: priced };
  return { billable: true, pricing_model: 'PMP', category: priced, type: 'regular' };
}

async function storeOutbound(
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

async function requireWindow(db: Executor, phone: PhoneRow, body: Body) {
  if (!(await windowIsOpen(db, phone.id, (await recipient(db, phone, body)).waId))) throw graphErrors.outsideWindow();
}

async function sendText(db: Executor, phone: PhoneRow, body: Body) {
  const { text } = body;
  await recipient(db, phone, body);
  if (!isObject(text) || typeof text.body !== 'string' || text.body.trim() === '') {
    throw invalid('text.body is required.');
  }
  if (text.body.length > TEXT_BODY_MAX_LENGTH) {
    throw invalid(`text.body must be at most ${TEXT_BODY_MAX_LENGTH} characters.`);
  }
  await requireWindow(db, phone, body);
  return storeOutbound(db, phone, body, 'text', text);
}

/** An image, audio, video, document or sticker, by the id of a media of this number (links are not fetched). */
async function sendMedia(db: Executor, phone: PhoneRow, body: Body, kind: MediaKind) {
  await recipient(db, phone, body);
  const media = body[kind];
  if (!isObject(media)) throw invalid(`${kind} is required.`);
  if (typeof media.id !== 'string') {
    throw invalid(`${kind}.id is required: the sandbox sends media uploaded with POST /{phone-number-id}/media.`);
  }
  const { caption, filename } = media;
  if (caption !== undefined) {
    if (!MEDIA_LIMITS[kind].caption) throw invalid(`A ${kind} has no caption.`);
    if (typeof caption !== 'string' || caption.length > MEDIA_CAPTION_MAX_LENGTH) {
      throw invalid(`${kind}.caption must be text of at most ${MEDIA_CAPTION_MAX_LENGTH} characters.`);
    }
  }
  if (filename !== undefined && (kind !== 'document' || typeof filename !== 'string')) {
    throw invalid('filename is for documents only.');
  }
  const stored = await db.maybeOne<{ mime_type: string; filename: string | null }>(
    'select mime_type, filename from sandbox_media where id = $1 and phone_number_id = $2',
    [media.id, phone.id],
  );
  if (!stored) throw graphErrors.mediaUpload(`Media ${media.id} was not found for this number.`);
  await requireWindow(db, phone, body);
  return storeOutbound(db, phone, body, kind, {
    id: media.id,
    mime_type: stored.mime_type,
    ...(caption === undefined ? {} : { caption }),
    ...(kind === 'document' ? { filename: filename ?? stored.filename ?? 'document' } : {}),
  });
}

function textParameters(components: unknown, type: 'header' | 'body'): string[] {
  if (components === undefined) return [];
  if (!Array.isArray(components)) throw invalid('template.components must be a list.');
  const component = components.find((item) => isObject(item) && item.type === type) as Body | undefined;
  if (!component) return [];
  if (!Array.isArray(component.parameters)) throw invalid(`template ${type} parameters must be a list.`);
  return component.parameters.map((parameter) => {
    if (!isObject(parameter) || parameter.type !== 'text' || typeof parameter.text !== 'string') {
      throw invalid('The sandbox fills templates with text parameters only.');
    }
    return parameter.text;
  });
}

/**
 * An approved template of the number's WABA, with as many values as it has variables; no window needed.
 * A marketing one to a customer who stopped promotions is accepted but never reaches their phone: it
 * fails with 131050 by status webhook.
 */
async function sendTemplate(db: Executor, phone: PhoneRow, body: Body) {
  const { contact, waId } = await recipient(db, phone, body);
  const { template } = body;
  if (!isObject(template) || typeof template.name !== 'string') throw invalid('template.name is required.');
  const language = isObject(template.language) ? template.language.code : undefined;
  if (typeof language !== 'string') throw invalid('template.language.code is required.');
  const found = await db.maybeOne<TemplateRow>(
    `select * from sandbox_templates where waba_id = $1 and name = $2 and language = $3 and status = 'APPROVED'`,
    [phone.waba_id, template.name, language],
  );
  if (!found) throw graphErrors.templateMissing(template.name, language);
  const header = textParameters(template.components, 'header');
  const values = textParameters(template.components, 'body');
  const expected = (type: string) => {
    const text = found.components.find((component) => component.type === type)?.text;
    return typeof text === 'string' ? variablesOf(text).length : 0;
  };
  if (values.length !== expected('BODY')) throw graphErrors.templateParameters(expected('BODY'), values.length);
  if (header.length !== expected('HEADER')) throw graphErrors.templateParameters(expected('HEADER'), header.length);
  if (found.category === 'MARKETING' && (await promotionsStopped(db, phone.id, waId))) {
    const answer = { messaging_product: 'whatsapp', contacts: [contact], messages: [{ id: wamid() }] };
    return { answer, failure: MARKETING_STOPPED_FAILURE };
  }
  const pricing = templatePricing(found.category, await windowIsOpen(db, phone.id, waId));
  const answer = await storeOutbound(
    db,
    phone,
    body,
    'template',
    { name: found.name, language, body: renderTemplate(found, header, values) },
    pricing,
  );
  return { answer, failure: undefined };
}

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
async function sendReaction(db: Executor, phone: PhoneRow, body: Body) {
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

export interface InboundMedia {
  phoneNumberId: string;
  from: string;
  kind: MediaKind;
  mimeType: string;
  bytes: Buffer;
  caption?: string;
  filename?: string;
  /** Audio recorded with the phone's microphone (a voice note). */
  voice?: boolean;
}

/** The media part of a webhook message, as Meta's examples write it. */
export type WebhookMedia = { id: string; mime_type: string; sha256: string } & Record<string, unknown>;

/**
 * A customer's photo, voice note, video, file or sticker: kept as the number's media (so that
 * GET /{media-id} finds it) and recorded like a text, opening the window.
 */
export async function recordInboundMedia(
  db: Executor,
  message: InboundMedia,
): Promise<RecordedInbound & { media: WebhookMedia }> {
  const stored = await storeMedia(db, {
    phoneNumberId: message.phoneNumberId,
    mimeType: message.mimeType,
    bytes: message.bytes,
    filename: message.filename,
  });
  const media: WebhookMedia = { mime_type: stored.mime_type, sha256: stored.sha256, id: stored.id };
  if (message.caption && MEDIA_LIMITS[message.kind].caption) media.caption = message.caption;
  if (message.kind === 'document') media.filename = message.filename ?? 'document';
  if (message.kind === 'audio') media.voice = message.voice ?? false;
  if (message.kind === 'sticker') media.animated = false;
  const recorded = await recordInbound(db, message.phoneNumberId, message.from, message.kind, media);
  return { ...recorded, media };
}

export interface InboundLocation {
  phoneNumberId: string;
  from: string;
  latitude: number;
  longitude: number;
  name?: string;
  address?: string;
}

export async function recordInboundLocation(db: Executor, message: InboundLocation): Promise<RecordedInbound> {
  const { latitude, longitude, name, address } = message;
  return recordInbound(db, message.phoneNumberId, message.from, 'location', { latitude, longitude, name, address });
}

async function recordInbound(
  db: Executor,
  phoneNumberId: string,
  from: string,
  type: string,
  body: unknown,
): Promise<RecordedInbound> {
  const waId = digitsOf(from);
  const id = wamid();
  const row = await db.one<{ created_at: Date }>(
    `insert into sandbox_messages (wamid, phone_number_id, wa_id, direction, type, body)
     values ($1, $2, $3, 'inbound', $4, $5::jsonb) returning created_at`,
    [id, phoneNumberId, waId, type, JSON.stringify(body)],
  );
  return { wamid: id, wa_id: waId, timestamp: String(Math.floor(row.created_at.getTime() / 1000)) };
}
