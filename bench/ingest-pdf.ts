import { textPdf } from '../tests/fixtures/pdf';
import { JobRunner } from '../server/jobs/runner';
import { createSecrets } from '../server/secrets';
import { loadConfig } from '../server/config';
import { INGEST_DOCUMENT_JOB, storeDocument } from '../server/services/knowledge/documents';
import { providerEmbeddingModel } from '../server/services/ai/embeddings';
import { ingestDocumentHandler } from '../server/services/knowledge/ingest';
import { DocumentReaders } from '../server/services/knowledge/reader';
import { silentLog } from '../tests/server/support/silent-log';
import { benchDatabase, pseudoText } from './retrieval';
import type { BenchResult } from './report';

const PAGES = 100;
const LINES_PER_PAGE = 40;
const BUDGET_MS = 5000;

/** Lines of about 90 characters, as a page of a text PDF holds them. */
function pageLines(page: number): string[] {
  const words = pseudoText(page, 40).split(' ');
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    if (line.length + word.length > 90) {
      lines.push(line);
      line = '';
      if (lines.length === LINES_PER_PAGE) break;
    }
    line = line ? `${line} ${word}` : word;
  }
  return lines;
}

/**
 * DESIGN.md §11: a generated 100-page text PDF, from upload to ready, through the ingestion job
 * (text extraction with unpdf, cleaning, chunking, contexts, graph) on an embedded PGlite.
 */
export async function ingestPdf(): Promise<BenchResult[]> {
  const { db, userId, agentId } = await benchDatabase();
  const config = loadConfig({ NODE_ENV: 'test' });
  const reader = new DocumentReaders(1, { limits: config.documentLimits, log: silentLog });
  try {
    const runner = new JobRunner({ db, log: silentLog, secrets: createSecrets(Buffer.alloc(32, 1)), config });
    runner.register(
      INGEST_DOCUMENT_JOB,
      ingestDocumentHandler({ reader, embeddingModel: providerEmbeddingModel(config) }),
    );
    const pdf = textPdf(Array.from({ length: PAGES }, (_, page) => pageLines(page)));
    const started = performance.now();
    const document = await storeDocument(
      db,
      userId,
      agentId,
      { filename: 'handbook.pdf', mediaType: 'application/pdf', bytes: pdf },
      config.documentLimits.storageQuotaBytes,
    );
    await runner.runUntilIdle();
    const elapsed = performance.now() - started;
    const result = await db.one<{ status: string; pages: number; chunks: number }>(
      'select status, pages, chunks from documents where id = $1',
      [document.id],
    );
    if (result.status !== 'ready') throw new Error(`the bench PDF ended ${result.status}`);
    return [
      {
        name: '100-page text PDF ingested',
        value: elapsed,
        unit: 'ms',
        budget: BUDGET_MS,
        better: 'lower',
        detail: `${(pdf.length / 1024).toFixed(0)} KB, ${result.pages} pages, ${result.chunks} chunks, PGlite`,
      },
    ];
  } finally {
    await reader.stop();
    await db.close();
  }
}
