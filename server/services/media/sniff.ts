import { MEDIA_LIMITS, type MediaKind } from '../../../contract';
import { sniffMediaType } from '../knowledge/sniff';

/**
 * A media's type decided by its bytes, never by what the sender declared alone: what the inbox then
 * serves is what it says it is. Documents that are Office files (ZIP or OLE containers) keep the
 * declared Office type when it is one WhatsApp takes.
 */

function startsWith(bytes: Uint8Array, prefix: number[], offset = 0): boolean {
  return bytes.length >= offset + prefix.length && prefix.every((byte, index) => bytes[offset + index] === byte);
}

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** The MP4 family by its `ftyp` brand: audio (M4A), 3GPP or MP4 video. */
function isoMediaType(bytes: Uint8Array): string | undefined {
  if (!startsWith(bytes, ascii('ftyp'), 4)) return undefined;
  const brand = Buffer.from(bytes.subarray(8, 12)).toString('latin1');
  if (brand.startsWith('M4A') || brand.startsWith('M4B')) return 'audio/mp4';
  if (brand.startsWith('3g')) return 'video/3gpp';
  return 'video/mp4';
}

const OFFICE_TYPES = MEDIA_LIMITS.document.mimeTypes.filter((type) => type.includes('ms') || type.includes('office'));

/** The MIME type the bytes show, or undefined when they are none WhatsApp carries. */
export function sniffWhatsAppMedia(bytes: Uint8Array, declared: string | undefined): string | undefined {
  const known = sniffMediaType(bytes);
  if (known) return known;
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  if (startsWith(bytes, ascii('OggS'))) return 'audio/ogg';
  if (startsWith(bytes, ascii('#!AMR'))) return 'audio/amr';
  if (startsWith(bytes, ascii('ID3')) || startsWith(bytes, [0xff, 0xfb]) || startsWith(bytes, [0xff, 0xf3])) {
    return 'audio/mpeg';
  }
  if (startsWith(bytes, [0xff, 0xf1]) || startsWith(bytes, [0xff, 0xf9])) return 'audio/aac';
  const iso = isoMediaType(bytes);
  if (iso) return iso;
  const bareDeclared = declared?.split(';')[0].trim().toLowerCase();
  const container = startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0]);
  if (container && bareDeclared && OFFICE_TYPES.includes(bareDeclared)) return bareDeclared;
  return undefined;
}

/** Which sniffed types each kind may be (a voice note is OGG; an 'audio' that is an MP4 video is not). */
const ACCEPTED: Record<MediaKind, (type: string) => boolean> = {
  image: (type) => type === 'image/jpeg' || type === 'image/png' || type === 'image/webp',
  sticker: (type) => type === 'image/webp' || type === 'image/png',
  audio: (type) => type.startsWith('audio/') || type === 'video/mp4',
  video: (type) => type === 'video/mp4' || type === 'video/3gpp',
  document: () => true,
};

/** The stored type of a media of `kind`: its sniffed type when the bytes fit the kind, else undefined. */
export function mediaTypeFor(kind: MediaKind, bytes: Uint8Array, declared: string | undefined): string | undefined {
  const sniffed = sniffWhatsAppMedia(bytes, declared);
  if (!sniffed || !ACCEPTED[kind](sniffed)) return undefined;
  // An audio file in an MP4 container without the M4A brand is still audio.
  return kind === 'audio' && sniffed === 'video/mp4' ? 'audio/mp4' : sniffed;
}
