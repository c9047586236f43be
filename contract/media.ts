/**
 * WhatsApp's media kinds and Meta's limits for what a business sends (Cloud API "Supported media
 * types"): the server checks an upload against them before it reaches Graph, the sandbox's Graph
 * simulator refuses what Meta refuses, and the SPA can check a file before it uploads it.
 */

export const MEDIA_KINDS = ['image', 'audio', 'video', 'document', 'sticker'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

/** The kinds a person can attach in the composer (stickers come only from customers). */
export const SENDABLE_MEDIA_KINDS = ['image', 'audio', 'video', 'document'] as const;
export type SendableMediaKind = (typeof SENDABLE_MEDIA_KINDS)[number];

const MB = 1024 * 1024;

export interface MediaKindLimit {
  /** The MIME types Meta accepts for this kind. */
  mimeTypes: readonly string[];
  maxBytes: number;
  /** As a person reads the limit, e.g. '5 MB'. */
  maxSizeText: string;
  /** Whether a caption may go with it. */
  caption: boolean;
}

export const MEDIA_LIMITS: Record<MediaKind, MediaKindLimit> = {
  image: { mimeTypes: ['image/jpeg', 'image/png'], maxBytes: 5 * MB, maxSizeText: '5 MB', caption: true },
  audio: {
    mimeTypes: ['audio/aac', 'audio/amr', 'audio/mpeg', 'audio/mp4', 'audio/ogg'],
    maxBytes: 16 * MB,
    maxSizeText: '16 MB',
    caption: false,
  },
  video: { mimeTypes: ['video/mp4', 'video/3gpp'], maxBytes: 16 * MB, maxSizeText: '16 MB', caption: true },
  document: {
    mimeTypes: [
      'application/pdf',
      'text/plain',
      'application/msword',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/vnd.ms-excel',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'application/vnd.ms-powerpoint',
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    ],
    maxBytes: 100 * MB,
    maxSizeText: '100 MB',
    caption: true,
  },
  sticker: { mimeTypes: ['image/webp'], maxBytes: 500 * 1024, maxSizeText: '500 KB', caption: false },
};

/** Captions are at most this long (MediaObject.caption in Meta's OpenAPI file). */
export const MEDIA_CAPTION_MAX_LENGTH = 1024;

/** The kind a MIME type is sent as, or undefined when WhatsApp takes no such file (stickers excluded). */
export function sendableKindOf(mimeType: string): SendableMediaKind | undefined {
  const bare = mimeType.split(';')[0].trim().toLowerCase();
  return SENDABLE_MEDIA_KINDS.find((kind) => MEDIA_LIMITS[kind].mimeTypes.includes(bare));
}

export const MEDIA_ERRORS = {
  tooLarge: (kind: MediaKind, filename: string) =>
    `${filename}: WhatsApp takes ${kind === 'audio' ? 'audio' : `${kind}s`} up to ${MEDIA_LIMITS[kind].maxSizeText}.`,
  unsupported: (filename: string) =>
    `${filename}: WhatsApp can send JPEG or PNG images, MP4 or 3GPP videos, AAC, AMR, MP3, M4A or OGG audio, ` +
    'and PDF, text, Word, Excel or PowerPoint documents.',
  captionTooLong: `A caption must be at most ${MEDIA_CAPTION_MAX_LENGTH} characters.`,
  noCaption: (kind: MediaKind) => `WhatsApp sends ${kind} without a caption.`,
} as const;
