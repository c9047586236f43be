import { MockEmbeddingModelV3 } from 'ai/test';
import type { Context, DocumentItem } from '../../../contract';
import { chunkText, cleanText } from '../../../server/services/knowledge/chunking';
import { CONTEXT_BATCH_ROWS, ingestDocument } from '../../../server/services/knowledge/ingest';
import { createAgent, newOwner, type Owner } from '../support/agents-helpers';
import { upload } from '../support/documents-helpers';
import { bearer, useTestApp } from '../support/helpers';
import { silentLog } from '../support/silent-log';

const ctx = useTestApp();

/** Distinct paragraphs of about 800 characters: a chunk each, more than two batches of them. */
function longText(): string {
  return Array.from({ length: Math.round(CONTEXT_BATCH_ROWS * 2.2) }, (_, index) =>
    `Paragraph ${index} of the harbour handbook. `.repeat(20).trim(),
  ).join('\n\n');
}

async function ownerWithAgent() {
  const owner = await newOwner(ctx);
  const agent = await createAgent(ctx, owner, { model: 'openai/gpt-4o-mini' });
  return { owner, agentId: agent.id };
}

async function listed(owner: Owner, agentId: number) {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/agents/${agentId}/contexts`,
    headers: bearer(owner.token),
  });
  return response.json<Context[]>();
}

async function written(documentId: number) {
  const row = await ctx.db.one<{ n: number }>('select count(*)::int as n from contexts where document_id = $1', [
    documentId,
  ]);
  return row.n;
}

function ingest(documentId: number, model: MockEmbeddingModelV3) {
  return ingestDocument(
    { db: ctx.db, secrets: ctx.app.secrets, log: silentLog },
    { reader: ctx.app.knowledge.reader, embeddingModel: () => model },
    documentId,
  );
}

describe('ingestDocument', () => {
  it('writes a long document in batches and shows none of it until the document is ready', async () => {
    const { owner, agentId } = await ownerWithAgent();
    const text = longText();
    const chunks = chunkText(cleanText(text)).length;
    expect(chunks).toBeGreaterThan(2 * CONTEXT_BATCH_ROWS);
    const { id } = (await upload(ctx, owner, agentId, 'handbook.txt', Buffer.from(text))).json<DocumentItem>();
    const seenWhileWriting: Array<{ written: number; listed: number }> = [];
    const model = new MockEmbeddingModelV3({
      doEmbed: async ({ values }) => {
        seenWhileWriting.push({ written: await written(id), listed: (await listed(owner, agentId)).length });
        return { embeddings: values.map(() => [1, 0, 0]), warnings: [] };
      },
    });

    await ingest(id, model);

    // Each embedding call came before its batch was written: the counts grow a batch at a time.
    expect([...new Set(seenWhileWriting.map((seen) => seen.written))]).toEqual([
      0,
      CONTEXT_BATCH_ROWS,
      2 * CONTEXT_BATCH_ROWS,
    ]);
    expect(seenWhileWriting.every((seen) => seen.listed === 0)).toBe(true);
    const document = await ctx.db.one<{ status: string; chunks: number }>(
      'select status, chunks from documents where id = $1',
      [id],
    );
    expect(document).toEqual({ status: 'ready', chunks });
    expect(await written(id)).toBe(chunks);
    expect(await listed(owner, agentId)).toHaveLength(chunks);
    await ctx.db.query("update jobs set status = 'done' where key = $1", [`ingest:${id}`]);
  });

  it('removes the batches it wrote when a later one fails, leaving the document to be tried again', async () => {
    const { owner, agentId } = await ownerWithAgent();
    const { id } = (await upload(ctx, owner, agentId, 'handbook.txt', Buffer.from(longText()))).json<DocumentItem>();
    const model = new MockEmbeddingModelV3({
      doEmbed: async ({ values }) => {
        if ((await written(id)) > 0) throw new Error('the provider is down');
        return { embeddings: values.map(() => [1, 0, 0]), warnings: [] };
      },
    });

    await expect(ingest(id, model)).rejects.toThrow('the provider is down');
    expect(await written(id)).toBe(0);
    const document = await ctx.db.one<{ status: string }>('select status from documents where id = $1', [id]);
    expect(document.status).toBe('processing');
    await ctx.db.query("update jobs set status = 'done' where key = $1", [`ingest:${id}`]);
  });
});
