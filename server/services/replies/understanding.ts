import { withoutAccents, wordsOf, type Language, type Lexicon } from './lexicon';
import {
  EN_AUXILIARIES,
  FILLER,
  INTENT_CUES,
  INTENT_EVIDENCE,
  NEGATIONS,
  SYNONYMS,
  WH_WORDS,
  type Intent,
} from './vocabulary';

/**
 * What a question asks and which sentence answers it: the question's subject as stemmed terms
 * (synonyms joined into one concept, German compounds split at a known word), its intents (a price,
 * opening hours, a duration, a place, a yes or no), and a score per candidate sentence: the share
 * of the question's terms it contains, rarer terms counting more, and whether it carries the kind
 * of fact the intent asks for.
 */

/** A sentence must cover this share of the question's (weighted) terms to answer it. */
export const MIN_COVERAGE = 0.5;
/** …or this share when it also carries the fact the question's intent asks for (a price, a time). */
export const MIN_COVERAGE_WITH_EVIDENCE = 0.34;
/** Terms inherited from an earlier question (a follow-up's subject) count this much of their weight. */
export const INHERITED_WEIGHT = 0.5;

export interface Term {
  stem: string;
  concepts: ReadonlySet<number>;
  /** False for terms a follow-up took from an earlier question. */
  own: boolean;
}

export interface Question {
  terms: Term[];
  intents: ReadonlySet<Intent>;
  /** "Aren't you open …?": no plain yes or no can be derived. */
  negative: boolean;
}

/** Every word the vocabulary knows for `language`, to be stemmed with the texts of a request. */
export function vocabularyWords(language: Language): string[] {
  return SYNONYMS[language].flat();
}

type ConceptIndex = Map<string, Set<number>>;

const conceptIndexes = new WeakMap<Lexicon, ConceptIndex>();

function conceptIndex(lexicon: Lexicon): ConceptIndex {
  const known = conceptIndexes.get(lexicon);
  if (known) return known;
  const index: ConceptIndex = new Map();
  SYNONYMS[lexicon.language].forEach((group, concept) => {
    for (const word of group) {
      const stem = lexicon.stemOf(word);
      if (stem === null) continue;
      index.set(stem, (index.get(stem) ?? new Set()).add(concept));
    }
  });
  conceptIndexes.set(lexicon, index);
  return index;
}

/** Shortest part of a German compound that counts as a word of its own ("verleih" in "fahrradverleih"). */
const MIN_COMPOUND_PART = 4;

function conceptsOf(stem: string, lexicon: Lexicon): Set<number> {
  const index = conceptIndex(lexicon);
  const concepts = new Set(index.get(stem) ?? []);
  if (lexicon.language === 'de' && stem.length >= 2 * MIN_COMPOUND_PART) {
    for (const [part, ids] of index) {
      if (part.length >= MIN_COMPOUND_PART && part !== stem && (stem.startsWith(part) || stem.endsWith(part))) {
        for (const id of ids) concepts.add(id);
      }
    }
  }
  return concepts;
}

/** The stems of a text's content words: no stop words, no question filler, no bare numbers. */
export function stemsOf(text: string, lexicon: Lexicon): string[] {
  const filler = FILLER[lexicon.language];
  const stems = wordsOf(text)
    .filter((word) => word.length > 1 && !filler.has(word) && !/^\d+$/.test(word))
    .map((word) => lexicon.stemOf(word))
    .filter((stem): stem is string => stem !== null && stem.length > 1);
  return [...new Set(stems)];
}

export function termsOf(text: string, lexicon: Lexicon, own = true): Term[] {
  return stemsOf(text, lexicon).map((stem) => ({ stem, concepts: conceptsOf(stem, lexicon), own }));
}

export function intentsOf(text: string, language: Language): Set<Intent> {
  const lower = text.toLowerCase().replace(/[’‘]/g, "'").trim();
  const intents = new Set<Intent>();
  for (const [intent, cue] of Object.entries(INTENT_CUES[language]) as Array<[Intent, RegExp]>) {
    if (cue.test(lower)) intents.add(intent);
  }
  // "how much is the hire for a week": a price, even though "how long" words appear nowhere.
  if (
    intents.has('duration') &&
    intents.has('price') &&
    !/\b(?:how long|wie lange?|cuánto tiempo|quanto tempo|combien de temps)\b/.test(lower)
  ) {
    intents.delete('duration');
  }
  const asksWh = WH_WORDS[language].test(lower);
  const yesNo =
    language === 'en'
      ? EN_AUXILIARIES.test(lower) && !asksWh
      : /\?\s*$/.test(lower) && !asksWh && !/^(?:y|e|et|und) /.test(lower);
  if (yesNo) intents.add('yesno');
  return intents;
}

export function understand(text: string, lexicon: Lexicon, earlier: string | null): Question {
  const own = termsOf(text, lexicon);
  const inherited = earlier
    ? termsOf(earlier, lexicon, false).filter((term) => !own.some((mine) => mine.stem === term.stem))
    : [];
  const intents = intentsOf(text, lexicon.language);
  if (earlier && ![...intents].some((intent) => intent !== 'yesno')) {
    for (const intent of intentsOf(earlier, lexicon.language)) if (intent !== 'yesno') intents.add(intent);
  }
  return {
    terms: [...own, ...inherited],
    intents,
    negative: NEGATIONS[lexicon.language].test(text.toLowerCase()),
  };
}

/** A sentence prepared for matching. */
export interface Candidate {
  sentence: string;
  stems: string[];
  concepts: ReadonlySet<number>;
  /** It states a price: then "cost", "price", "fee" in a question match it whatever its words. */
  statesPrice: boolean;
}

/** The synonym group of price words, found by the word every language's group starts with. */
const PRICE_WORD: Record<Language, string> = { en: 'price', de: 'preis', es: 'precio', pt: 'preço', fr: 'prix' };

function priceConcept(language: Language): number {
  return SYNONYMS[language].findIndex((group) => group.includes(PRICE_WORD[language]));
}

export function candidateOf(sentence: string, lexicon: Lexicon): Candidate {
  const stems = stemsOf(sentence, lexicon);
  const concepts = new Set<number>();
  for (const stem of stems) for (const concept of conceptsOf(stem, lexicon)) concepts.add(concept);
  return { sentence, stems, concepts, statesPrice: INTENT_EVIDENCE.price.test(sentence) };
}

function sameStem(a: string, b: string, language: Language): boolean {
  if (a === b) return true;
  const shorter = a.length <= b.length ? a : b;
  const longer = shorter === a ? b : a;
  // "deliver"/"delivery", "refund"/"refundable": a shared beginning of 5 letters or more.
  if (shorter.length >= 5 && longer.startsWith(shorter)) return true;
  // German compounds: "Wochenmiete" holds "miet", "Kinderrad" holds "kind".
  return (
    language === 'de' &&
    shorter.length >= MIN_COMPOUND_PART &&
    longer.length >= 2 * MIN_COMPOUND_PART &&
    (longer.startsWith(shorter) || longer.endsWith(shorter))
  );
}

export function termMatches(term: Term, candidate: Candidate, language: Language): boolean {
  if ([...term.concepts].some((concept) => candidate.concepts.has(concept))) return true;
  if (candidate.statesPrice && term.concepts.has(priceConcept(language))) return true;
  return candidate.stems.some((stem) => sameStem(term.stem, stem, language));
}

export interface Scored {
  candidate: Candidate;
  coverage: number;
  /** How much of an earlier question's subject the sentence shares (ranking only). */
  context: number;
  evidence: boolean;
  matched: Term[];
}

/**
 * Each term's weight among the candidates: 1 + ln((n + 1) / (df + 1)), so that a word every
 * sentence repeats ("bike" in a bike shop's handbook) counts less than the one that picks the
 * sentence ("cargo"), and a word no sentence has counts most against answering.
 */
export function termWeights(question: Question, candidates: Candidate[], language: Language): Map<Term, number> {
  const weights = new Map<Term, number>();
  for (const term of question.terms) {
    const df = candidates.filter((candidate) => termMatches(term, candidate, language)).length;
    const idf = 1 + Math.log((candidates.length + 1) / (df + 1));
    weights.set(term, term.own ? idf : idf * INHERITED_WEIGHT);
  }
  return weights;
}

export function hasEvidence(sentence: string, intents: ReadonlySet<Intent>): boolean {
  return [...intents].some((intent) => intent !== 'yesno' && INTENT_EVIDENCE[intent].test(sentence));
}

export function score(
  question: Question,
  candidate: Candidate,
  weights: Map<Term, number>,
  language: Language,
): Scored {
  const matched = question.terms.filter((term) => termMatches(term, candidate, language));
  const share = (terms: Term[]) => {
    const total = terms.reduce((sum, term) => sum + (weights.get(term) ?? 1), 0);
    const found = terms
      .filter((term) => matched.includes(term))
      .reduce((sum, term) => sum + (weights.get(term) ?? 1), 0);
    return total === 0 ? 0 : found / total;
  };
  const own = question.terms.filter((term) => term.own);
  const inherited = question.terms.filter((term) => !term.own);
  // A follow-up with a subject of its own ("and how long does a tune-up take?") is judged by it;
  // the earlier question's subject only orders equals ("how much does it cost?" → the cake's price).
  return {
    candidate,
    coverage: own.length > 0 ? share(own) : share(inherited),
    context: own.length > 0 ? share(inherited) : 0,
    evidence: hasEvidence(candidate.sentence, question.intents),
    matched,
  };
}

/** Whether a scored sentence answers the question at all. */
export function answers(scored: Scored): boolean {
  if (scored.matched.length === 0) return false;
  return scored.coverage >= MIN_COVERAGE || (scored.evidence && scored.coverage >= MIN_COVERAGE_WITH_EVIDENCE);
}

/** Yes or no for a yes/no question, when the sentence says it plainly; otherwise undefined. */
export function polarity(question: Question, scored: Scored, language: Language): 'yes' | 'no' | undefined {
  if (!question.intents.has('yesno') || question.negative) return undefined;
  const text = withoutAccents(scored.candidate.sentence.toLowerCase());
  if (NEGATIONS[language].test(scored.candidate.sentence.toLowerCase()) || NEGATIONS[language].test(text)) return 'no';
  const ownTerms = question.terms.filter((term) => term.own);
  return ownTerms.length > 0 && ownTerms.every((term) => scored.matched.includes(term)) ? 'yes' : undefined;
}

/** Intents a sentence can answer without sharing a word: "Where is the shop?" → "You find us at 14 Elbe Street." */
export const SUBJECTLESS_INTENTS: ReadonlySet<Intent> = new Set(['where', 'hours']);

export function rankOf(scored: Scored): number {
  return scored.coverage + CONTEXT_WEIGHT * scored.context + (scored.evidence ? EVIDENCE_BONUS : 0);
}

/** Ranking: a sentence that carries the asked-for fact goes ahead of one that only shares words. */
export const EVIDENCE_BONUS = 0.25;
/** Ranking: an earlier question's subject breaks ties between sentences a follow-up matches alike. */
export const CONTEXT_WEIGHT = 0.3;
