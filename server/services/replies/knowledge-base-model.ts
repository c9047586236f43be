import crypto from 'node:crypto';
import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3Content,
  LanguageModelV3GenerateResult,
} from '@ai-sdk/provider';
import type { Executor } from '../../db/client';
import { earlierSubject, type Turn } from './follow-ups';
import { detectPersonRequest, handoverReason } from './handover-phrases';
import { detectLanguage } from './language';
import { loadLexicon, type Language, type Lexicon } from './lexicon';
import { PHRASES } from './phrasing';
import { sentencesOf } from './sentences';
import { introducedName, messageSentences, smallTalkOf } from './small-talk';
import {
  answers,
  candidateOf,
  intentsOf,
  polarity,
  rankOf,
  score,
  SUBJECTLESS_INTENTS,
  termWeights,
  understand,
  vocabularyWords,
  type Scored,
} from './understanding';

/**
 * `local/knowledge-base`: the offline model, no network. It is an AI SDK language model like any
 * other, so the reply pipeline runs it through the same `generateText` call, with the same
 * `escalate_to_human` tool (for a customer asking for a person). It answers small talk in kind,
 * and a question (a follow-up resolved against the turns before it) with the sentence of the
 * retrieved passages that answers it, fact first, a yes or no in front when asked one, in the
 * customer's language. When nothing answers, it says so and marks the answer `unanswered`: the
 * pipeline then tells the owner, and the AI keeps answering the customer.
 */

export const KNOWLEDGE_BASE_PROVIDER = 'local';
export const KNOWLEDGE_BASE_MODEL_ID = 'knowledge-base';
export const ESCALATE_TOOL = 'escalate_to_human';

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
  /** The conversation before the question, oldest first. */
  history: Turn[];
  /** The words of the question, passages and history, stemmed (see lexicon.ts). */
  lexicon: Lexicon;
}

/** What the offline model did, in the result's provider metadata (`knowledgeBase`). */
export interface KnowledgeBaseMetadata {
  contextIds: number[];
  /** True when nothing in the documents answered: the owner is told, the AI keeps the conversation. */
  unanswered: boolean;
  language: Language;
}

export type KnowledgeAnswer =
  | { kind: 'text'; text: string; contextIds: number[]; unanswered: boolean; language: Language }
  | { kind: 'handover'; reason: string };

/** The language of a request: the question's, or the documents' when the question is too short to tell. */
export function requestLanguage(question: string, passages: KnowledgePassage[]): Language {
  const documents = detectLanguage(passages.map((passage) => passage.text).join('\n'));
  return detectLanguage(question, documents);
}

/** Every text whose words a request's lexicon must know. */
export function lexiconTexts(question: string, passages: KnowledgePassage[], history: Turn[], language: Language) {
  return [
    question,
    ...passages.map((passage) => passage.text),
    ...history.map((turn) => turn.text),
    ...vocabularyWords(language),
  ];
}

/** A request's lexicon from the database: the question's language's dictionary over all its words. */
export async function knowledgeRequest(
  db: Executor,
  input: Omit<KnowledgeRequest, 'lexicon'>,
): Promise<KnowledgeRequest> {
  const language = requestLanguage(input.question, input.passages);
  const lexicon = await loadLexicon(
    db,
    language,
    lexiconTexts(input.question, input.passages, input.history, language),
  );
  return { ...input, lexicon };
}

/** A customer's own name: the one they gave in this conversation, else their WhatsApp profile's. */
function customerFirstName(request: KnowledgeRequest, sentences: string[]): string | undefined {
  const introduced = [
    ...request.history.filter((turn) => turn.from === 'customer').flatMap((turn) => messageSentences(turn.text)),
    ...sentences,
  ]
    .map(introducedName)
    .filter((name): name is string => name !== undefined)
    .at(-1);
  return introduced ?? request.customerName?.trim().split(/\s+/)[0] ?? undefined;
}

/** A request, a wish ("I'd like to rent …"): answered like a question, not acknowledged like news. */
const ASKS =
  /\?|^(?:i(?:'d| would) like|i want|i need|i'm looking for|looking for|ich (?:möchte|will|brauche|suche)|quiero|quisiera|necesito|busco|quero|queria|preciso|procuro|je (?:voudrais|veux|cherche)|j'ai besoin)\b/i;

function isQuestion(text: string, language: Language): boolean {
  return ASKS.test(text.replace(/[’‘]/g, "'")) || intentsOf(text, language).size > 0;
}

interface Found {
  sentences: Scored[];
  passageIds: number[];
  answer: 'yes' | 'no' | undefined;
}

/** The passages in the customer's language, when there are any: a German question gets the German text. */
function passagesInLanguage(passages: KnowledgePassage[], language: Language): KnowledgePassage[] {
  const same = passages.filter((passage) => detectLanguage(passage.text, language) === language);
  return same.length > 0 ? same : passages;
}

/** Two sentences read as one answer (for its yes or no): "Open Monday to Saturday. On Sundays we are closed." */
function joined(parts: Scored[]): Scored {
  const sentence = parts.map((part) => part.candidate.sentence).join(' ');
  return {
    ...parts[0],
    candidate: { ...parts[0].candidate, sentence },
    matched: [...new Set(parts.flatMap((part) => part.matched))],
  };
}

/** The sentence that answers the question best, and its neighbour when that adds to it. */
function findAnswer(request: KnowledgeRequest, question: string, earlier: string): Found | undefined {
  const { lexicon } = request;
  const { language } = lexicon;
  const understood = understand(question, lexicon, earlier === '' ? null : earlier);
  const subjectless = [...understood.intents].some((intent) => SUBJECTLESS_INTENTS.has(intent));
  if (understood.terms.length === 0 && !subjectless) return undefined;
  const located = passagesInLanguage(request.passages, language).flatMap((passage, rank) =>
    sentencesOf(passage.text).map((sentence, index) => ({
      passageId: passage.id,
      rank,
      index,
      candidate: candidateOf(sentence, lexicon),
    })),
  );
  const weights = termWeights(
    understood,
    located.map((item) => item.candidate),
    language,
  );
  const scored = located
    .map((item) => ({ ...item, scored: score(understood, item.candidate, weights, language) }))
    .sort((a, b) => rankOf(b.scored) - rankOf(a.scored) || a.rank - b.rank || a.index - b.index);
  const best = understood.terms.length === 0 ? scored.find((item) => item.scored.evidence) : scored[0];
  if (!best || (understood.terms.length > 0 && !answers(best.scored))) return undefined;
  // The next sentence of the same passage, when it adds what the best one lacks: a term of the
  // question it does not have, or the fact the intent asks for ("We rent cargo bikes. They cost …").
  const next = scored.find((item) => item.passageId === best.passageId && item.index === best.index + 1);
  const adds =
    next !== undefined &&
    next.scored.candidate.sentence !== best.scored.candidate.sentence &&
    ((!best.scored.evidence && next.scored.evidence && next.scored.matched.length > 0) ||
      next.scored.matched.some((term) => term.own && !best.scored.matched.includes(term)));
  const chosen = adds ? [best, next] : [best];
  return {
    sentences: chosen.map((item) => item.scored),
    passageIds: [...new Set(chosen.map((item) => item.passageId))],
    answer: polarity(
      understood,
      chosen.length === 1 ? best.scored : joined(chosen.map((item) => item.scored)),
      language,
    ),
  };
}

/** The offline model's decision, as plain data (the LanguageModel below wraps it). */
export function answerFromKnowledge(request: KnowledgeRequest): KnowledgeAnswer {
  const { language } = request.lexicon;
  const phrases = PHRASES[language];
  const sentences = messageSentences(request.question);
  const personRequest = sentences.map(detectPersonRequest).find((decision) => decision.asks);
  if (personRequest) return { kind: 'handover', reason: handoverReason(personRequest.need) };
  const name = customerFirstName(request, sentences);
  const talk = sentences.map(smallTalkOf);
  const asked = sentences.filter((_, index) => talk[index] === undefined);
  const reply = (text: string, contextIds: number[] = [], unanswered = false): KnowledgeAnswer => ({
    kind: 'text',
    text,
    contextIds,
    unanswered,
    language,
  });
  if (asked.length === 0) {
    const kind = talk.includes('introduction')
      ? 'introduction'
      : (talk.findLast((item) => item !== undefined) ?? 'greeting');
    return reply(phrases.smallTalk[kind](name));
  }
  const question = asked.join(' ');
  const earlier = earlierSubject(question, request.history, language);
  const found = findAnswer(request, question, earlier);
  if (!found) {
    return isQuestion(question, language) ? reply(phrases.notFound(name), [], true) : reply(phrases.statement(name));
  }
  const greeted = talk.some((item) => item === 'greeting' || item === 'introduction');
  const opener =
    found.answer === 'yes'
      ? phrases.yes(name)
      : found.answer === 'no'
        ? phrases.no(name)
        : greeted
          ? phrases.hello(name)
          : '';
  const facts = found.sentences.map((item) => item.candidate.sentence).join(' ');
  return reply([opener, facts].filter((part) => part !== '').join(' '), found.passageIds);
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
    let metadata: KnowledgeBaseMetadata = { contextIds: [], unanswered: false, language: request.lexicon.language };
    if (answer.kind === 'text') {
      content = [{ type: 'text', text: answer.text }];
      metadata = { contextIds: answer.contextIds, unanswered: answer.unanswered, language: answer.language };
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
      providerMetadata: { knowledgeBase: { ...metadata } },
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
