import crypto from 'node:crypto';
import { AGENT_ERRORS, type DocumentItem } from '../../../contract';
import type { Db, Executor } from '../../db/client';
import { AppError, Conflict, NotFound } from '../../errors';
import { enqueue } from '../../jobs/queue';
import { requireAgent, requireVerifiedEmail } from '../agents/agents';
import type { SniffedType } from './sniff';

export const INGEST_DOCUMENT_JOB = 'ingest-document';

export interface IngestPayload {
  documentId: number;
}

const megabytes = (bytes: number) => `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;

export const DOCUMENT_ERRORS = {
  deletedAgent: 'A deleted agent cannot receive documents. Restore it first.',
  noText: 'No text was found in this file.',
  failed: (reason: string) => `This file could not be processed: ${reason}`,
  storageFull: (filename: string, usedBytes: number, quotaBytes: number) =>
    `${filename}: Not enough storage left: your documents use ${megabytes(usedBytes)} of your ` +
    `${megabytes(quotaBytes)}. Please delete documents you no longer need.`,
} as const;

/** 413: the owner's stored files and this one together are over the storage quota. */
export class StorageFull extends AppError {
  constructor(filename: string, usedBytes: number, quotaBytes: number) {
    super(413, 'storage_quota_exceeded', DOCUMENT_ERRORS.storageFull(filename, usedBytes, quotaBytes), 'file');
  }
}

type DocumentRow = {
  id: number;
  filename: string;
  media_type: string;
  size_bytes: number;
  status: DocumentItem['status'];
  error: string | null;
  pages: number | null;
  chunks: number;
  created_at: Date;
  updated_at: Date;
};

const DOCUMENT_COLUMNS = 'id, filename, media_type, size_bytes, status, error, pages, chunks, created_at, updated_at';

function toDocumentItem(row: DocumentRow): DocumentItem {
  return {
    id: Number(row.id),
    filename: row.filename,
    media_type: row.media_type,
    size_bytes: Number(row.size_bytes),
    status: row.status,
    error: row.error,
    pages: row.pages === null ? null : Number(row.pages),
    chunks: Number(row.chunks),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/**
 * Who may upload to an agent: a verified owner (403), their own agent (404 otherwise), not deleted
 * (409). Checked before the file is read, so a refused upload costs no storage.
 */
export async function requireUploadTarget(db: Executor, userId: number, agentId: number): Promise<void> {
  await requireVerifiedEmail(db, userId);
  const agent = await requireAgent(db, userId, agentId);
  if (agent.status === 'deleted') throw new Conflict(DOCUMENT_ERRORS.deletedAgent, 'agent_id', 'agent_deleted');
}

export interface UploadedFile {
  filename: string;
  mediaType: SniffedType;
  bytes: Buffer;
}

/**
 * The owner's stored files plus this one must fit in `quotaBytes`. The owner's row is locked first,
 * so that two uploads at once cannot both take the last free space.
 */
async function requireStorageRoom(tx: Executor, userId: number, file: UploadedFile, quotaBytes: number) {
  await tx.query('select id from users where id = $1 for update', [userId]);
  const { used } = await tx.one<{ used: string | number }>(
    'select coalesce(sum(size_bytes), 0)::bigint as used from documents where user_id = $1',
    [userId],
  );
  if (Number(used) + file.bytes.length > quotaBytes) throw new StorageFull(file.filename, Number(used), quotaBytes);
}

/**
 * Stores the file (row and bytes in one transaction, with its ingestion job) and answers at once;
 * the job turns the document ready or failed. Returns the document, status 'processing'. The file
 * must fit in the owner's storage quota (413 otherwise, nothing stored).
 */
export async function storeDocument(
  db: Db,
  userId: number,
  agentId: number,
  file: UploadedFile,
  storageQuotaBytes: number,
): Promise<DocumentItem> {
  return db.transaction(async (tx) => {
    await requireUploadTarget(tx, userId, agentId);
    await requireStorageRoom(tx, userId, file, storageQuotaBytes);
    const row = await tx.one<DocumentRow>(
      `insert into documents (user_id, agent_id, filename, media_type, size_bytes, sha256)
       values ($1, $2, $3, $4, $5, $6)
       returning ${DOCUMENT_COLUMNS}`,
      [
        userId,
        agentId,
        file.filename,
        file.mediaType,
        file.bytes.length,
        crypto.createHash('sha256').update(file.bytes).digest('hex'),
      ],
    );
    // Base64 text, decoded by the database: PGlite turns a bytea parameter into hex one byte at a time
    // in JavaScript, which took 26 s for a 25 MB file (base64: about 1 s).
    await tx.query(`insert into document_files (document_id, content) values ($1, decode($2, 'base64'))`, [
      row.id,
      file.bytes.toString('base64'),
    ]);
    const payload: IngestPayload = { documentId: Number(row.id) };
    await enqueue(tx, { name: INGEST_DOCUMENT_JOB, payload: { ...payload }, key: `ingest:${row.id}` });
    return toDocumentItem(row);
  });
}

/** The agent's documents, newest first (never their bytes). */
export async function listDocuments(db: Executor, userId: number, agentId: number): Promise<DocumentItem[]> {
  await requireAgent(db, userId, agentId);
  const rows = await db.query<DocumentRow>(
    `select ${DOCUMENT_COLUMNS} from documents where agent_id = $1 and user_id = $2 order by created_at desc, id desc`,
    [agentId, userId],
  );
  return rows.map(toDocumentItem);
}

/** Removes a document with its bytes and contexts (cascade). */
export async function deleteDocument(db: Executor, userId: number, agentId: number, documentId: number): Promise<void> {
  await requireAgent(db, userId, agentId);
  const rows = await db.query('delete from documents where id = $1 and agent_id = $2 and user_id = $3 returning id', [
    documentId,
    agentId,
    userId,
  ]);
  if (rows.length === 0) throw new NotFound(AGENT_ERRORS.documentNotFound, 'document_not_found');
}

/**
 * Ends a document's processing with a reason the owner can read (only while still processing), and
 * removes any chunks an interrupted attempt left: a failed document has no contexts.
 */
export async function markDocumentFailed(db: Executor, documentId: number, reason: string): Promise<void> {
  await db.query(
    `with failed as (
       update documents set status = 'failed', error = $2, updated_at = now()
       where id = $1 and status = 'processing'
       returning id
     )
     delete from contexts where document_id in (select id from failed)`,
    [documentId, reason],
  );
}
