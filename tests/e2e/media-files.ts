import zlib from 'node:zlib';

/**
 * Small files of each kind the media spec sends, built here rather than checked in: each is what
 * its type says by its bytes (server/services/media/sniff.ts decides by them) and far under Meta's
 * limits for its kind (contract/media.ts).
 */

export interface FileToSend {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** A CRC-32 over `bytes`, most significant bit first (`reflected` false, as Ogg's) or PNG's reflected one. */
function crc32(bytes: Buffer, reflected: boolean): number {
  let crc = reflected ? 0xffffffff : 0;
  for (const byte of bytes) {
    if (reflected) {
      crc ^= byte;
      for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
    } else {
      crc ^= byte << 24;
      for (let bit = 0; bit < 8; bit += 1) crc = crc & 0x80000000 ? (crc << 1) ^ 0x04c11db7 : crc << 1;
    }
  }
  return (reflected ? crc ^ 0xffffffff : crc) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed, true));
  return Buffer.concat([length, typed, crc]);
}

/** A `size`×`size` PNG in one colour (8-bit RGB). */
export function solidPng(name: string, size: number, [red, green, blue]: [number, number, number]): FileToSend {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.from(Array.from({ length: size }, () => [red, green, blue]).flat()),
  ]);
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  const buffer = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', pixels),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
  return { name, mimeType: 'image/png', buffer };
}

const OPUS_SAMPLE_RATE = 48_000;
/** Opus's pre-skip that encoders write (samples dropped before playback). */
const OPUS_PRE_SKIP = 312;
/** One 20 ms CELT frame of silence (TOC 0xF8: CELT-only, full band, 20 ms, mono, one frame). */
const OPUS_SILENT_FRAME = Buffer.from([0xf8, 0xff, 0xfe]);
const OPUS_FRAME_SAMPLES = OPUS_SAMPLE_RATE / 50;

function oggPage(serial: number, sequence: number, flags: number, granule: bigint, packets: Buffer[]): Buffer {
  const segments = packets.flatMap((packet) => {
    const lacing = Array.from({ length: Math.floor(packet.length / 255) }, () => 255);
    return [...lacing, packet.length % 255];
  });
  const header = Buffer.alloc(27);
  header.write('OggS', 0, 'latin1');
  header.writeUInt8(0, 4);
  header.writeUInt8(flags, 5);
  header.writeBigUInt64LE(granule, 6);
  header.writeUInt32LE(serial, 14);
  header.writeUInt32LE(sequence, 18);
  header.writeUInt8(segments.length, 26);
  const page = Buffer.concat([header, Buffer.from(segments), ...packets]);
  page.writeUInt32LE(crc32(page, false), 22);
  return page;
}

/** `seconds` of silence as Ogg Opus, the format of a WhatsApp voice note. */
export function silentVoiceNote(name: string, seconds: number): FileToSend {
  const serial = 0x7e1e;
  const head = Buffer.alloc(19);
  head.write('OpusHead', 0, 'latin1');
  head.writeUInt8(1, 8);
  head.writeUInt8(1, 9);
  head.writeUInt16LE(OPUS_PRE_SKIP, 10);
  head.writeUInt32LE(OPUS_SAMPLE_RATE, 12);
  head.writeInt16LE(0, 16);
  head.writeUInt8(0, 18);
  const vendor = Buffer.from('threadline-e2e', 'latin1');
  const tags = Buffer.alloc(8 + 4 + vendor.length + 4);
  tags.write('OpusTags', 0, 'latin1');
  tags.writeUInt32LE(vendor.length, 8);
  vendor.copy(tags, 12);
  tags.writeUInt32LE(0, 12 + vendor.length);
  // 50 frames a page (a second), the last page marked end of stream.
  const frames = Math.round(seconds * 50);
  const pages = [oggPage(serial, 0, 0x02, 0n, [head]), oggPage(serial, 1, 0, 0n, [tags])];
  for (let written = 0; written < frames; written += 50) {
    const count = Math.min(50, frames - written);
    const granule = BigInt((written + count) * OPUS_FRAME_SAMPLES);
    const last = written + count >= frames;
    const packets = Array.from({ length: count }, () => OPUS_SILENT_FRAME);
    pages.push(oggPage(serial, pages.length, last ? 0x04 : 0, granule, packets));
  }
  return { name, mimeType: 'audio/ogg', buffer: Buffer.concat(pages) };
}

/** A one-page PDF that says `text` (Helvetica), with a correct cross-reference table. */
export function onePagePdf(name: string, text: string): FileToSend {
  const stream = `BT /F1 18 Tf 72 720 Td (${text.replace(/[()\\]/g, (char) => `\\${char}`)}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((body, index) => {
    const offset = Buffer.byteLength(pdf, 'latin1');
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
    return offset;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(pdf, 'latin1') };
}
