import crypto from 'node:crypto';
import {
  MEDIA_CAPTION_MAX_LENGTH,
  MEDIA_ERRORS,
  MEDIA_LIMITS,
  sendableKindOf,
  type Message,
  type MessageSender,
  type SendableMediaKind,
} from '../../../contract';
import { AppError, ValidationFailed } from '../../errors';
import { ShuttingDown } from '../../shutdown';
import { sniffWhatsAppMedia } from '../media/sniff';
import type { MediaStore } from '../media/store';
import { markNeedsReconnection } from '../whatsapp/connections';
import { sendingAddress } from '../whatsapp/customer-id';
import { GraphOutsideWindow, GraphTokenInvalid } from '../whatsapp/graph-errors';
import { requireConversationById } from './conversations';
import type { InboxDeps } from './deps';
import { MESSAGE_COLUMNS, toMessage, type MessageRow } from './messages';
import { checkQuoted, FAILED_ID_PREFIX, readableFailure, windowClosed } from './reply';
import { requireSendingConnection } from '../whatsapp/sending-connection';

/**
 * Sending a photo, video, voice or audio file, or a document to a customer: its type decided by its
 * bytes and held to Meta's limits before anything reaches Graph (415 / 413 with the exact limit),
 * uploaded (POST /{phone-number-id}/media), sent with its caption, and stored as an outbound message
 * with its file, so that the bubble shows it. A send Graph refuses is stored as failed with its
 * reason in plain words, like a text.
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
  sender: Exclude<MessageSender, 'customer'>;
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

interface Outgoing {
  wamid: string;
  status: 'pending' | 'failed';
  statusError?: string;
  statusErrorCode?: number;
  mediaId?: string;
}

export async function sendMedia(deps: InboxDeps & { store: MediaStore }, input: MediaSendInput): Promise<Message> {
  const conversation = await requireConversationById(deps.db, input.userId, input.conversationId);
  const caption = input.caption?.trim() || undefined;
  const { kind, mimeType } = checkOutgoingFile(input.file, caption);
  const quoted = await checkQuoted(deps.db, input);
  const { connection, token } = await requireSendingConnection(deps.db, deps.secrets, input.userId);
  if (!conversation.window_open) throw windowClosed();

  const { filename, bytes } = input.file;
  const key = `${input.userId}/outbound/${crypto.randomUUID()}`;
  await deps.store.put(input.userId, key, mimeType, bytes);

  const store = async (outgoing: Outgoing) => {
    const media = {
      ...(outgoing.mediaId ? { id: outgoing.mediaId } : {}),
      mime_type: mimeType,
      ...(caption ? { caption } : {}),
      ...(kind === 'document' ? { filename } : {}),
    };
    const raw = { type: kind, [kind]: media, ...(quoted ? { context: { message_id: quoted } } : {}) };
    const body = readableBody(kind, caption, filename);
    return deps.db.transaction(async (tx) => {
      const row = await tx.one<MessageRow>(
        `insert into messages
           (user_id, conversation_id, wamid, direction, sender, type, body, raw, in_reply_to, status,
            status_error, status_error_code, sent_at)
         values ($1, $2, $3, 'outbound', $4, $5, $6, $7::jsonb, $8, $9, $10, $11, now())
         returning id`,
        [
          input.userId,
          input.conversationId,
          outgoing.wamid,
          input.sender,
          kind,
          body,
          JSON.stringify(raw),
          quoted ?? null,
          outgoing.status,
          outgoing.statusError ?? null,
          outgoing.statusErrorCode ?? null,
        ],
      );
      await tx.query(
        `insert into message_media (message_id, user_id, status, mime_type, size_bytes, storage_key)
         values ($1, $2, 'ready', $3, $4, $5)`,
        [row.id, input.userId, mimeType, bytes.length, key],
      );
      await tx.query(
        `update conversations set last_message_preview = $3, last_message_at = greatest(last_message_at, now()),
                updated_at = now()
          where id = $1 and user_id = $2`,
        [input.conversationId, input.userId, body],
      );
      return tx.one<MessageRow>(`select ${MESSAGE_COLUMNS} from messages where id = $1`, [row.id]);
    });
  };

  let mediaId: string | undefined;
  let wamid: string;
  try {
    mediaId = (await deps.graph.uploadMedia(token, connection.phone_number_id, { bytes, mimeType, filename })).id;
    const sent = await deps.graph.sendMedia(token, connection.phone_number_id, {
      to: sendingAddress(conversation),
      kind,
      mediaId,
      caption,
      filename: kind === 'document' ? filename : undefined,
      replyTo: quoted,
    });
    const id = sent.messages[0]?.id;
    if (!id) throw new Error('Graph accepted the message without giving its id');
    wamid = id;
  } catch (error) {
    if (error instanceof ShuttingDown) {
      await deps.store.delete(input.userId, key);
      throw error;
    }
    if (error instanceof GraphOutsideWindow) {
      await deps.store.delete(input.userId, key);
      throw windowClosed();
    }
    if (error instanceof GraphTokenInvalid) await markNeedsReconnection(deps.db, connection.id);
    const failure = readableFailure(error);
    deps.log.warn(
      { err: error, userId: input.userId, conversationId: input.conversationId },
      'inbox: media send failed',
    );
    await store({
      wamid: `${FAILED_ID_PREFIX}${crypto.randomUUID()}`,
      status: 'failed',
      statusError: failure.reason,
      statusErrorCode: failure.graphCode,
      mediaId,
    });
    throw new AppError(502, failure.code, failure.reason);
  }
  return toMessage(await store({ wamid, status: 'pending', mediaId }), conversation.wa_id);
}
