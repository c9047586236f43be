import crypto from 'node:crypto';
import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3Content,
  LanguageModelV3GenerateResult,
} from '@ai-sdk/provider';
import { HANDOVER_REASONS } from './ownership';

/**
 * `local/knowledge-base`: the offline model, no network. It is an AI SDK language model like any
 * other, so the reply pipeline runs it through the same `generateText` call, with the same
 * `escalate_to_human` tool. It greets a greeting, answers a question with the one or two sentences
 * of the retrieved passages that match it best ("From our documents: …"), and calls the hand-over
 * tool when nothing matches well enough.
 */

export const KNOWLEDGE_BASE_PROVIDER = 'local';
export const KNOWLEDGE_BASE_MODEL_ID = 'knowledge-base';
export const ESCALATE_TOOL = 'escalate_to_human';
export const ANSWER_PREFIX = 'From our documents:';

/**
 * How much of the question one sentence must cover to be quoted: at least half of the question's
 * distinct content words (stop words and filler verbs like "have", "sell", "know" left out), and
 * at least one. Unrelated text shares a word with a question now and then, rarely half of its
 * content words; a sentence that answers a question nearly always repeats its subject ("opening
 * hours" → "We are open …"). With one or two content words, one of them must match.
 */
export const MIN_COVERAGE = 0.5;
/** A quoted sentence is cut here, so that the answer stays a WhatsApp message, not a page. */
const MAX_SENTENCE_LENGTH = 300;

export interface KnowledgePassage {
  id: number;
  text: string;
}

export interface KnowledgeRequest {
  /** The customer's message(s) being answered. */
  question: string;
  customerName: string | null;
  /** The retrieved passages, best first. */
  passages: KnowledgePassage[];
}

/** What the offline model used, in the result's provider metadata (`knowledgeBase.contextIds`). */
export interface KnowledgeBaseMetadata {
  contextIds: number[];
}

const STOP_WORDS = new Set(
  (
    'a about above after again all also am an and any are as at be been before being below between both but by ' +
    'can could did do does doing done down during each either else ever every few for from further get gets got ' +
    'had has have having he her here hers him his how i if in into is it its just know let like ll make may me ' +
    'might mine more most much must my need no nor not now of off on once only or other our ours out over own ' +
    'please re really same say see sell sells she should so some still such tell than thank thanks that the ' +
    'their theirs them then there these they thing things this those through to too under until up us ve very ' +
    'want was we were what when where which while who whom why will with would yes yet you your yours ' +
    'hi hello hey offer offers provide available'
  ).split(' '),
);

/** A crude English stem: enough for "hours"/"hour", "opening"/"open", "shipped"/"shipping"/"ship". */
export function stem(word: string): string {
  let w = word.toLowerCase().replace(/'s$/, '');
  if (w.length > 4 && w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
  else if (w.length > 4 && /(?:ss|x|ch|sh)es$/.test(w)) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss')) w = w.slice(0, -1);
  if (w.length > 5 && w.endsWith('ing')) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith('ed')) w = w.slice(0, -2);
  if (/([b-df-hj-np-tv-z])\1$/.test(w) && !/(?:ll|ss|zz)$/.test(w)) w = w.slice(0, -1);
  return w;
}

/** The distinct content words of a text, stemmed. */
export function contentTerms(text: string): string[] {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+(?:'[\p{L}]+)?/gu) ?? [];
  return [...new Set(words.filter((word) => word.length > 1 && !STOP_WORDS.has(word)).map(stem))];
}

function sameTerm(a: string, b: string): boolean {
  if (a === b) return true;
  // "deliver"/"delivery", "refund"/"refundable": a shared beginning of 5 letters or more.
  const shorter = a.length <= b.length ? a : b;
  const longer = shorter === a ? b : a;
  return shorter.length >= 5 && longer.startsWith(shorter);
}

/** The share (0..1) of the question's terms that the sentence contains. */
export function coverage(questionTerms: string[], sentence: string): number {
  if (questionTerms.length === 0) return 0;
  const terms = contentTerms(sentence);
  const matched = questionTerms.filter((term) => terms.some((other) => sameTerm(term, other)));
  return matched.length / questionTerms.length;
}

/** A line of fewer words without closing punctuation is a heading, not something to quote. */
function isHeading(line: string): boolean {
  return !/[.!?:;)]$/.test(line) && line.split(' ').length < 5;
}

/** The passage's sentences, lines (headings, list items) kept apart, headings left out. */
export function sentencesOf(text: string): string[] {
  return text
    .split(/\n+|\s*[•·]\s*/)
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '' && !isHeading(line))
    .flatMap((line) => line.split(/(?<=[.!?])\s+(?=[\p{Lu}\p{N}"“'(])/u))
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.length > 0);
}

const GREETING =
  /^(?:hi|hello|hey|hiya|howdy|yo|greetings|good (?:morning|afternoon|evening|day)|hola|buenos d[ií]as|buenas(?: tardes| noches)?|ol[aá]|bom dia|boa (?:tarde|noite)|bonjour|salut|hallo|guten (?:morgen|tag|abend)|ciao)(?: there| team| all| everyone| folks)?[\s!.,:)]*(?:👋)?$/iu;
const THANKS =
  /^(?:thanks?(?: you)?(?: (?:so|very) much)?|thx|ty|cheers|much appreciated|gracias|obrigad[oa]|merci|danke)[\s!.,:)]*$/iu;

export function isGreeting(text: string): boolean {
  return GREETING.test(text.trim());
}

function trimSentence(sentence: string): string {
  if (sentence.length <= MAX_SENTENCE_LENGTH) return sentence;
  const cut = sentence.slice(0, MAX_SENTENCE_LENGTH);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), MAX_SENTENCE_LENGTH - 40))}…`;
}

export type KnowledgeAnswer =
  { kind: 'text'; text: string; contextIds: number[] } | { kind: 'handover'; reason: string };

/** The offline model's decision, as plain data (the LanguageModel below wraps it). */
export function answerFromKnowledge(request: KnowledgeRequest): KnowledgeAnswer {
  const question = request.question.trim();
  const lines = question.split('\n').map((line) => line.trim());
  const name = request.customerName?.split(' ')[0];
  if (lines.every((line) => line === '' || isGreeting(line))) {
    return { kind: 'text', text: `Hello${name ? ` ${name}` : ''}! How can I help you today?`, contextIds: [] };
  }
  if (lines.every((line) => line === '' || THANKS.test(line) || isGreeting(line))) {
    return { kind: 'text', text: 'You’re welcome! Anything else I can help with?', contextIds: [] };
  }
  const terms = contentTerms(question);
  const scored = request.passages.flatMap((passage, rank) =>
    sentencesOf(passage.text).map((sentence, index) => ({
      sentence,
      index,
      rank,
      passageId: passage.id,
      score: coverage(terms, sentence),
    })),
  );
  scored.sort((a, b) => b.score - a.score || a.rank - b.rank || a.index - b.index);
  const best = scored[0];
  if (!best || best.score < MIN_COVERAGE) return { kind: 'handover', reason: HANDOVER_REASONS.noKnowledge };
  // A second sentence when it covers the question as well, or it follows the best one in its passage
  // and adds to it (e.g. "We ship worldwide. Delivery takes 3–5 days.").
  const second = scored.find(
    (candidate) =>
      candidate !== best &&
      candidate.sentence !== best.sentence &&
      candidate.score > 0 &&
      (candidate.score >= best.score || (candidate.passageId === best.passageId && candidate.index === best.index + 1)),
  );
  const chosen = second ? [best, second] : [best];
  if (second && second.passageId === best.passageId && second.index < best.index) chosen.reverse();
  const text = `${ANSWER_PREFIX} ${chosen.map((item) => trimSentence(item.sentence)).join(' ')}`;
  return { kind: 'text', text, contextIds: [...new Set(chosen.map((item) => item.passageId))] };
}

const NO_USAGE = {
  inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 0, text: 0, reasoning: 0 },
};

/** The offline model for one reply: it answers `request` whatever prompt the pipeline assembled. */
export function knowledgeBaseModel(request: KnowledgeRequest): LanguageModelV3 {
  const generate = async (options: LanguageModelV3CallOptions): Promise<LanguageModelV3GenerateResult> => {
    const answer = answerFromKnowledge(request);
    const canEscalate = options.tools?.some((tool) => tool.type === 'function' && tool.name === ESCALATE_TOOL);
    let content: LanguageModelV3Content[];
    let contextIds: number[] = [];
    if (answer.kind === 'text') {
      content = [{ type: 'text', text: answer.text }];
      contextIds = answer.contextIds;
    } else if (canEscalate) {
      content = [
        {
          type: 'tool-call',
          toolCallId: `kb-${crypto.randomUUID()}`,
          toolName: ESCALATE_TOOL,
          input: JSON.stringify({ reason: answer.reason }),
        },
      ];
    } else {
      content = [];
    }
    return {
      content,
      finishReason: { unified: content[0]?.type === 'tool-call' ? 'tool-calls' : 'stop', raw: undefined },
      usage: NO_USAGE,
      providerMetadata: { knowledgeBase: { contextIds } },
      warnings: [],
    };
  };
  return {
    specificationVersion: 'v3',
    provider: KNOWLEDGE_BASE_PROVIDER,
    modelId: KNOWLEDGE_BASE_MODEL_ID,
    supportedUrls: {},
    doGenerate: generate,
    doStream: () => Promise.reject(new Error('local/knowledge-base answers with generateText only')),
  };
}
