import type { DocumentItem } from '../../../contract';
import { DEFAULT_DOCUMENT_LIMITS, type DocumentLimits, type RateLimit } from '../../../server/config';
import { chunkText, cleanText } from '../../../server/services/knowledge/chunking';
import { textPdf } from '../../fixtures/pdf';
import { createAgent, newOwner, type Owner } from '../support/agents-helpers';
import { multipartFiles, upload, uploadAndIngest } from '../support/documents-helpers';
import { bearer, buildTestApp, GENEROUS_RATE_LIMITS, useTestApp } from '../support/helpers';

const MB = 1024 * 1024;
const LIMITS: DocumentLimits = { ...DEFAULT_DOCUMENT_LIMITS, storageQuotaBytes: MB, maxPages: 3, maxChunks: 4 };
const UPLOADS_PER_OWNER: RateLimit = { max: 3, windowSeconds: 10 * 60 };

const ctx = useTestApp((db) =>
  buildTestApp(db, {
    documentLimits: LIMITS,
    rateLimits: { ...GENEROUS_RATE_LIMITS, documentUploadPerOwner: UPLOADS_PER_OWNER },
  }),
);

async function ownerWithAgent() {
  const owner = await newOwner(ctx);
  const agent = await createAgent(ctx, owner, { model: 'local/knowledge-base', api_key: '' });
  return { owner, agentId: agent.id };
}

async function stored(owner: Owner) {
  return ctx.db.query<{ filename: string }>(
    `select d.filename from documents d join document_files f on f.document_id = d.id
     where d.user_id = $1 order by d.id`,
    [owner.userId],
  );
}

/** Uploads here are about the answer, not ingestion: their jobs are set aside. */
async function skipIngestion(owner: Owner) {
  await ctx.db.query(
    "update jobs set status = 'done' where key in (select 'ingest:' || id from documents where user_id = $1)",
    [owner.userId],
  );
}

describe('POST /api/v1/documents/upload/context: quotas', () => {
  it('refuses a file that does not fit in the owner’s storage with 413, storing nothing, and takes one that fits', async () => {
    const { owner, agentId } = await ownerWithAgent();
    await ctx.db.query(
      `insert into documents (user_id, agent_id, filename, media_type, size_bytes, sha256, status)
       values ($1, $2, 'archive.txt', 'text/plain', 900000, 'abc', 'ready')`,
      [owner.userId, agentId],
    );
    const refused = await upload(ctx, owner, agentId, 'big.txt', Buffer.alloc(200_000, 'a'));
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toEqual({
      detail:
        'big.txt: Not enough storage left: your documents use 0.9 MB of your 1 MB. ' +
        'Please delete documents you no longer need.',
      message:
        'big.txt: Not enough storage left: your documents use 0.9 MB of your 1 MB. ' +
        'Please delete documents you no longer need.',
      code: 'storage_quota_exceeded',
      field: 'file',
    });
    expect(await stored(owner)).toEqual([]);
    expect(
      await ctx.db.query(
        "select id from jobs where key in (select 'ingest:' || id from documents where user_id = $1)",
        [owner.userId],
      ),
    ).toEqual([]);

    const fits = await upload(ctx, owner, agentId, 'small.txt', Buffer.alloc(100_000, 'a'));
    expect(fits.statusCode).toBe(201);
    expect(await stored(owner)).toEqual([{ filename: 'small.txt' }]);
    await skipIngestion(owner);
  });

  it('takes at most 3 uploads per owner in 10 minutes, then answers 429 naming the limit; other owners go on', async () => {
    const { owner, agentId } = await ownerWithAgent();
    for (const name of ['a.txt', 'b.txt', 'c.txt']) {
      expect((await upload(ctx, owner, agentId, name, Buffer.from('Some words.'))).statusCode).toBe(201);
    }
    const refused = await upload(ctx, owner, agentId, 'd.txt', Buffer.from('Some words.'));
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('600');
    expect(refused.json()).toMatchObject({
      detail: 'You can upload at most 3 files every 10 minutes. Please try again in 10 minutes.',
      code: 'rate_limited',
    });
    expect((await stored(owner)).map((document) => document.filename)).toEqual(['a.txt', 'b.txt', 'c.txt']);

    const other = await ownerWithAgent();
    expect((await upload(ctx, other.owner, other.agentId, 'a.txt', Buffer.from('Some words.'))).statusCode).toBe(201);
    await skipIngestion(owner);
    await skipIngestion(other.owner);
  });

  it('refuses a request that carries two files with 413, storing neither', async () => {
    const { owner, agentId } = await ownerWithAgent();
    const body = multipartFiles([
      { filename: 'first.txt', content: Buffer.from('The first file.') },
      { filename: 'second.txt', content: Buffer.from('The second file.') },
    ]);
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/documents/upload/context?agent_id=${agentId}`,
      headers: { ...bearer(owner.token), ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      detail: 'Please upload one file per request; this one carries more.',
      code: 'too_many_files',
      field: 'file',
    });
    expect(await stored(owner)).toEqual([]);
  });
});

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
