/**
 * The sentences of a retrieved passage that an answer may be built from: headings, page markers and
 * OCR debris left out, scanned capitals put back into sentence case, each sentence tidy enough to
 * send on WhatsApp as it stands.
 */

/** A sentence is cut here, so that an answer stays a message, not a page. */
export const MAX_SENTENCE_LENGTH = 300;

/** A short line with no figure and no closing punctuation is a heading ("Opening hours", "RENTALS"). */
function isHeading(line: string): boolean {
  return !/[.!?;)]$/.test(line) && !/\d/.test(line) && line.split(' ').filter((word) => /\p{L}/u.test(word)).length < 6;
}

/** The words that open a sentence, after which a PDF's glued heading ends ("Bread Our sourdough …"). */
const SENTENCE_OPENERS =
  "Our|We|The|A|An|All|There|You|Every|Each|Please|Wir|Der|Die|Das|Ein|Eine|Unsere?|El|La|Los|Las|Nuestr[oa]s?|O|Os|As|Um|Uma|Nosso|Nossa|Le|Les|L'|Un|Une|Nous|Vous|Notre|Nos";
const GLUED_HEADING = new RegExp(
  `^(?:\\p{Lu}[\\p{L}&'-]*)(?: [\\p{L}&'-]+){0,2} (?=(?:${SENTENCE_OPENERS})(?: |(?<=')))`,
  'u',
);

/** "Check-in O check-in é …": a heading the text extraction joined to the sentence below it. */
function withoutGluedHeading(line: string): string {
  const heading = GLUED_HEADING.exec(line)?.[0];
  if (!heading || /[.!?:;,]/.test(heading)) return line;
  return line.slice(heading.length);
}

/** "Page 2", "- 3 -", "2/4": page furniture of PDFs. */
const PAGE_MARKER = /^(?:page|seite|página|pagina|p\.)?\s*[-–]?\s*\d+\s*(?:(?:\/|of|von|de|sur)\s*\d+)?\s*[-–]?$/i;

/** Characters OCR makes of specks and rules, never part of a sentence a customer should read. */
const OCR_DEBRIS = /[|~_^`\\{}¦§¬©®°«»<>]+/g;

/** A line of OCR noise: mostly not letters, or no word of two letters or more. */
function isNoise(line: string): boolean {
  const letters = (line.match(/\p{L}/gu) ?? []).length;
  const visible = line.replace(/\s/g, '').length;
  return visible === 0 || letters / visible < 0.5 || !/\p{L}{2,}/u.test(line);
}

/** OCR of a scan in capitals reads as shouting: "WE ARE OPEN." → "We are open." */
function sentenceCase(sentence: string): string {
  const letters = sentence.match(/\p{L}/gu) ?? [];
  const upper = letters.filter((letter) => letter !== letter.toLowerCase()).length;
  if (letters.length < 8 || upper / letters.length < 0.8) return sentence;
  const lower = sentence.toLowerCase();
  return lower.replace(/(^|[.!?]\s+)(\p{Ll})/gu, (_, before: string, letter: string) => before + letter.toUpperCase());
}

function tidy(line: string): string {
  return line
    .replace(OCR_DEBRIS, ' ')
    .replace(/^\s*(?:[-*•·▪◦]|\d+[.)])\s+/, '')
    .replace(/\s+([,.;:!?])/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

export function trimSentence(sentence: string): string {
  if (sentence.length <= MAX_SENTENCE_LENGTH) return sentence;
  const cut = sentence.slice(0, MAX_SENTENCE_LENGTH);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), MAX_SENTENCE_LENGTH - 40))}…`;
}

/**
 * Abbreviations a sentence does not end at, in the five languages ("Dr. Patel", "St. Mary's", "z. B.",
 * "Sra. Gómez", "p. ex."), written without their last full stop; "No."/"Nr."/"Nº" only before a figure.
 */
const ABBREVIATIONS = new Set(
  (
    'dr dra dres mr mrs ms mme mlle prof sr sra srta st ste sta av avda approx ca vs etc e.g i.e z.b u.a bzw ' +
    'hr fr str tel dott sig ing arch geb p.ex ex cf'
  ).split(' '),
);
const NUMBER_ABBREVIATIONS = new Set(['no', 'nr', 'nº', 'n.º', 'núm', 'num', 'nos']);

/**
 * Whether a piece ends at an abbreviation or a lone letter (an initial, "J."; "z. B.", "p. ex."), so the
 * sentence goes on in the next piece.
 */
function goesOn(piece: string, next: string): boolean {
  const last = (piece.split(/\s+/).at(-1) ?? '').replace(/^[("“']+/, '');
  if (!last.endsWith('.')) return false;
  const word = last.slice(0, -1).toLowerCase();
  if (NUMBER_ABBREVIATIONS.has(word)) return /^\p{N}/u.test(next);
  return ABBREVIATIONS.has(word) || /^\p{L}$/u.test(word);
}

/** A line's sentences: cut after '.', '!' or '?' before a capital or a figure, never after an abbreviation. */
function sentencesOfLine(line: string): string[] {
  const pieces = line.split(/(?<=[.!?])\s+(?=[\p{Lu}\p{N}"“'(¿¡])/u);
  const sentences: string[] = [];
  for (const piece of pieces) {
    const previous = sentences.at(-1);
    if (previous !== undefined && goesOn(previous, piece)) sentences[sentences.length - 1] = `${previous} ${piece}`;
    else sentences.push(piece);
  }
  return sentences;
}

/** The passage's sentences in reading order; lines (headings, list items) kept apart. */
export function sentencesOf(text: string): string[] {
  return text
    .split(/\n+|\s+[•·▪]\s+/)
    .map(tidy)
    .filter((line) => line !== '' && !isHeading(line) && !PAGE_MARKER.test(line) && !isNoise(line))
    .flatMap(sentencesOfLine)
    .map((sentence) => trimSentence(sentenceCase(withoutGluedHeading(sentence.trim()))))
    .filter((sentence) => sentence.length > 0 && !isNoise(sentence));
}
