import { LOCAL_KNOWLEDGE_MODEL } from '../../../contract';
import type { MediaStore } from '../media/store';
import { visionProvider, type VisionProvider } from './models';
import type { PromptImage } from './prompt';

/**
 * What a customer's photos, voice notes, videos, documents, stickers and places become in a reply:
 * what the customer said (their text, a caption, a voice note's transcript), a note for the model
 * where the media itself cannot go ("[The customer sent a photo: …]"), the photos themselves for a
 * model that sees images, and what the pipeline does before any model runs (media-decision below).
 */

/** A message of the conversation as the reply reads it (context.ts `recentMessages`). */
export type ConversationRow = {
  id: number;
  wamid: string;
  body: string;
  direction: 'inbound' | 'outbound';
  sent_at: Date;
  type: string;
  /** The media's caption (or a document's), else null. */
  caption: string | null;
  filename: string | null;
  /** The media job's outcome: null while pending, and for messages without media. */
  media_status: 'ready' | 'failed' | null;
  mime_type: string | null;
  size_bytes: number | null;
  storage_key: string | null;
  transcript: string | null;
  /** A customer message that came while a person owned the conversation: theirs to answer. */
  left_to_person: boolean;
};

/** Photos given to a model that sees images: the customer's latest ones within the prompt's turns. */
export const MAX_PROMPT_IMAGES = 3;

const MB = 1024 * 1024;
/**
 * The largest photo each provider takes in a prompt, before base64: Anthropic's 5 MB applies to the
 * encoded image; Google's 20 MB is the whole request, shared by up to three photos.
 */
export const MAX_PROMPT_IMAGE_BYTES: Record<VisionProvider, number> = {
  openai: 20 * MB,
  anthropic: Math.floor((5 * MB * 3) / 4),
  google: 4 * MB,
};

/** Photo types every vision provider here reads (WhatsApp's photos are JPEG or PNG). */
const PROMPT_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];

const withText = (note: string, text: string | null) => (text ? `[${note}: ${text}]` : `[${note}]`);

/** What the customer wrote or said in a message: its text, caption or transcript ('' when none). */
export function spokenText(row: ConversationRow): string {
  switch (row.type) {
    case 'image':
    case 'video':
    case 'document':
      return row.caption?.trim() ?? '';
    case 'audio':
      return row.transcript?.trim() ?? '';
    case 'sticker':
    case 'location':
      return '';
    default:
      return row.body;
  }
}

/**
 * A customer message as the model reads it: the text, or a note of the media with what came with
 * it; a voice note is its transcript. `attached`: the photo itself follows as an image part.
 */
export function promptText(row: ConversationRow, attached = false): string {
  if (row.direction === 'outbound') return row.body;
  const said = spokenText(row) || null;
  switch (row.type) {
    case 'image':
      return withText(attached ? 'The customer sent this photo' : 'The customer sent a photo', said);
    case 'video':
      return withText('The customer sent a video', said);
    case 'document':
      return withText(`The customer sent a document${row.filename ? ` (${row.filename})` : ''}`, said);
    case 'audio':
      return said ?? '[The customer sent a voice note]';
    case 'sticker':
      return '[The customer sent a sticker]';
    case 'location':
      return withText('The customer shared a location', row.body.replace(/^\[location\]\s*/, '') || null);
    default:
      return row.body;
  }
}

/** The kinds a customer's message can carry that the offline model cannot read without words. */
function unreadableWithoutText(row: ConversationRow): boolean {
  return ['image', 'video', 'document', 'location'].includes(row.type) && spokenText(row) === '';
}

/**
 * What the burst's media ask of the pipeline before any model runs:
 * - `ignore`: only stickers — a customer's sticker alone is a reaction, like an emoji, and is not
 *   answered (the owner still sees it);
 * - `voice_note`: a voice note without a transcript (the provider transcribes none, or it failed):
 *   the agent's `voice_notes` setting says whether to ask for text or hand over;
 * - `hand_over`: the offline model and a photo, video, document or place without a word to answer
 *   from: a person looks at it (a caption is answered like a text);
 * - `answer`: the model answers — always when the burst has words, whatever media came with them.
 */
export type MediaDecision = 'ignore' | 'voice_note' | 'hand_over' | 'answer';

export function mediaDecision(model: string, burst: ConversationRow[]): MediaDecision {
  if (burst.length > 0 && burst.every((row) => row.type === 'sticker')) return 'ignore';
  // Words anywhere in the burst (a text, a caption, a transcript) are what the customer asks: they are
  // answered, the media around them shown to the model as notes, never left for a voice note's apology.
  if (burst.some((row) => row.type !== 'sticker' && spokenText(row).trim() !== '')) return 'answer';
  if (burst.some((row) => row.type === 'audio' && spokenText(row) === '')) return 'voice_note';
  if (model === LOCAL_KNOWLEDGE_MODEL && burst.some(unreadableWithoutText)) return 'hand_over';
  return 'answer';
}

/**
 * The photos a model that sees images is given, by message id: the customer's latest ones among
 * `rows` (at most MAX_PROMPT_IMAGES), kept and small enough for the provider. None for other models.
 */
export async function promptImages(
  store: MediaStore,
  model: string,
  userId: number,
  rows: ConversationRow[],
): Promise<Map<number, PromptImage>> {
  const images = new Map<number, PromptImage>();
  const provider = visionProvider(model);
  if (!provider) return images;
  const candidates = rows
    .filter(
      (row) =>
        row.direction === 'inbound' &&
        row.type === 'image' &&
        row.media_status === 'ready' &&
        row.storage_key !== null &&
        PROMPT_IMAGE_TYPES.includes(row.mime_type ?? '') &&
        (row.size_bytes ?? 0) <= MAX_PROMPT_IMAGE_BYTES[provider],
    )
    .slice(-MAX_PROMPT_IMAGES);
  for (const row of candidates) {
    const stored = await store.get(userId, row.storage_key as string);
    if (stored) images.set(row.id, { image: new Uint8Array(stored.bytes), mediaType: stored.mimeType });
  }
  return images;
}
