import type { Executor } from '../../db/client';

/**
 * Words as the offline model compares them: stemmed by PostgreSQL's Snowball dictionaries (the same
 * text search the database indexes documents with), so that "rentals"/"rental", "Samstags"/"Samstag"
 * and "horários"/"horário" meet, and stop words ("the", "der", "los") drop out. Stems are compared
 * without accents: customers often type "horario" for "horário".
 */

export const LANGUAGES = ['en', 'de', 'es', 'pt', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The Snowball dictionary of each language (PostgreSQL ships them, PGlite too). */
const STEM_DICTIONARY: Record<Language, string> = {
  en: 'english_stem',
  de: 'german_stem',
  es: 'spanish_stem',
  pt: 'portuguese_stem',
  fr: 'french_stem',
};

/** A text's words, lower case; elisions and clitics split off ("l'heure" → "l", "heure"). */
export function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

export function withoutAccents(word: string): string {
  return word.normalize('NFD').replace(/\p{M}/gu, '');
}

export interface Lexicon {
  language: Language;
  /** The word's stem (accents removed), or null for a stop word. Unknown words stand for themselves. */
  stemOf(word: string): string | null;
}

/** A lexicon built from known stems (tests, and words the database has stemmed). */
export function lexiconOf(language: Language, stems: ReadonlyMap<string, string | null>): Lexicon {
  return {
    language,
    stemOf: (word) => {
      const lower = word.toLowerCase();
      const stem = stems.has(lower) ? stems.get(lower) : lower;
      return stem === null || stem === undefined ? null : withoutAccents(stem);
    },
  };
}

/** Stems every word of `texts` in one query against the database's dictionary for `language`. */
export async function loadLexicon(db: Executor, language: Language, texts: string[]): Promise<Lexicon> {
  const words = [...new Set(texts.flatMap(wordsOf))].filter((word) => !/^\d+$/.test(word));
  if (words.length === 0) return lexiconOf(language, new Map());
  const rows = await db.query<{ word: string; lexemes: string[] | null }>(
    `select word, ts_lexize($2::regdictionary, word) as lexemes from unnest($1::text[]) as word`,
    [words, STEM_DICTIONARY[language]],
  );
  const stems = new Map<string, string | null>();
  for (const row of rows) stems.set(row.word, row.lexemes === null ? row.word : (row.lexemes[0] ?? null));
  return lexiconOf(language, stems);
}

const BOUNDARY = String.raw`(?:(?<=[\p{L}\p{N}])(?![\p{L}\p{N}])|(?<![\p{L}\p{N}])(?=[\p{L}\p{N}]))`;

/** The pattern with `\b` meaning a word boundary in every script: JavaScript's `\b` ends at "ç", "ü", "ó". */
export function unicodeWords(pattern: RegExp): RegExp {
  const flags = pattern.flags.includes('u') ? pattern.flags : `${pattern.flags}u`;
  return new RegExp(pattern.source.replace(/\\b/g, BOUNDARY), flags);
}

/** unicodeWords for each value of a record. */
export function unicodeWordsOf<K extends string>(patterns: Record<K, RegExp>): Record<K, RegExp> {
  return Object.fromEntries(
    Object.entries<RegExp>(patterns).map(([key, pattern]) => [key, unicodeWords(pattern)]),
  ) as Record<K, RegExp>;
}
