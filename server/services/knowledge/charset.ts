/** How a text file's bytes were read. */
export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

export interface DecodedText {
  text: string;
  encoding: TextEncoding;
}

function startsWith(bytes: Uint8Array, prefix: number[]): boolean {
  return prefix.every((byte, index) => bytes[index] === byte);
}

/** The byte-order mark's encoding and length, when the file starts with one. */
export function byteOrderMark(bytes: Uint8Array): { encoding: TextEncoding; length: number } | undefined {
  if (startsWith(bytes, [0xef, 0xbb, 0xbf])) return { encoding: 'utf-8', length: 3 };
  if (startsWith(bytes, [0xff, 0xfe])) return { encoding: 'utf-16le', length: 2 };
  if (startsWith(bytes, [0xfe, 0xff])) return { encoding: 'utf-16be', length: 2 };
  return undefined;
}

export function isValidUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/**
 * windows-1252's characters at 0x80–0x9F (undefined positions keep their code point); the other
 * bytes are Latin-1, which is Unicode's first 256 code points. Written out because Node's
 * TextDecoder, built without full ICU, decodes this label as plain Latin-1.
 */
const WINDOWS_1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

/** Latin-1 in one native pass, then the few windows-1252 characters put in (a 25 MB file in well under a second). */
export function decodeWindows1252(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length)
    .toString('latin1')
    .replace(/[\x80-\x9f]/g, (character) => WINDOWS_1252_HIGH[character.charCodeAt(0) - 0x80]);
}

/**
 * Text with charset detection: a byte-order mark decides (UTF-8, UTF-16), else bytes that are valid
 * UTF-8 are UTF-8, else windows-1252 (the superset of Latin-1 that old Windows editors write).
 */
export function decodeText(bytes: Uint8Array): DecodedText {
  const bom = byteOrderMark(bytes);
  if (bom) return { encoding: bom.encoding, text: new TextDecoder(bom.encoding).decode(bytes.subarray(bom.length)) };
  if (isValidUtf8(bytes)) return { encoding: 'utf-8', text: new TextDecoder('utf-8').decode(bytes) };
  return { encoding: 'windows-1252', text: decodeWindows1252(bytes) };
}
