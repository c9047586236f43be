import { extractImages, extractText, getDocumentProxy } from 'unpdf';
import type { DocumentLimits } from '../../config';
import { decodeText } from './charset';
import { imageSize } from './image-size';
import type { OcrEngine } from './ocr';
import { encodePng } from './png';
import type { SniffedType } from './sniff';
import { READ_FAILURES, UnreadableDocument } from './unreadable';

export interface ExtractedText {
  /** One entry per page (a single entry for text files and images). */
  pages: string[];
  /** Page count for PDFs; null for text and images. */
  pageCount: number | null;
}

/** The limits that apply while a file's text is taken out. */
export type ExtractLimits = Pick<DocumentLimits, 'maxPages' | 'maxImagePixels'>;

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
  if (name === 'PasswordException') return new UnreadableDocument(READ_FAILURES.pdfPasswordProtected);
  const detail = error instanceof Error && error.message ? error.message : 'unknown error';
  return new UnreadableDocument(READ_FAILURES.pdfUnreadable(detail.replace(/\.?$/, '.')));
}

function requireReadableSize(width: number, height: number, limits: ExtractLimits): void {
  if (width * height > limits.maxImagePixels) {
    throw new UnreadableDocument(READ_FAILURES.imageTooLarge(width, height, limits.maxImagePixels));
  }
}

type Pdf = Awaited<ReturnType<typeof getDocumentProxy>>;

/** Scans have no text layer: OCR each large image drawn on the page (a scan is one image a page). */
async function ocrPageImages(pdf: Pdf, pageNumber: number, ocr: OcrEngine, limits: ExtractLimits): Promise<string> {
  const images = await extractImages(pdf, pageNumber);
  const texts: string[] = [];
  for (const image of images) {
    if (image.width < MIN_SCAN_IMAGE_SIDE || image.height < MIN_SCAN_IMAGE_SIDE) continue;
    requireReadableSize(image.width, image.height, limits);
    texts.push(await ocr.recognize(encodePng(image)));
  }
  return texts.join('\n\n');
}

async function openPdf(bytes: Uint8Array, limits: ExtractLimits): Promise<Pdf> {
  try {
    // pdf.js may detach the buffer it is given: hand it a copy. It never decodes an image larger than
    // `maxImageSize`: it leaves it out, so such a scan reads as a page without text.
    return await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0, maxImageSize: limits.maxImagePixels });
  } catch (error) {
    throw pdfFailure(error);
  }
}

/** The page count comes from the page tree, before any page is read: a PDF over the cap costs nothing. */
async function extractPdf(bytes: Uint8Array, ocr: OcrEngine, limits: ExtractLimits): Promise<ExtractedText> {
  const pdf = await openPdf(bytes, limits);
  try {
    if (pdf.numPages > limits.maxPages) {
      throw new UnreadableDocument(READ_FAILURES.tooManyPages(pdf.numPages, limits.maxPages));
    }
    let pages: string[];
    try {
      pages = (await extractText(pdf, { mergePages: false })).text;
    } catch (error) {
      throw pdfFailure(error);
    }
    const read: string[] = [];
    for (const [index, text] of pages.entries()) {
      read.push(letters(text) >= MIN_TEXT_LAYER_CHARS ? text : await ocrPageImages(pdf, index + 1, ocr, limits));
    }
    return { pages: read, pageCount: pdf.numPages };
  } finally {
    await pdf.destroy();
  }
}

/** An image's size is read from its header and checked before OCR decodes a single pixel. */
async function extractImage(
  bytes: Uint8Array,
  mediaType: 'image/jpeg' | 'image/png',
  ocr: OcrEngine,
  limits: ExtractLimits,
): Promise<ExtractedText> {
  const size = imageSize(bytes, mediaType);
  if (!size) throw new UnreadableDocument(READ_FAILURES.imageUnreadable);
  requireReadableSize(size.width, size.height, limits);
  return { pages: [await ocr.recognize(Buffer.from(bytes))], pageCount: null };
}

/** The text of an uploaded file, by its sniffed type. */
export async function extractDocumentText(
  bytes: Uint8Array,
  mediaType: SniffedType,
  ocr: OcrEngine,
  limits: ExtractLimits,
): Promise<ExtractedText> {
  switch (mediaType) {
    case 'application/pdf':
      return extractPdf(bytes, ocr, limits);
    case 'text/plain':
      return { pages: [decodeText(bytes).text], pageCount: null };
    case 'image/jpeg':
    case 'image/png':
      return extractImage(bytes, mediaType, ocr, limits);
  }
}
