import { unicodeWordsOf, type Language } from './lexicon';
import { messageSentences, smallTalkOf } from './small-talk';

/**
 * A follow-up question ("How long does it take?", "and for a week?") leans on the question before
 * it: its subject is the earlier question's. Text level only, so that retrieval (before any model)
 * and the offline model resolve a follow-up the same way.
 */

export interface Turn {
  from: 'customer' | 'business';
  text: string;
}

/** How many earlier questions a chain of follow-ups reaches back. */
export const MAX_FOLLOW_UP_DEPTH = 3;
/** A question this short ("How much?", "And on Sundays?") rarely names its subject. */
const SHORT_QUESTION_WORDS = 4;

const OPENERS: Record<Language, RegExp> = unicodeWordsOf({
  en: /^(?:and|what about|how about|also|plus)\b/i,
  de: /^(?:und|was ist mit|wie ist es mit|auch)\b/i,
  es: /^(?:y|¿y|qué tal|y para|también)\b/i,
  pt: /^(?:e|e para|e quanto|também)\b/i,
  fr: /^(?:et|quid de|aussi)\b/i,
});

/** Pronouns that point back ("does it", "kostet das"); articles of the same spelling are left out. */
const BACK_REFERENCES: Record<Language, RegExp> = unicodeWordsOf({
  en: /\b(?:it|that|this|they|them|those|these)\b/i,
  de: /\b(?:dafür|damit|dazu|davon|dauert es|kostet es|kostet das|dauert das)\b|\b(?:es|das)\s*[?.!]*$/i,
  es: /\b(?:eso|esa|ese|esto|esta)\b/i,
  pt: /\b(?:isso|isto|ele|ela|eles|elas)\b/i,
  fr: /\b(?:ça|cela|ceci)\b/i,
});

export function isFollowUp(text: string, language: Language): boolean {
  const question = text.trim();
  const words = question.split(/\s+/).length;
  return (
    OPENERS[language].test(question) ||
    BACK_REFERENCES[language].test(question) ||
    (words <= SHORT_QUESTION_WORDS && /\?\s*$/.test(question))
  );
}

/** A customer's turn without its small talk ("Thanks! And for a week?" → "And for a week?"). */
export function withoutSmallTalk(text: string): string {
  return messageSentences(text)
    .filter((sentence) => !smallTalkOf(sentence))
    .join(' ');
}

/**
 * The earlier questions a follow-up leans on, nearest first and joined: empty when `question` is
 * no follow-up or nothing was asked before.
 */
export function earlierSubject(question: string, history: Turn[], language: Language): string {
  if (!isFollowUp(question, language)) return '';
  const asked = history
    .filter((turn) => turn.from === 'customer')
    .map((turn) => withoutSmallTalk(turn.text))
    .filter((text) => text !== '');
  const chain: string[] = [];
  for (let index = asked.length - 1; index >= 0 && chain.length < MAX_FOLLOW_UP_DEPTH; index -= 1) {
    chain.push(asked[index]);
    if (!isFollowUp(asked[index], language)) break;
  }
  return chain.join(' ');
}
