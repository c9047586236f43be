import { MEDIA_LIMITS, sendableKindOf, type MediaKind } from '../../../contract/media';
import type { Db } from '../../db/client';
import { NotFound, ValidationFailed } from '../../errors';
import { digitsOf } from '../graph/ids';
import { recordInboundLocation, recordInboundMedia } from '../graph/messages';
import { inboundLocationPayload, inboundMediaPayload, type SandboxWebhooks } from '../webhooks';
import { checkedSender, deliverFromPhone, type PhoneMessageSent, type PhoneSender } from './service';
import { claimCustomer } from './customers';

/**
 * What the customer phone sends besides text — a photo, file, audio (or a voice note) and a place —
 * and the business's media it shows: the sandbox keeps the bytes as Graph would, and our webhook
 * hears of them as Meta's examples write it.
 */

export const PHONE_MEDIA_MAX_BYTES = 16 * 1024 * 1024;

export interface PhoneFile {
  bytes: Buffer;
  filename: string;
  mimeType: string;
}

/** The kind WhatsApp would deliver the file as: its type, else a document (stickers are WebP). */
function kindOf(file: PhoneFile): MediaKind {
  const type = file.mimeType.split(';')[0].trim().toLowerCase();
  if (type === 'image/webp') return 'sticker';
  return sendableKindOf(type) ?? 'document';
}

export async function sendMediaFromPhone(
  db: Db,
  webhooks: SandboxWebhooks,
  input: PhoneSender & { caption?: string; voice?: boolean },
  file: PhoneFile | undefined,
  customerToken: string | undefined,
): Promise<PhoneMessageSent> {
  if (!file || file.bytes.length === 0) throw new ValidationFailed('Choose a file to send.', 'file');
  const kind = kindOf(file);
  const limit = Math.min(MEDIA_LIMITS[kind].maxBytes, PHONE_MEDIA_MAX_BYTES);
  if (file.bytes.length > limit) {
    throw new ValidationFailed(`The phone sends files up to ${Math.round(limit / (1024 * 1024))} MB.`, 'file');
  }
  const { name, username, phone } = await checkedSender(db, input, customerToken);
  const recorded = await recordInboundMedia(db, {
    phoneNumberId: phone.id,
    from: input.phone_number,
    kind,
    mimeType: file.mimeType,
    bytes: file.bytes,
    caption: input.caption?.trim() || undefined,
    filename: file.filename,
    voice: kind === 'audio' && input.voice === true,
  });
  const payload = inboundMediaPayload(phone, {
    wamid: recorded.wamid,
    from: recorded.wa_id,
    name,
    username,
    timestamp: recorded.timestamp,
    kind,
    media: { ...recorded.media },
  });
  return deliverFromPhone(db, webhooks, phone, recorded, payload);
}

export interface PhoneLocation {
  latitude: number;
  longitude: number;
  place_name?: string;
  address?: string;
}

export async function sendLocationFromPhone(
  db: Db,
  webhooks: SandboxWebhooks,
  input: PhoneSender & PhoneLocation,
  customerToken: string | undefined,
): Promise<PhoneMessageSent> {
  const { name, username, phone } = await checkedSender(db, input, customerToken);
  const location = {
    latitude: input.latitude,
    longitude: input.longitude,
    ...(input.place_name?.trim() ? { name: input.place_name.trim() } : {}),
    ...(input.address?.trim() ? { address: input.address.trim() } : {}),
  };
  const recorded = await recordInboundLocation(db, { phoneNumberId: phone.id, from: input.phone_number, ...location });
  const payload = inboundLocationPayload(phone, {
    wamid: recorded.wamid,
    from: recorded.wa_id,
    name,
    username,
    timestamp: recorded.timestamp,
    location,
  });
  return deliverFromPhone(db, webhooks, phone, recorded, payload);
}

/** A file of the thread (either side's), for the browser that owns the customer number only. */
export async function readPhoneMedia(
  db: Db,
  query: { phone_number_id: string; wa_id: string; media_id: string },
  customerToken: string | undefined,
): Promise<{ mime_type: string; filename: string | null; bytes: Buffer }> {
  const waId = digitsOf(query.wa_id);
  await claimCustomer(db, waId, customerToken, 'wa_id');
  const row = await db.maybeOne<{ mime_type: string; filename: string | null; bytes: Buffer }>(
    `select m.mime_type, m.filename, m.bytes from sandbox_media m
      where m.id = $1 and m.phone_number_id = $2
        and exists (select 1 from sandbox_messages s
                     where s.phone_number_id = $2 and s.wa_id = $3 and s.body ->> 'id' = $1)`,
    [query.media_id, query.phone_number_id, waId],
  );
  if (!row) throw new NotFound('This file is not in your conversation.', 'media_not_found');
  return row;
}
