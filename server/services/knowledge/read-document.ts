import type { DocumentLimits } from '../../config';
import { chunkText, cleanText } from './chunking';
import { extractGraph, type ExtractedGraph } from './entities';
import { extractDocumentText } from './extract';
import type { OcrEngine } from './ocr';
import type { SniffedType } from './sniff';
import { READ_FAILURES, UnreadableDocument } from './unreadable';

/** The limits that apply while a document is read. */
export type ReadLimits = Pick<DocumentLimits, 'maxPages' | 'maxChunks' | 'maxImagePixels'>;

/** What ingestion stores of a file: its chunks in reading order, its page count and its graph. */
export interface ReadDocument {
  chunks: string[];
  /** PDFs only; null for text and images. */
  pageCount: number | null;
  graph: ExtractedGraph;
}

/**
 * All the CPU-heavy work of ingestion, with no database and no network: text out of the file (OCR
 * for images and scans), cleaned, chunked, and its entities. It runs in the reader process
 * (reader-process.ts). A file that cannot be read, or is over a limit, throws UnreadableDocument.
 */
export async function readDocument(
  bytes: Uint8Array,
  mediaType: SniffedType,
  ocr: OcrEngine,
  limits: ReadLimits,
): Promise<ReadDocument> {
  const extracted = await extractDocumentText(bytes, mediaType, ocr, limits);
  const text = cleanText(extracted.pages.join('\n\n'));
  const chunks = chunkText(text);
  if (chunks.length > limits.maxChunks) {
    throw new UnreadableDocument(READ_FAILURES.tooManyChunks(chunks.length, limits.maxChunks));
  }
  const graph = chunks.length > 0 ? extractGraph(text) : { nodes: [], edges: [] };
  return { chunks, pageCount: extracted.pageCount, graph };
}
