import type { Db } from '../../db/client';
import type { JobContext, JobHandler } from '../../jobs/runner';
import { openAgentApiKey } from '../agents/api-keys';
import { upsertGraph } from '../agents/graph';
import { chunkText, cleanText } from './chunking';
import { DOCUMENT_ERRORS, markDocumentFailed, type IngestPayload } from './documents';
import { embedTexts, toVectorLiteral, type EmbeddingModelResolver } from './embeddings';
import { extractGraph } from './entities';
import { extractDocumentText, UnreadableDocument } from './extract';
import type { OcrEngine } from './ocr';
import type { SniffedType } from './sniff';

/** What ingestion shares across jobs: the OCR worker and how an agent's embedding model is found. */
export interface KnowledgeResources {
  ocr: OcrEngine;
  embeddingModel: EmbeddingModelResolver;
}

type DocumentToIngest = {
  id: number;
  user_id: number;
  agent_id: number;
  media_type: SniffedType;
  status: string;
  content: Uint8Array;
  model: string;
  api_key: string | null;
};

function agentKey(context: Pick<JobContext, 'secrets'>, document: DocumentToIngest): string | undefined {
  return openAgentApiKey(context.secrets, {
    id: document.agent_id,
    user_id: document.user_id,
    api_key: document.api_key,
  });
}

/** Writes the chunks, the document's new state and its graph in one transaction: all or nothing. */
async function saveKnowledge(
  db: Db,
  document: DocumentToIngest,
  result: { chunks: string[]; embeddings: number[][] | null; pages: number | null; text: string },
): Promise<void> {
  const graph = extractGraph(result.text);
  await db.transaction(async (tx) => {
    // Deleted meanwhile, or finished by another run: nothing to write.
    const current = await tx.maybeOne(`select id from documents where id = $1 and status = 'processing' for update`, [
      document.id,
    ]);
    if (!current) return;
    await tx.query('delete from contexts where document_id = $1', [document.id]);
    await tx.query(
      `insert into contexts (user_id, agent_id, document_id, chunk_index, content, embedding)
       select $1, $2, $3, chunk.index, chunk.content, chunk.embedding::vector
       from unnest($4::integer[], $5::text[], $6::text[]) as chunk (index, content, embedding)`,
      [
        document.user_id,
        document.agent_id,
        document.id,
        result.chunks.map((_, index) => index),
        result.chunks,
        result.chunks.map((_, index) => (result.embeddings ? toVectorLiteral(result.embeddings[index]) : null)),
      ],
    );
    await tx.query(
      `update documents set status = 'ready', error = null, pages = $2, chunks = $3, updated_at = now() where id = $1`,
      [document.id, result.pages, result.chunks.length],
    );
    if (graph.nodes.length > 0) {
      await upsertGraph(tx, { userId: document.user_id, agentId: document.agent_id, ...graph });
    }
  });
}

/**
 * The ingest-document job: text out of the stored file (PDF text layer, OCR for scans and images,
 * charset detection for text), cleaned, chunked with overlap, embedded when the agent's provider
 * can, and saved as the agent's contexts. A file that cannot be read fails its document with the
 * reason and is not retried; other errors (OCR crash, provider down) are retried by the runner.
 */
export async function ingestDocument(
  context: Pick<JobContext, 'db' | 'secrets' | 'log'> & Partial<Pick<JobContext, 'signal'>>,
  resources: KnowledgeResources,
  documentId: number,
): Promise<void> {
  const { db } = context;
  const document = await db.maybeOne<DocumentToIngest>(
    `select d.id, d.user_id, d.agent_id, d.media_type, d.status, f.content, a.model, a.api_key
     from documents d
     join document_files f on f.document_id = d.id
     join agents a on a.id = d.agent_id and a.user_id = d.user_id
     where d.id = $1`,
    [documentId],
  );
  if (!document || document.status !== 'processing') return;

  let extracted;
  try {
    extracted = await extractDocumentText(document.content, document.media_type, resources.ocr);
  } catch (error) {
    if (!(error instanceof UnreadableDocument)) throw error;
    await markDocumentFailed(db, document.id, error.message);
    return;
  }
  // A shutdown during the extraction (OCR cannot be interrupted) puts the job back before the provider call.
  context.signal?.throwIfAborted();
  const text = cleanText(extracted.pages.join('\n\n'));
  const chunks = chunkText(text);
  if (chunks.length === 0) {
    await markDocumentFailed(db, document.id, DOCUMENT_ERRORS.noText);
    return;
  }
  const model = resources.embeddingModel({ model: document.model, apiKey: agentKey(context, document) });
  const embeddings = await embedTexts(model, chunks, context.signal);
  await saveKnowledge(db, document, { chunks, embeddings, pages: extracted.pageCount, text });
  context.log.info({ document: document.id, chunks: chunks.length }, 'document ingested');
}

/** The job handler; when its attempts are used up, the document fails with the last error. */
export function ingestDocumentHandler(resources: KnowledgeResources): JobHandler<IngestPayload> {
  return {
    run: (payload, context) => ingestDocument(context, resources, Number(payload.documentId)),
    onFailed: (payload, context, error) =>
      markDocumentFailed(context.db, Number(payload.documentId), DOCUMENT_ERRORS.failed(error)),
  };
}
