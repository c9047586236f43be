import { MEDIA_CAPTION_MAX_LENGTH, MEDIA_KINDS, MEDIA_LIMITS, type MediaKind } from '../../../contract';
import type { Executor } from '../../db/client';
import type { StatusError } from '../webhooks';
import type { PhoneRow } from './accounts';
import { graphErrors } from './errors';
import { digitsOf, wamid } from './ids';
import { storeMedia } from './media';
import { invalid, isObject, recipient, requireWindow, storeOutbound, type Body } from './outbound';
import { sendReaction } from './send-reaction';
import { sendTemplate } from './send-template';

/**
 * POST /{phone_number_id}/messages in the sandbox: free-form text and media (by the id an upload
 * gave) and reactions inside the 24-hour customer service window, approved templates at any time,
 * read receipts and the typing indicator. Inbound customer messages are recorded here too, because they are what
 * opens the window. What every send checks is in outbound.ts, templates and reactions in send-template.ts
 * and send-reaction.ts, the window itself in window.ts.
 */

export const TEXT_BODY_MAX_LENGTH = 4096;

/**
 * Hears about each message the business sent, once it is stored (the sandbox then tells its statuses),
 * with the error of one Meta accepts only to fail it afterwards.
 */
export interface SentListener {
  sent(wamid: string, waId: string, failure?: StatusError): void;
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
