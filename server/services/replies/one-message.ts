import { INBOX_LIMITS } from '../../../contract';

/**
 * One AI answer is one WhatsApp message, never several bubbles: each message is billed on its own
 * (per-message pricing; partners report free-form service messages billed too from October 2026, see
 * WHATSAPP.md §0), so an answer longer than WhatsApp's text limit is shortened to fit, never split.
 * It ends at the last sentence that fits, else the last word, and says so with an ellipsis.
 */

const ELLIPSIS = '…';
const SENTENCE_END = /[.!?](?=\s)/g;

/** `text` as one message of at most `maxLength` characters (UTF-16 units, as WhatsApp counts them). */
export function asOneMessage(text: string, maxLength: number = INBOX_LIMITS.maxReplyLength): string {
  if (text.length <= maxLength) return text;
  const budget = maxLength - ELLIPSIS.length;
  // One character more, to see whether the last one that fits ends a sentence or a word.
  const head = text.slice(0, budget + 1);
  const sentenceEnd = [...head.matchAll(SENTENCE_END)].at(-1)?.index;
  const wordEnd = head.search(/\s\S*$/);
  let cut = budget;
  // A last sentence that keeps at least half of the room, else the last whole word.
  if (sentenceEnd !== undefined && sentenceEnd + 1 >= budget / 2) cut = sentenceEnd + 1;
  else if (wordEnd > 0) cut = wordEnd;
  // Never half of a surrogate pair.
  if (/[\uD800-\uDBFF]/.test(text.charAt(cut - 1))) cut -= 1;
  return `${text.slice(0, cut).trimEnd()}${ELLIPSIS}`;
}
