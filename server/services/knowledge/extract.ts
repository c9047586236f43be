import { extractImages, extractText, getDocumentProxy } from 'unpdf';
import { decodeText } from './charset';
import type { OcrEngine } from './ocr';
import { encodePng } from './png';
import type { SniffedType } from './sniff';

/** A document whose content cannot be read; its message is shown to the owner as it is. */
export class UnreadableDocument extends Error {}

export const PDF_MESSAGES = {
  passwordProtected: 'This PDF is password-protected.',
  unreadable: (reason: string) => `This PDF could not be read: ${reason}`,
} as const;

export interface ExtractedText {
  /** One entry per page (a single entry for text files and images). */
  pages: string[];
  /** Page count for PDFs; null for text and images. */
  pageCount: number | null;
}

/** A page with fewer letters than this is treated as a scan and read by OCR. */
const MIN_TEXT_LAYER_CHARS = 20;
/** Images smaller than this are logos and rules, not scanned text. */
const MIN_SCAN_IMAGE_SIDE = 64;

function letters(text: string): number {
  return text.replace(/[^\p{L}\p{N}]/gu, '').length;
}

/** The error pdf.js throws, as a sentence an owner can read. */
function pdfFailure(error: unknown): UnreadableDocument {
  const name = (error as { name?: string } | undefined)?.name;
  if (name === 'PasswordException') return new UnreadableDocument(PDF_MESSAGES.passwordProtected);
  const detail = error instanceof Error && error.message ? error.message : 'unknown error';
  return new UnreadableDocument(PDF_MESSAGES.unreadable(detail.replace(/\.?$/, '.')));
}

/** Scans have no text layer: OCR each large image drawn on the page (a scan is one image a page). */
async function ocrPageImages(
  pdf: Awaited<ReturnType<typeof getDocumentProxy>>,
  pageNumber: number,
  ocr: OcrEngine,
): Promise<string> {
  const images = await extractImages(pdf, pageNumber);
  const texts: string[] = [];
  for (const image of images) {
    if (image.width < MIN_SCAN_IMAGE_SIDE || image.height < MIN_SCAN_IMAGE_SIDE) continue;
    texts.push(await ocr.recognize(encodePng(image)));
  }
  return texts.join('\n\n');
}

async function extractPdf(bytes: Uint8Array, ocr: OcrEngine): Promise<ExtractedText> {
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  let pages: string[];
  try {
    // pdf.js may detach the buffer it is given: hand it a copy.
    pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
    pages = (await extractText(pdf, { mergePages: false })).text;
  } catch (error) {
    throw pdfFailure(error);
  }
  try {
    const read: string[] = [];
    for (const [index, text] of pages.entries()) {
      read.push(letters(text) >= MIN_TEXT_LAYER_CHARS ? text : await ocrPageImages(pdf, index + 1, ocr));
    }
    return { pages: read, pageCount: pdf.numPages };
  } finally {
    await pdf.destroy();
  }
}

/** The text of an uploaded file, by its sniffed type. */
export async function extractDocumentText(
  bytes: Uint8Array,
  mediaType: SniffedType,
  ocr: OcrEngine,
): Promise<ExtractedText> {
  switch (mediaType) {
    case 'application/pdf':
      return extractPdf(bytes, ocr);
    case 'text/plain':
      return { pages: [decodeText(bytes).text], pageCount: null };
    case 'image/jpeg':
    case 'image/png':
      return { pages: [await ocr.recognize(Buffer.from(bytes))], pageCount: null };
  }
}
