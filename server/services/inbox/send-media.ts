import crypto from 'node:crypto';
import {
  MEDIA_CAPTION_MAX_LENGTH,
  MEDIA_ERRORS,
  MEDIA_LIMITS,
  sendableKindOf,
  type Message,
  type SendableMediaKind,
} from '../../../contract';
import { AppError, ValidationFailed } from '../../errors';
import { sniffWhatsAppMedia } from '../media/sniff';
import type { MediaStore } from '../media/store';
import { requireConversationById } from './conversations';
import type { InboxDeps } from './deps';
import { sendOutbound, sentId, type Author, type Outbound } from './outbound';
import { checkQuoted } from './reply';

/**
 * Sending a photo, video, voice or audio file, or a document to a customer: its type decided by its
 * bytes and held to Meta's limits before anything reaches Graph (415 / 413 with the exact limit),
 * uploaded (POST /{phone-number-id}/media), sent with its caption, and stored as an outbound message
 * with its file, so that the bubble shows it, by the inbox's one outbound path.
 */

export interface OutgoingFile {
  bytes: Buffer;
  filename: string;
  /** What the browser declared; only Office documents keep it (their bytes are a ZIP or OLE container). */
  declaredType: string | undefined;
}

export interface MediaSendInput {
  userId: number;
  conversationId: number;
  file: OutgoingFile;
  caption?: string;
  inReplyTo?: string | null;
  sender: Author;
}

export class UnsupportedMedia extends AppError {
  constructor(filename: string) {
    super(415, 'unsupported_media_type', MEDIA_ERRORS.unsupported(filename), 'file');
  }
}

export class MediaTooLargeForWhatsApp extends AppError {
  constructor(kind: SendableMediaKind, filename: string) {
    super(413, 'media_too_large', MEDIA_ERRORS.tooLarge(kind, filename), 'file');
  }
}

/** The kind and type WhatsApp will send the file as, or the refusal that says why not. */
export function checkOutgoingFile(file: OutgoingFile, caption: string | undefined) {
  const mimeType = sniffWhatsAppMedia(file.bytes, file.declaredType);
  const kind = mimeType === 'image/webp' ? undefined : mimeType && sendableKindOf(mimeType);
  if (!mimeType || !kind) throw new UnsupportedMedia(file.filename);
  if (file.bytes.length > MEDIA_LIMITS[kind].maxBytes) throw new MediaTooLargeForWhatsApp(kind, file.filename);
  if (caption) {
    if (!MEDIA_LIMITS[kind].caption) throw new ValidationFailed(MEDIA_ERRORS.noCaption(kind), 'caption', 'no_caption');
    if (caption.length > MEDIA_CAPTION_MAX_LENGTH) {
      throw new ValidationFailed(MEDIA_ERRORS.captionTooLong, 'caption', 'caption_too_long');
    }
  }
  return { kind, mimeType };
}

function readableBody(kind: SendableMediaKind, caption: string | undefined, filename: string): string {
  const detail = kind === 'document' ? (caption ?? filename) : caption;
  return detail ? `[${kind}] ${detail}` : `[${kind}]`;
}

/** A file, put in the media store, uploaded to Graph and sent with its caption. */
function mediaMessage(
  deps: InboxDeps & { store: MediaStore },
  userId: number,
  file: OutgoingFile,
  checked: ReturnType<typeof checkOutgoingFile> & { caption: string | undefined },
): Outbound {
  const { kind, mimeType, caption } = checked;
  const { filename, bytes } = file;
  const key = `${userId}/outbound/${crypto.randomUUID()}`;
  let mediaId: string | undefined;
  return {
    needsOpenWindow: true,
    prepare: () => deps.store.put(userId, key, mimeType, bytes),
    async send({ graph, token, phoneNumberId, to, quoted }) {
      mediaId = (await graph.uploadMedia(token, phoneNumberId, { bytes, mimeType, filename })).id;
      const document = kind === 'document' ? filename : undefined;
      return sentId(
        await graph.sendMedia(token, phoneNumberId, {
          to,
          kind,
          mediaId,
          caption,
          filename: document,
          replyTo: quoted,
        }),
      );
    },
    content: () => ({
      type: kind,
      body: readableBody(kind, caption, filename),
      raw: {
        type: kind,
        [kind]: {
          ...(mediaId ? { id: mediaId } : {}),
          mime_type: mimeType,
          ...(caption ? { caption } : {}),
          ...(kind === 'document' ? { filename } : {}),
        },
      },
    }),
    async storeWith(tx, messageId) {
      await tx.query(
        `insert into message_media (message_id, user_id, status, mime_type, size_bytes, storage_key)
         values ($1, $2, 'ready', $3, $4, $5)`,
        [messageId, userId, mimeType, bytes.length, key],
      );
    },
    abandon: () => deps.store.delete(userId, key),
  };
}

/**
 * Sends the file to the conversation's customer and answers the stored message, its file kept so that
 * the bubble shows it. Refusals: 415/413/422 for the file, its caption or the quoted message, then those
 * of the outbound path.
 */
export async function sendMedia(deps: InboxDeps & { store: MediaStore }, input: MediaSendInput): Promise<Message> {
  const conversation = await requireConversationById(deps.db, input.userId, input.conversationId);
  const caption = input.caption?.trim() || undefined;
  const checked = checkOutgoingFile(input.file, caption);
  const quoted = await checkQuoted(deps.db, input);
  return sendOutbound(
    deps,
    { userId: input.userId, conversation, author: input.sender, quoted },
    mediaMessage(deps, input.userId, input.file, { ...checked, caption }),
  );
}
