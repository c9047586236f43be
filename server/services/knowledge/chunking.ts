/** About this many characters a chunk (context), with this many repeated from the chunk before. */
export const CHUNK_SIZE_CHARS = 1000;
export const CHUNK_OVERLAP_CHARS = 150;

export interface ChunkOptions {
  size?: number;
  overlap?: number;
}

/**
 * Tidies extracted text: one newline style, words hyphenated across a line end joined again, runs of
 * spaces collapsed, control characters dropped, lines inside a paragraph joined, paragraphs kept
 * (separated by one blank line).
 */
export function cleanText(raw: string): string {
  return raw
    .replace(/\r\n?/g, '\n')
    .replace(/\f/g, '\n\n')
    .replace(/[^\P{Cc}\n\t]/gu, '')
    .replace(/(\p{Ll})-\n[ \t]*(\p{Ll})/gu, '$1$2')
    .replace(/[ \t\u00a0]+/g, ' ')
    .split(/\n[ \t]*\n\s*/)
    .flatMap((paragraph) => {
      const lines = paragraph
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean);
      // A title line directly above its text stays its own paragraph, so that it never reads as the
      // first words of the sentence below it (and of an answer quoting that sentence).
      return lines.length > 1 && isHeading(lines[0], lines[1])
        ? [lines[0], lines.slice(1).join(' ')]
        : [lines.join(' ')];
    })
    .filter(Boolean)
    .join('\n\n');
}

/**
 * A short line without closing punctuation, above a longer line that starts a sentence: a heading
 * ('Opening hours' above 'We open at seven.'), not the first half of a wrapped sentence, whose line
 * is as long as the lines after it or ends on a word that needs more ('We deliver to').
 */
const CONTINUES = /\b(a|an|the|and|or|but|of|to|in|on|at|for|with|from|by|as|is|are|was|our|your|we|you)$/i;

function isHeading(line: string, next: string): boolean {
  return (
    line.split(' ').length <= 6 &&
    !CONTINUES.test(line) &&
    line.length <= 50 &&
    next.length > line.length &&
    !/[.,;:!?\-–—]$/u.test(line) &&
    /^[\p{Lu}\p{N}]/u.test(next)
  );
}

/** A unit the chunker never cuts: a sentence (or a slice of an overlong one). */
interface Piece {
  text: string;
  /** Whether the piece opens a paragraph (joined by a blank line, else by a space). */
  opensParagraph: boolean;
}

const SENTENCE_END = /(?<=[.!?…]["'”’)\]]?)\s+(?=\S)/u;

/** Cuts an overlong sentence at word boundaries into slices of at most `size` characters. */
function sliceLong(text: string, size: number): string[] {
  const slices: string[] = [];
  let rest = text;
  while (rest.length > size) {
    const space = rest.lastIndexOf(' ', size);
    const cut = space > size / 2 ? space : size;
    slices.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest) slices.push(rest);
  return slices;
}

/**
 * A paragraph that fits in a chunk stays whole (so chunks break between paragraphs); a longer one
 * becomes its sentences, and an overlong sentence its slices, leaving room for the overlap.
 */
function piecesOf(text: string, size: number, overlap: number): Piece[] {
  return text.split(/\n\n+/).flatMap((paragraph) => {
    const units =
      paragraph.length <= size
        ? [paragraph]
        : paragraph.split(SENTENCE_END).flatMap((sentence) => sliceLong(sentence.trim(), size - overlap - 1));
    return units.filter(Boolean).map((unit, index) => ({ text: unit, opensParagraph: index === 0 }));
  });
}

function join(pieces: Piece[]): string {
  return pieces.map((piece, index) => (index === 0 ? '' : piece.opensParagraph ? '\n\n' : ' ') + piece.text).join('');
}

/** The end of a chunk that the next one repeats: whole pieces, else whole sentences, else the last words. */
function overlapOf(pieces: Piece[], overlap: number): Piece[] {
  if (overlap <= 0) return [];
  const tail: Piece[] = [];
  for (let index = pieces.length - 1; index > 0; index -= 1) {
    if (join([pieces[index], ...tail]).length > overlap) break;
    tail.unshift(pieces[index]);
  }
  if (tail.length > 0) return [{ ...tail[0], opensParagraph: false }, ...tail.slice(1)];
  const last = pieces[pieces.length - 1].text;
  const sentences = last.split(SENTENCE_END);
  let ending = '';
  for (let index = sentences.length - 1; index > 0; index -= 1) {
    const longer = ending ? `${sentences[index]} ${ending}` : sentences[index];
    if (longer.length > overlap) break;
    ending = longer;
  }
  if (!ending) {
    const fromWord = last.indexOf(' ', last.length - overlap);
    ending = fromWord < 0 ? '' : last.slice(fromWord + 1);
  }
  return ending ? [{ text: ending, opensParagraph: false }] : [];
}

/**
 * Splits cleaned text into chunks of about `size` characters on paragraph, then sentence boundaries;
 * each chunk after the first starts with up to `overlap` characters from the end of the one before,
 * so that a sentence cut by a boundary is still found whole in one chunk.
 */
export function chunkText(text: string, options: ChunkOptions = {}): string[] {
  const size = options.size ?? CHUNK_SIZE_CHARS;
  const overlap = Math.min(options.overlap ?? CHUNK_OVERLAP_CHARS, Math.floor(size / 2));
  const chunks: string[] = [];
  let current: Piece[] = [];
  let fresh = 0;
  for (const piece of piecesOf(text, size, overlap)) {
    if (fresh > 0 && join([...current, piece]).length > size) {
      chunks.push(join(current));
      current = overlapOf(current, overlap);
      fresh = 0;
      if (join([...current, piece]).length > size) current = [];
    }
    current.push(current.length === 0 ? { ...piece, opensParagraph: true } : piece);
    fresh += 1;
  }
  if (fresh > 0) chunks.push(join(current));
  return chunks;
}
