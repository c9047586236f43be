import type { Expectation } from './types';

/**
 * How one turn of an evaluation went, and the figures over all turns. Kept apart from the runner so
 * that its rules are unit-tested (tests/server/replies/eval-score.test.ts).
 */

export type Outcome =
  { kind: 'reply'; text: string; unanswered: boolean; grounded: boolean } | { kind: 'handover'; reason: string };

export interface Judged {
  expectation: Expectation['expect'];
  correct: boolean;
  falseHandover: boolean;
  /** Figures in the answer that no document contains. */
  invented: string[];
  length: number;
  why: string;
}

export function normalise(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').replace(/[’‘]/g, "'").toLowerCase();
}

/** Numbers, times and prices in a text ("15", "9:00", "5,50", "2.20"). */
export function figuresOf(text: string): string[] {
  return text.match(/\d+(?:[.,:]\d+)?/g) ?? [];
}

/** Figures of `answer` that appear in no document: what the model would have made up. */
export function inventedFigures(answer: string, documents: string): string[] {
  const known = new Set(figuresOf(documents));
  return figuresOf(answer).filter((figure) => !known.has(figure));
}

function contains(text: string, word: string): boolean {
  const needle = normalise(word);
  if (/^[\p{L}]+$/u.test(needle)) return new RegExp(`(?<![\\p{L}])${needle}(?![\\p{L}])`, 'u').test(text);
  return text.includes(needle);
}

/** Judges one turn: its outcome against what was expected. */
export function judge(expectation: Expectation, outcome: Outcome, documents: string): Judged {
  const text = outcome.kind === 'reply' ? outcome.text : '';
  const invented = outcome.kind === 'reply' ? inventedFigures(text, documents) : [];
  const base = {
    expectation: expectation.expect,
    falseHandover: outcome.kind === 'handover' && expectation.expect !== 'handover',
    invented,
    length: text.length,
  };
  const handedOver = outcome.kind === 'handover';
  const unanswered = outcome.kind === 'reply' && outcome.unanswered;
  switch (expectation.expect) {
    case 'handover':
      return { ...base, correct: handedOver, why: handedOver ? '' : `not handed over: “${text}”` };
    case 'unanswered':
      return {
        ...base,
        correct: unanswered,
        why: unanswered ? '' : handedOver ? 'handed over' : `answered instead of “not found”: “${text}”`,
      };
    case 'smalltalk':
      return {
        ...base,
        correct: !handedOver && !unanswered,
        why: handedOver ? 'handed over' : unanswered ? `treated as an unanswered question: “${text}”` : '',
      };
    case 'answer': {
      if (handedOver) return { ...base, correct: false, why: 'handed over' };
      if (unanswered) return { ...base, correct: false, why: 'not found in the documents' };
      const normalised = normalise(text);
      const missing = expectation.accept
        .map((group) => (Array.isArray(group) ? group : [group]))
        .filter((group) => !group.some((word) => contains(normalised, word)));
      const correct = missing.length === 0 && invented.length === 0;
      return {
        ...base,
        correct,
        why: correct ? '' : `missing ${missing.map((group) => group.join('/')).join(', ')}: “${text}”`,
      };
    }
  }
}

export interface Figures {
  answerable: number;
  answeredCorrectly: number;
  accuracy: number;
  personRequests: number;
  handedOver: number;
  handoverRecall: number;
  notPersonRequests: number;
  falseHandovers: number;
  falseHandoverRate: number;
  unanswerable: number;
  unansweredCorrectly: number;
  smallTalk: number;
  smallTalkCorrect: number;
  inventedFacts: number;
  meanAnswerLength: number;
  maxAnswerLength: number;
}

const ratio = (part: number, whole: number) => (whole === 0 ? 1 : part / whole);

export function figures(judged: Judged[]): Figures {
  const of = (expectation: Judged['expectation']) => judged.filter((turn) => turn.expectation === expectation);
  const answerable = of('answer');
  const requests = of('handover');
  const others = judged.filter((turn) => turn.expectation !== 'handover');
  const falseHandovers = others.filter((turn) => turn.falseHandover).length;
  const lengths = answerable.filter((turn) => turn.length > 0).map((turn) => turn.length);
  return {
    answerable: answerable.length,
    answeredCorrectly: answerable.filter((turn) => turn.correct).length,
    accuracy: ratio(answerable.filter((turn) => turn.correct).length, answerable.length),
    personRequests: requests.length,
    handedOver: requests.filter((turn) => turn.correct).length,
    handoverRecall: ratio(requests.filter((turn) => turn.correct).length, requests.length),
    notPersonRequests: others.length,
    falseHandovers,
    falseHandoverRate: others.length === 0 ? 0 : falseHandovers / others.length,
    unanswerable: of('unanswered').length,
    unansweredCorrectly: of('unanswered').filter((turn) => turn.correct).length,
    smallTalk: of('smalltalk').length,
    smallTalkCorrect: of('smalltalk').filter((turn) => turn.correct).length,
    inventedFacts: judged.reduce((sum, turn) => sum + turn.invented.length, 0),
    meanAnswerLength: lengths.length === 0 ? 0 : Math.round(lengths.reduce((a, b) => a + b, 0) / lengths.length),
    maxAnswerLength: lengths.length === 0 ? 0 : Math.max(...lengths),
  };
}

/** The offline model's targets (issue 17). */
export const TARGETS = { accuracy: 0.9, handoverRecall: 1, falseHandoverRate: 0.05, inventedFacts: 0 };

export function meetsTargets(result: Figures): boolean {
  return (
    result.accuracy >= TARGETS.accuracy &&
    result.handoverRecall >= TARGETS.handoverRecall &&
    result.falseHandoverRate <= TARGETS.falseHandoverRate &&
    result.inventedFacts <= TARGETS.inventedFacts
  );
}
