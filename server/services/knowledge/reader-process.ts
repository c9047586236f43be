import { OcrEngine } from './ocr';
import { readDocument } from './read-document';
import type { ReadAnswer, ReadRequest } from './reader';
import { UnreadableDocument } from './unreadable';

/**
 * The document reader process (started by reader.ts through tsx): it answers each ReadRequest with
 * the file's chunks or the reason it cannot be read, one at a time, and keeps its OCR engine warm
 * between them. It has no database, no network use and no secret. When the server goes, it goes.
 */
const ocr = new OcrEngine();

async function answer(request: ReadRequest): Promise<ReadAnswer> {
  try {
    const document = await readDocument(request.bytes, request.mediaType, ocr, request.limits);
    return { id: request.id, outcome: 'read', document };
  } catch (error) {
    if (error instanceof UnreadableDocument) return { id: request.id, outcome: 'unreadable', reason: error.message };
    return { id: request.id, outcome: 'failed', message: error instanceof Error ? error.message : String(error) };
  }
}

process.on('message', (request: ReadRequest) => {
  void answer(request).then((reply) => process.send?.(reply));
});
process.on('disconnect', () => process.exit(0));
