import { durationText } from '../rate-limit';

/**
 * A document that cannot be read, or that is over a limit: it fails at once (no retry) and its
 * message is shown to the owner as it is.
 */
export class UnreadableDocument extends Error {}

const count = (n: number) => n.toLocaleString('en-US');

/** Why a document could not be read, as the owner reads it in the documents list. */
export const READ_FAILURES = {
  pdfPasswordProtected: 'This PDF is password-protected.',
  pdfUnreadable: (reason: string) => `This PDF could not be read: ${reason}`,
  tooManyPages: (pages: number, max: number) =>
    `This PDF has ${count(pages)} pages; at most ${count(max)} can be read. Please split it into smaller files.`,
  imageUnreadable: 'This image could not be read: the file is damaged or incomplete.',
  imageTooLarge: (width: number, height: number, maxPixels: number) =>
    `This image is too large to read (${width} × ${height} pixels; at most ${count(maxPixels / 1e6)} megapixels).`,
  tooManyChunks: (chunks: number, max: number) =>
    `This file holds too much text: ${count(chunks)} chunks, and a document may have at most ${count(max)}. ` +
    'Please split it into smaller files.',
  tooSlow: (timeoutMs: number) =>
    `Reading this file took longer than ${durationText(Math.max(1, Math.round(timeoutMs / 1000)))}, so it ` +
    'was stopped. Please split it into smaller files.',
  tooMuchMemory: 'Reading this file needed more memory than the server allows. Please split it into smaller files.',
} as const;
