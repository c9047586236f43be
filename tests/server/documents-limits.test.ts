import type { DocumentItem } from '../../contract';
import { DEFAULT_DOCUMENT_LIMITS, type DocumentLimits } from '../../server/config';
import { chunkText, cleanText } from '../../server/services/knowledge/chunking';
import { textPdf } from '../fixtures/pdf';
import { createAgent, newOwner } from './agents-helpers';
import { uploadAndIngest } from './documents-helpers';
import { buildTestApp, useTestApp } from './helpers';

const LIMITS: DocumentLimits = { ...DEFAULT_DOCUMENT_LIMITS, maxPages: 3, maxChunks: 4 };

const ctx = useTestApp((db) => buildTestApp(db, { documentLimits: LIMITS }));

async function ownerWithAgent() {
  const owner = await newOwner(ctx);
  const agent = await createAgent(ctx, owner, { model: 'local/knowledge-base', api_key: '' });
  return { owner, agentId: agent.id };
}

describe('ingestion limits', () => {
  it('fails a PDF over the page cap with its page count, reading none of its pages', async () => {
    const { owner, agentId } = await ownerWithAgent();
    const pdf = textPdf([['One.'], ['Two.'], ['Three.'], ['Four.']]);
    const document = await uploadAndIngest(ctx, owner, agentId, 'long.pdf', pdf);
    expect(document).toMatchObject<Partial<DocumentItem>>({
      status: 'failed',
      error: 'This PDF has 4 pages; at most 3 can be read. Please split it into smaller files.',
      chunks: 0,
    });
  });

  it('fails a document over the chunk cap with its chunk count, storing none of them', async () => {
    const { owner, agentId } = await ownerWithAgent();
    const paragraph = 'Every sentence here is about the opening hours of the harbour shop. '.repeat(13);
    const text = Array.from({ length: 6 }, () => paragraph).join('\n\n');
    const chunks = chunkText(cleanText(text)).length;
    expect(chunks).toBeGreaterThan(LIMITS.maxChunks);
    const document = await uploadAndIngest(ctx, owner, agentId, 'long.txt', Buffer.from(text));
    expect(document).toMatchObject<Partial<DocumentItem>>({
      status: 'failed',
      error: `This file holds too much text: ${chunks} chunks, and a document may have at most 4. Please split it into smaller files.`,
      chunks: 0,
    });
    const contexts = await ctx.db.one<{ n: number }>('select count(*)::int as n from contexts where agent_id = $1', [
      agentId,
    ]);
    expect(contexts.n).toBe(0);
  });
});
