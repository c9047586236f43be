import { byteOrderMark, decodeText, isValidUtf8 } from './charset';

/** The media types an upload may have, decided by its bytes. */
export type SniffedType = 'application/pdf' | 'image/jpeg' | 'image/png' | 'text/plain';

const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d];
const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Share of characters that may be control characters in a file still called plain text. */
const MAX_CONTROL_SHARE = 0.02;

/**
 * Whether a file is text is decided by its start, as file(1) does: the upload request then never
 * decodes a 25 MB file on the event loop (the ingestion job reads all of it, in its own process).
 */
export const TEXT_SAMPLE_BYTES = 256 * 1024;

/**
 * Markup is not plain text: an HTML, SVG or XML file is refused even though it is text, because it
 * is a different kind of document (and one a browser would run if it were ever served back).
 */
const MARKUP = /^\s*<(!doctype\s+html|html[\s>]|head[\s>]|body[\s>]|script[\s>]|svg[\s>]|\?xml)/i;

function startsWith(bytes: Uint8Array, prefix: number[]): boolean {
  return bytes.length >= prefix.length && prefix.every((byte, index) => bytes[index] === byte);
}

/** The file's first TEXT_SAMPLE_BYTES, never ending inside a UTF-8 sequence or a UTF-16 code unit. */
function textSample(bytes: Uint8Array): Uint8Array {
  if (bytes.length <= TEXT_SAMPLE_BYTES) return bytes;
  if (byteOrderMark(bytes)?.encoding.startsWith('utf-16')) return bytes.subarray(0, TEXT_SAMPLE_BYTES);
  let end = TEXT_SAMPLE_BYTES;
  // A continuation byte (10xxxxxx) just past the end: the sequence it belongs to is left out whole.
  while (end > TEXT_SAMPLE_BYTES - 4 && (bytes[end] & 0xc0) === 0x80) end -= 1;
  return bytes.subarray(0, end);
}

function looksLikePlainText(bytes: Uint8Array): boolean {
  const bom = byteOrderMark(bytes);
  // Without a byte-order mark a NUL byte means binary (UTF-16 without BOM is not accepted).
  if (!bom?.encoding.startsWith('utf-16') && bytes.includes(0)) return false;
  if (!bom && !isValidUtf8(bytes)) {
    // Latin-1 / windows-1252: most bytes must be printable ASCII or letters from the upper half.
    let printable = 0;
    for (const byte of bytes) if (byte >= 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d) printable += 1;
    if (printable / bytes.length < 1 - MAX_CONTROL_SHARE) return false;
  }
  const { text } = decodeText(bytes);
  let control = 0;
  for (const character of text) {
    const code = character.charCodeAt(0);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d && code !== 0x0c) || code === 0x7f) {
      control += 1;
    }
  }
  if (text.length === 0 || control / text.length > MAX_CONTROL_SHARE) return false;
  return !MARKUP.test(text.slice(0, 512));
}

/** PDF, JPEG and PNG by their magic numbers; plain text by what its bytes decode to; else null. */
export function sniffMediaType(bytes: Uint8Array): SniffedType | null {
  if (startsWith(bytes, PDF)) return 'application/pdf';
  if (startsWith(bytes, JPEG)) return 'image/jpeg';
  if (startsWith(bytes, PNG)) return 'image/png';
  if (bytes.length > 0 && looksLikePlainText(textSample(bytes))) return 'text/plain';
  return null;
}
