/*
 * What a customer wrote, as a notice or a push says it (the shell's notices, the bell, server/services/notifications).
 */

/** A notice quotes at most this many characters of what the customer wrote, cut at a word. */
export const NOTICE_WORDS_MAX_CHARS = 120;

/** The server's one-line reading of a media message (server/services/intake/readable.ts), in words. */
const MEDIA_WORDS: Record<string, string> = {
  image: 'Photo',
  video: 'Video',
  audio: 'Voice message',
  sticker: 'Sticker',
  document: 'Document',
  location: 'Location',
  contacts: 'Contact',
  order: 'Order',
  reaction: 'Reaction',
  'form reply': 'Form reply',
  'button reply': 'Button reply',
  'list reply': 'List reply',
};

const MEDIA_LABEL = /^\[([a-z ]+)\]\s*(.*)$/s;

/** '[image] the cake' → 'Photo: the cake'; '[audio]' → 'Voice message'; plain text as it is. */
export function messageInWords(body: string): string {
  const match = MEDIA_LABEL.exec(body.trim());
  const words = match && MEDIA_WORDS[match[1]];
  if (!match || !words) return body.trim().replace(/\s+/g, ' ');
  const detail = match[2].trim().replace(/\s+/g, ' ');
  return detail ? `${words}: ${detail}` : words;
}

/** At most `maxChars`, cut at the last whole word with '…' (a word longer than that is cut inside). */
export function trimAtWord(text: string, maxChars = NOTICE_WORDS_MAX_CHARS): string {
  if (text.length <= maxChars) return text;
  const cut = text.slice(0, maxChars - 1);
  const lastSpace = cut.lastIndexOf(' ');
  const words = lastSpace > maxChars / 2 ? cut.slice(0, lastSpace) : cut;
  return `${words.replace(/[\s,;:.!?-]+$/, '')}…`;
}

/** What the customer said, for a notice: media in words, trimmed at a word. */
export const customerWords = (body: string) => trimAtWord(messageInWords(body));
