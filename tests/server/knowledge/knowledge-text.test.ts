import { decodeText } from '../../../server/services/knowledge/charset';
import {
  CHUNK_OVERLAP_CHARS,
  CHUNK_SIZE_CHARS,
  chunkText,
  cleanText,
} from '../../../server/services/knowledge/chunking';
import { extractGraph } from '../../../server/services/knowledge/entities';
import { sniffMediaType, TEXT_SAMPLE_BYTES } from '../../../server/services/knowledge/sniff';
import { textPng } from '../../fixtures/images';
import { corruptPdf, textPdf } from '../../fixtures/pdf';

/** Numbered sentences, so that a test can tell which ones a chunk holds. */
function sentences(count: number, from = 1) {
  return Array.from(
    { length: count },
    (_, index) => `Sentence number ${from + index} says something useful about the shop and its opening hours.`,
  );
}

describe('cleanText', () => {
  it('joins words hyphenated across line ends, collapses spaces and keeps paragraphs', () => {
    const raw = 'The deli-\nvery  arrives\ton  Monday.\r\nIt is free.\r\n\r\n\r\n  Second   paragraph.\u0007';
    expect(cleanText(raw)).toBe('The delivery arrives on Monday. It is free.\n\nSecond paragraph.');
  });

  it('keeps a hyphen between a word and a capital or a number', () => {
    expect(cleanText('Model X-\n200 and e-\nMail')).toBe('Model X- 200 and e- Mail');
  });

  it('keeps a title line apart from the sentence below it, but joins a wrapped sentence', () => {
    expect(cleanText('Harbor Bakery handbook\nThe Harbor Bakery opens at seven on Sundays.')).toBe(
      'Harbor Bakery handbook\n\nThe Harbor Bakery opens at seven on Sundays.',
    );
    expect(cleanText('The Harbor Bakery opens at\nseven on Sundays and closes at noon.')).toBe(
      'The Harbor Bakery opens at seven on Sundays and closes at noon.',
    );
    expect(cleanText('We deliver to\nBerlin and Hamburg every day of the week.')).toBe(
      'We deliver to Berlin and Hamburg every day of the week.',
    );
  });
});

describe('chunkText', () => {
  it('keeps short text in one chunk', () => {
    expect(chunkText('One short paragraph.')).toEqual(['One short paragraph.']);
    expect(chunkText('')).toEqual([]);
  });

  it('cuts at sentence boundaries into chunks of at most the size, each repeating the end of the one before', () => {
    const text = sentences(40).join(' ');
    const chunks = chunkText(text);
    expect(chunks.length).toBeGreaterThan(3);
    for (const chunk of chunks) {
      expect(chunk.length).toBeLessThanOrEqual(CHUNK_SIZE_CHARS);
      expect(chunk).toMatch(/^Sentence number \d+ .*hours\.$/s);
    }
    for (let index = 1; index < chunks.length; index += 1) {
      const firstSentence = chunks[index].split(/(?<=\.) /)[0];
      // The overlap: the next chunk opens with the previous chunk's last sentence (each is < 150 chars).
      expect(chunks[index - 1].endsWith(firstSentence)).toBe(true);
      expect(firstSentence.length).toBeLessThanOrEqual(CHUNK_OVERLAP_CHARS);
    }
    // Nothing is lost: every sentence is in some chunk.
    for (const sentence of sentences(40)) expect(chunks.some((chunk) => chunk.includes(sentence))).toBe(true);
  });

  it('prefers paragraph boundaries and keeps a paragraph break inside a chunk', () => {
    const text = ['First paragraph is short.', 'Second paragraph is short too.'].join('\n\n');
    expect(chunkText(text)).toEqual([text]);
    const long = [sentences(6).join(' '), sentences(6, 7).join(' '), sentences(6, 13).join(' ')].join('\n\n');
    const chunks = chunkText(long, { size: 1100, overlap: 0 });
    expect(chunks[0]).toBe(sentences(12).slice(0, 6).join(' ') + '\n\n' + sentences(12).slice(6, 12).join(' '));
  });

  it('cuts a sentence longer than a chunk at word boundaries and overlaps by words', () => {
    const words = Array.from({ length: 400 }, (_, index) => `word${index}`).join(' ');
    const chunks = chunkText(words, { size: 500, overlap: 100 });
    expect(chunks.length).toBeGreaterThan(5);
    for (const chunk of chunks) {
      expect(chunk.length).toBeLessThanOrEqual(500);
      expect(chunk).toMatch(/^word\d+( word\d+)*$/);
    }
    const secondStart = chunks[1].split(' ')[0];
    expect(chunks[0].split(' ')).toContain(secondStart);
  });
});

describe('decodeText', () => {
  const phrase = 'Crème brûlée for €5 — naïve café';

  it('reads UTF-8, with or without a byte-order mark', () => {
    expect(decodeText(Buffer.from(phrase, 'utf8'))).toEqual({ encoding: 'utf-8', text: phrase });
    const withBom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(phrase, 'utf8')]);
    expect(decodeText(withBom)).toEqual({ encoding: 'utf-8', text: phrase });
  });

  it('reads UTF-16 in either byte order by its byte-order mark', () => {
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(phrase, 'utf16le')]);
    expect(decodeText(le)).toEqual({ encoding: 'utf-16le', text: phrase });
    const be = Buffer.from(le);
    be.swap16();
    expect(decodeText(be)).toEqual({ encoding: 'utf-16be', text: phrase });
  });

  it('reads bytes that are not UTF-8 as windows-1252 (Latin-1)', () => {
    const latin1 = Buffer.from('Crème brûlée, naïve café', 'latin1');
    expect(decodeText(latin1)).toEqual({ encoding: 'windows-1252', text: 'Crème brûlée, naïve café' });
    expect(decodeText(Buffer.from([0x80, 0x20, 0x35])).text).toBe('€ 5');
  });
});

describe('sniffMediaType', () => {
  it('knows PDF, PNG and JPEG by their magic numbers, whatever else follows', () => {
    expect(sniffMediaType(textPdf([['Hello']]))).toBe('application/pdf');
    expect(sniffMediaType(corruptPdf())).toBe('application/pdf');
    expect(sniffMediaType(textPng(['HI']))).toBe('image/png');
    expect(sniffMediaType(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46]))).toBe('image/jpeg');
  });

  it('takes UTF-8, Latin-1 and UTF-16 with a byte-order mark as plain text', () => {
    expect(sniffMediaType(Buffer.from('Opening hours: 9 to 5.\n', 'utf8'))).toBe('text/plain');
    expect(sniffMediaType(Buffer.from('Crème brûlée\n', 'latin1'))).toBe('text/plain');
    expect(sniffMediaType(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Hi there', 'utf16le')]))).toBe(
      'text/plain',
    );
  });

  it('refuses executables, binary data, UTF-16 without a byte-order mark, markup and empty files', () => {
    expect(sniffMediaType(Buffer.concat([Buffer.from('MZ'), Buffer.alloc(64, 0x90), Buffer.from([0, 0])]))).toBeNull();
    expect(sniffMediaType(Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0, 0]))).toBeNull();
    expect(sniffMediaType(Buffer.from([1, 2, 3, 4, 5, 6, 7, 8, 200, 201]))).toBeNull();
    expect(sniffMediaType(Buffer.from('Hi there', 'utf16le'))).toBeNull();
    expect(sniffMediaType(Buffer.from('<!DOCTYPE html><html><body>Hi</body></html>'))).toBeNull();
    expect(sniffMediaType(Buffer.from('  <svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBeNull();
    expect(sniffMediaType(Buffer.alloc(0))).toBeNull();
  });

  it('decides whether a file is text by its first TEXT_SAMPLE_BYTES, as file(1) does', () => {
    const sample = Buffer.alloc(TEXT_SAMPLE_BYTES, 'a');
    expect(sniffMediaType(Buffer.concat([sample, Buffer.alloc(1000, 0)]))).toBe('text/plain');
    expect(sniffMediaType(Buffer.concat([Buffer.alloc(1000, 0), sample]))).toBeNull();
  });
});

describe('extractGraph', () => {
  it('finds names, contacts, prices and products, and links those mentioned in one sentence', () => {
    const graph = extractGraph(
      'Ada Lovelace runs Acme Widgets Ltd. in Baker Street. Write to orders@acme.example or call +44 20 7946 0018. ' +
        'The X200 costs $49.99.',
    );
    expect(graph.nodes).toEqual(
      expect.arrayContaining([
        { label: 'Ada Lovelace', type: 'person' },
        { label: 'Acme Widgets Ltd', type: 'organization' },
        { label: 'Baker Street', type: 'place' },
        { label: 'orders@acme.example', type: 'email' },
        { label: '+44 20 7946 0018', type: 'phone' },
        { label: 'X200', type: 'product' },
        { label: '$49.99', type: 'price' },
      ]),
    );
    expect(graph.edges).toContainEqual({
      source: { label: '$49.99', type: 'price' },
      target: { label: 'X200', type: 'product' },
      label: 'mentioned with',
    });
    expect(graph.edges.some((edge) => edge.source.label === 'X200' && edge.target.label === 'Ada Lovelace')).toBe(
      false,
    );
  });
});
