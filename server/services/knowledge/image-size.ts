/** An image's size as its header declares it, read before any pixel is decoded. */
export interface ImageSize {
  width: number;
  height: number;
}

const PNG_IHDR_END = 24;

/** A PNG starts with its signature, then the IHDR chunk: length, 'IHDR', width, height (big-endian). */
function pngSize(bytes: Uint8Array): ImageSize | null {
  if (bytes.length < PNG_IHDR_END) return null;
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  if (view.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: view.readUInt32BE(16), height: view.readUInt32BE(20) };
}

/** Start-of-frame markers (baseline, progressive, lossless, arithmetic); C4, C8 and CC are not frames. */
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

/**
 * A JPEG is a run of marker segments after its start-of-image marker; the first start-of-frame
 * segment holds precision, height and width. Markers without a length (RST, TEM) are skipped; a scan
 * (SOS) before any frame, or a segment that runs past the end, means the file is damaged.
 */
function jpegSize(bytes: Uint8Array): ImageSize | null {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  let offset = 2;
  while (offset + 4 <= view.length) {
    if (view[offset] !== 0xff) return null;
    const marker = view[offset + 1];
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      offset += 2;
      continue;
    }
    if (marker === 0xda || marker === 0xd9) return null;
    const length = view.readUInt16BE(offset + 2);
    if (length < 2) return null;
    if (isStartOfFrame(marker)) {
      if (offset + 9 > view.length || length < 7) return null;
      return { width: view.readUInt16BE(offset + 7), height: view.readUInt16BE(offset + 5) };
    }
    offset += 2 + length;
  }
  return null;
}

/** The declared size of a PNG or JPEG; null when its header is damaged or declares no pixels. */
export function imageSize(bytes: Uint8Array, mediaType: 'image/png' | 'image/jpeg'): ImageSize | null {
  const size = mediaType === 'image/png' ? pngSize(bytes) : jpegSize(bytes);
  return size && size.width > 0 && size.height > 0 ? size : null;
}
