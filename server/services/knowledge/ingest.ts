import type { EmbeddingModel } from 'ai';
import type { Db } from '../../db/client';
import type { JobContext, JobHandler } from '../../jobs/types';
import { openAgentApiKey } from '../agents/api-keys';
import { upsertGraph } from '../agents/graph';
import { DOCUMENT_ERRORS, markDocumentFailed, type IngestPayload } from './documents';
import { embedTexts, toVectorLiteral, type EmbeddingModelResolver } from '../ai/embeddings';
import type { ReadDocument } from './read-document';
import type { DocumentReaders } from './reader';
import type { SniffedType } from './sniff';
import { UnreadableDocument } from './unreadable';

/** What ingestion shares across jobs: the reader processes and how an agent's embedding model is found. */
export interface KnowledgeResources {
  reader: DocumentReaders;
  embeddingModel: EmbeddingModelResolver;
}

/**
 * Chunks written per statement. On PGlite every statement holds the one connection while it runs:
 * 100 rows, with their full-text and trigram index entries, take well under a tenth of a second
 * there, and the requests that queued meanwhile run before the next batch.
 */
export const CONTEXT_BATCH_ROWS = 100;

/** The stored file is read in slices of this size, for the same reason (25 MB at once holds it 1–2 s). */
export const FILE_SLICE_BYTES = 1024 * 1024;

type DocumentToIngest = {
  id: number;
  user_id: number;
  agent_id: number;
  media_type: SniffedType;
  status: string;
  size: number;
  model: string;
  api_key: string | null;
};

/**
 * The stored file, slice by slice, as base64: PGlite turns a bytea result into JavaScript one byte
 * at a time (seconds for a large file). Null when the document was deleted meanwhile.
 */
async function readStoredFile(db: Db, document: DocumentToIngest): Promise<Buffer | null> {
  const slices: Buffer[] = [];
  for (let offset = 0; offset < document.size; offset += FILE_SLICE_BYTES) {
    const row = await db.maybeOne<{ slice: string }>(
      `select encode(substring(content from $2 for $3), 'base64') as slice from document_files where document_id = $1`,
      [document.id, offset + 1, FILE_SLICE_BYTES],
    );
    if (!row) return null;
    slices.push(Buffer.from(row.slice, 'base64'));
  }
  return Buffer.concat(slices);
}

function agentKey(context: Pick<JobContext, 'secrets'>, document: DocumentToIngest): string | undefined {
  return openAgentApiKey(context.secrets, {
    id: document.agent_id,
    user_id: document.user_id,
    api_key: document.api_key,
  });
}

/**
 * Writes one batch of chunks while the document is still processing; false when it is not (deleted
 * or finished meanwhile), and nothing is written.
 */
async function insertChunks(
  db: Db,
  document: DocumentToIngest,
  first: number,
  chunks: string[],
  embeddings: number[][] | null,
): Promise<boolean> {
  const rows = await db.query(
    `insert into contexts (user_id, agent_id, document_id, chunk_index, content, embedding)
     select $1, $2, $3, chunk.index, chunk.content, chunk.embedding::vector
     from unnest($4::integer[], $5::text[], $6::text[]) as chunk (index, content, embedding)
     where exists (select 1 from documents where id = $3 and status = 'processing')
     returning chunk_index`,
    [
      document.user_id,
      document.agent_id,
      document.id,
      chunks.map((_, index) => first + index),
      chunks,
      chunks.map((_, index) => (embeddings ? toVectorLiteral(embeddings[index]) : null)),
    ],
  );
  return rows.length > 0;
}

/**
 * Writes the chunks in batches (embedded batch by batch), then in one short transaction makes the
 * document ready with its counts and adds its graph. Search shows a document's contexts only once it
 * is ready, so a half-written document is never seen; a failure on the way removes what was written.
 */
async function saveKnowledge(
  db: Db,
  document: DocumentToIngest,
  read: ReadDocument,
  model: EmbeddingModel | null,
  signal: AbortSignal | undefined,
): Promise<void> {
  // An earlier attempt that died half-way left its batches.
  await db.query('delete from contexts where document_id = $1', [document.id]);
  try {
    for (let first = 0; first < read.chunks.length; first += CONTEXT_BATCH_ROWS) {
      const batch = read.chunks.slice(first, first + CONTEXT_BATCH_ROWS);
      const embeddings = await embedTexts(model, batch, signal);
      if (!(await insertChunks(db, document, first, batch, embeddings))) return;
    }
    await db.transaction(async (tx) => {
      const current = await tx.maybeOne<{ written: number }>(
        `select (select count(*)::int from contexts where document_id = d.id) as written
         from documents d where d.id = $1 and d.status = 'processing' for update`,
        [document.id],
      );
      // Deleted meanwhile, or finished by another run: nothing to make ready.
      if (!current) return;
      if (current.written !== read.chunks.length) {
        throw new Error(`${current.written} of ${read.chunks.length} chunks were written; trying again.`);
      }
      await tx.query(
        `update documents set status = 'ready', error = null, pages = $2, chunks = $3, updated_at = now() where id = $1`,
        [document.id, read.pageCount, read.chunks.length],
      );
      if (read.graph.nodes.length > 0) {
        await upsertGraph(tx, { userId: document.user_id, agentId: document.agent_id, ...read.graph });
      }
    });
  } catch (error) {
    await db.query('delete from contexts where document_id = $1', [document.id]).catch(() => undefined);
    throw error;
  }
}

/**
 * The ingest-document job: the stored file is read in a reader process (PDF text layer, OCR for
 * scans and images, charset detection for text; cleaned, chunked, its entities found), embedded when
 * the agent's provider can, and saved as the agent's contexts. A file that cannot be read, or is over
 * a limit, fails its document with the reason and is not retried; other errors (the reader process
 * died, provider down) are retried by the runner.
 */
export async function ingestDocument(
  context: Pick<JobContext, 'db' | 'secrets' | 'log'> & Partial<Pick<JobContext, 'signal'>>,
  resources: KnowledgeResources,
  documentId: number,
): Promise<void> {
  const { db } = context;
  const document = await db.maybeOne<DocumentToIngest>(
    `select d.id, d.user_id, d.agent_id, d.media_type, d.status, octet_length(f.content) as size, a.model, a.api_key
     from documents d
     join document_files f on f.document_id = d.id
     join agents a on a.id = d.agent_id and a.user_id = d.user_id
     where d.id = $1`,
    [documentId],
  );
  if (!document || document.status !== 'processing') return;
  const bytes = await readStoredFile(db, document);
  if (!bytes) return;

  let read: ReadDocument;
  try {
    read = await resources.reader.read(bytes, document.media_type, context.signal);
  } catch (error) {
    if (!(error instanceof UnreadableDocument)) throw error;
    await markDocumentFailed(db, document.id, error.message);
    return;
  }
  if (read.chunks.length === 0) {
    await markDocumentFailed(db, document.id, DOCUMENT_ERRORS.noText);
    return;
  }
  const model = await resources.embeddingModel({ model: document.model, apiKey: agentKey(context, document) });
  await saveKnowledge(db, document, read, model, context.signal);
  context.log.info({ document: document.id, chunks: read.chunks.length }, 'document ingested');
}

/** The job handler; when its attempts are used up, the document fails with the last error. */
export function ingestDocumentHandler(resources: KnowledgeResources): JobHandler<IngestPayload> {
  return {
    run: (payload, context) => ingestDocument(context, resources, Number(payload.documentId)),
    onFailed: (payload, context, error) =>
      markDocumentFailed(context.db, Number(payload.documentId), DOCUMENT_ERRORS.failed(error)),
  };
}
