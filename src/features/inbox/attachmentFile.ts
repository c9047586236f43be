import {
  MEDIA_CAPTION_MAX_LENGTH,
  MEDIA_ERRORS,
  MEDIA_LIMITS,
  sendableKindOf,
  type SendableMediaKind,
} from '../../../contract/media';

/**
 * The file attached in the composer. A File cannot live in the store (it is not serialisable), so the
 * store holds its facts and the upload saga finds the bytes here; one attachment at a time.
 */
let held: { id: string; file: File } | null = null;
let nextId = 0;

export function holdAttachment(file: File): string {
  nextId += 1;
  held = { id: `attachment-${nextId}`, file };
  return held.id;
}

export const heldAttachment = (id: string): File | undefined => (held?.id === id ? held.file : undefined);

export function releaseAttachment(id: string) {
  if (held?.id === id) held = null;
}

/** What the composer accepts: the types WhatsApp sends (contract/media.ts). */
export const ATTACHMENT_ACCEPT = Object.values(MEDIA_LIMITS)
  .filter((limit) => !limit.mimeTypes.includes('image/webp'))
  .flatMap((limit) => limit.mimeTypes)
  .join(',');

/**
 * Meta's limits, checked before anything is uploaded (the server checks them again by the bytes):
 * the kind by the browser's type, its size, and whether a caption may go with it. Answers the kind,
 * or the reason in the exact words of the limit.
 */
export function checkAttachment(
  file: Pick<File, 'name' | 'size' | 'type'>,
  caption: string,
): { kind: SendableMediaKind } | { problem: string } {
  const kind = sendableKindOf(file.type);
  if (!kind) return { problem: MEDIA_ERRORS.unsupported(file.name) };
  if (file.size > MEDIA_LIMITS[kind].maxBytes) return { problem: MEDIA_ERRORS.tooLarge(kind, file.name) };
  const text = caption.trim();
  if (text && !MEDIA_LIMITS[kind].caption) return { problem: MEDIA_ERRORS.noCaption(kind) };
  if (text.length > MEDIA_CAPTION_MAX_LENGTH) return { problem: MEDIA_ERRORS.captionTooLong };
  return { kind };
}
