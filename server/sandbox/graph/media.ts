import crypto from 'node:crypto';
import type { MultipartFile } from '@fastify/multipart';
import { MEDIA_KINDS, MEDIA_LIMITS, type MediaKind } from '../../../contract';
import type { Executor } from '../../db/client';
import { sameSecret } from '../../services/digest';
import type { PhoneRow } from './accounts';
import { graphErrors } from './errors';
import { graphId } from './ids';

/**
 * Media in the sandbox, as Meta's OpenAPI file describes them: POST /{phone-number-id}/media
 * (multipart), GET /{media-id} for a download URL that lasts five minutes, the download itself (only
 * with the business token), DELETE /{media-id}. A business number's media are the ones it uploaded
 * and the ones its customers sent it.
 */

/** Meta's media URLs stop working after five minutes. */
export const MEDIA_URL_SECONDS = 5 * 60;
/** Where the simulator serves downloads, below its base (Meta's are on lookaside.fbsbx.com). */
export const MEDIA_DOWNLOAD_PATH = '/whatsapp_business/attachments/';

export type MediaRow = {
  id: string;
  phone_number_id: string;
  mime_type: string;
  sha256: string;
  file_size: number;
  filename: string | null;
};

const MEDIA_COLUMNS = 'id, phone_number_id, mime_type, sha256, file_size, filename';

/** The kind a MIME type may be uploaded as (stickers are WebP images). */
function kindOf(mimeType: string): MediaKind | undefined {
  return MEDIA_KINDS.find((kind) => MEDIA_LIMITS[kind].mimeTypes.includes(mimeType));
}

const ALL_TYPES = MEDIA_KINDS.flatMap((kind) => MEDIA_LIMITS[kind].mimeTypes).join(', ');

export interface NewMedia {
  phoneNumberId: string;
  mimeType: string;
  bytes: Buffer;
  filename?: string;
}

/** Keeps a file for a number: what an upload and a customer's media message both do. */
export async function storeMedia(db: Executor, media: NewMedia): Promise<MediaRow> {
  return db.one<MediaRow>(
    `insert into sandbox_media (id, phone_number_id, mime_type, sha256, file_size, filename, bytes)
     values ($1, $2, $3, $4, $5, $6, $7) returning ${MEDIA_COLUMNS}`,
    [
      graphId(),
      media.phoneNumberId,
      media.mimeType,
      crypto.createHash('sha256').update(media.bytes).digest('base64'),
      media.bytes.length,
      media.filename ?? null,
      media.bytes,
    ],
  );
}

interface UploadParts {
  fields: Record<string, string>;
  file?: { bytes: Buffer; mimeType: string; filename: string; truncated: boolean };
}

/** The multipart body: its text fields and its one `file` (read up to the largest size Meta takes, plus one). */
export async function readUploadParts(
  parts: AsyncIterable<MultipartFile | { type: 'field'; fieldname: string; value: unknown }>,
) {
  const read: UploadParts = { fields: {} };
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        read.fields[part.fieldname] = String(part.value);
        continue;
      }
      const file = part as MultipartFile;
      const chunks: Buffer[] = [];
      for await (const chunk of file.file as AsyncIterable<Buffer>) chunks.push(chunk);
      if (file.fieldname === 'file') {
        read.file = {
          bytes: Buffer.concat(chunks),
          mimeType: file.mimetype,
          filename: file.filename,
          truncated: file.file.truncated,
        };
      }
    }
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode) throw error;
    // A body cut short or malformed is the caller's mistake: Meta answers it as a bad parameter.
    throw graphErrors.badParameter('Invalid parameter', 'The multipart body is malformed or cut short.');
  }
  return read;
}

/** POST /{phone-number-id}/media: Meta's types and sizes per kind; answers `{ id }`. */
export async function uploadMedia(db: Executor, phone: PhoneRow, parts: UploadParts): Promise<{ id: string }> {
  if (parts.fields.messaging_product !== 'whatsapp') {
    throw graphErrors.badParameter('Invalid parameter', "messaging_product must be 'whatsapp'.");
  }
  const { file } = parts;
  if (!file) throw graphErrors.badParameter('The parameter file is required.');
  const mimeType = (parts.fields.type ?? file.mimeType).split(';')[0].trim().toLowerCase();
  const kind = kindOf(mimeType);
  if (!kind) {
    throw graphErrors.badParameter(`Param file must be a file with one of the following types: ${ALL_TYPES}.`);
  }
  const limit = MEDIA_LIMITS[kind];
  if (file.truncated || file.bytes.length > limit.maxBytes) {
    throw graphErrors.mediaUpload(
      `The ${kind} is ${file.bytes.length} bytes; ${mimeType} files may be at most ${limit.maxBytes} bytes.`,
    );
  }
  if (file.bytes.length === 0) throw graphErrors.mediaUpload('The file is empty.');
  const media = await storeMedia(db, { phoneNumberId: phone.id, mimeType, bytes: file.bytes, filename: file.filename });
  return { id: media.id };
}

/** A media of the token's WABA (through its number); someone else's is "does not exist", as Graph answers. */
export async function findMedia(
  db: Executor,
  tokenWabaId: string,
  mediaId: string,
  phoneNumberId?: string,
): Promise<MediaRow | undefined> {
  const media = await db.maybeOne<MediaRow>(
    `select ${MEDIA_COLUMNS.split(', ')
      .map((column) => `m.${column}`)
      .join(', ')}
       from sandbox_media m join sandbox_phone_numbers p on p.id = m.phone_number_id
      where m.id = $1 and p.waba_id = $2`,
    [mediaId, tokenWabaId],
  );
  if (media && phoneNumberId !== undefined && media.phone_number_id !== phoneNumberId) {
    throw graphErrors.objectMissing(mediaId);
  }
  return media;
}

function urlHash(secret: string, mediaId: string, expires: number): string {
  return crypto.createHmac('sha256', secret).update(`${mediaId}.${expires}`).digest('base64url');
}

/** GET /{media-id}: the node with a download URL signed for five minutes. */
export function mediaNode(media: MediaRow, graphBaseUrl: string, secret: string, now = Date.now()) {
  const expires = Math.floor(now / 1000) + MEDIA_URL_SECONDS;
  const url = new URL(`${graphBaseUrl.replace(/\/+$/, '')}${MEDIA_DOWNLOAD_PATH}`);
  url.searchParams.set('mid', media.id);
  url.searchParams.set('ext', String(expires));
  url.searchParams.set('hash', urlHash(secret, media.id, expires));
  return {
    messaging_product: 'whatsapp',
    url: url.toString(),
    mime_type: media.mime_type,
    sha256: media.sha256,
    file_size: String(media.file_size),
    id: media.id,
  };
}

export interface DownloadQuery {
  mid?: string;
  ext?: string;
  hash?: string;
}

/** The download: a URL of ours that has not expired, and the business token of the media's WABA. */
export async function downloadMedia(
  db: Executor,
  tokenWabaId: string,
  query: DownloadQuery,
  secret: string,
  now = Date.now(),
): Promise<{ mimeType: string; bytes: Buffer }> {
  const expires = Number(query.ext);
  const valid =
    typeof query.mid === 'string' &&
    Number.isInteger(expires) &&
    typeof query.hash === 'string' &&
    sameSecret(query.hash, urlHash(secret, query.mid, expires));
  if (!valid) throw graphErrors.badParameter('Invalid media URL.');
  if (expires * 1000 < now) throw graphErrors.badParameter('The media URL has expired; request a new one.');
  const media = await findMedia(db, tokenWabaId, query.mid as string);
  if (!media) throw graphErrors.objectMissing(query.mid as string);
  const row = await db.one<{ bytes: Buffer }>('select bytes from sandbox_media where id = $1', [media.id]);
  return { mimeType: media.mime_type, bytes: Buffer.from(row.bytes) };
}

/** DELETE /{media-id}. */
export async function deleteMedia(db: Executor, media: MediaRow) {
  await db.query('delete from sandbox_media where id = $1', [media.id]);
  return { success: true };
}
