import { LANGUAGES, wordsOf, type Language } from './lexicon';

/**
 * Which of the offline model's languages a text is written in, by its most frequent small words and
 * the letters only one of them uses. Enough for a customer's message of a few words; when a message
 * says too little ("Samstag?"), the caller's fallback (the documents' language) decides.
 */

const MARKERS: Record<Language, ReadonlySet<string>> = {
  en: new Set(
    'the is are do does you what how when where can i my your have has much thanks thank hello hi and for with of to it we our this'.split(
      ' ',
    ),
  ),
  de: new Set(
    'der die das ist sind habt haben ihr sie wir ich und wann wie was wo kann können mein meine nicht am mit für auch gibt es euch danke hallo viel kostet ein eine einen bei zu geöffnet'.split(
      ' ',
    ),
  ),
  es: new Set(
    'el los las es son qué cómo cuándo dónde cuánto cuanto puedo mi tienen hay y para con por gracias hola abren está están una del al sus'.split(
      ' ',
    ),
  ),
  pt: new Set(
    'o os é são como quando onde quanto posso meu minha vocês você tem têm e para com do da por obrigado obrigada olá oi abrem está um uma não no na ao'.split(
      ' ',
    ),
  ),
  fr: new Set(
    'le les est sont quoi comment quand où combien je mon ma vous avez et pour avec du des merci bonjour ouvert êtes une pas ce qu au aux votre vos'.split(
      ' ',
    ),
  ),
};

const LETTERS: Array<[RegExp, Language]> = [
  [/[ßäöü]/i, 'de'],
  [/[ñ¿¡]/i, 'es'],
  [/[ãõ]/i, 'pt'],
  [/[èêàùœ]|\b[lcdjqs]'/i, 'fr'],
];

/** Scores of each language for `text`: marker words, plus two for a telling letter. */
function scores(text: string): Map<Language, number> {
  const result = new Map<Language, number>(LANGUAGES.map((language) => [language, 0]));
  for (const word of wordsOf(text)) {
    for (const language of LANGUAGES) {
      if (MARKERS[language].has(word)) result.set(language, (result.get(language) ?? 0) + 1);
    }
  }
  for (const [pattern, language] of LETTERS) {
    if (pattern.test(text)) result.set(language, (result.get(language) ?? 0) + 2);
  }
  return result;
}

/** The text's language, or `fallback` when no language stands out. */
export function detectLanguage(text: string, fallback: Language = 'en'): Language {
  const ranked = [...scores(text)].sort((a, b) => b[1] - a[1]);
  const [best, second] = ranked;
  if (best[1] === 0 || best[1] === second[1]) return fallback;
  return best[0];
}
