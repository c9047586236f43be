import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { MockEmbeddingModelV3 } from 'ai/test';
import type { FastifyBaseLogger } from 'fastify';
import type { DocumentItem } from '../../../contract';
import { searchContexts } from '../../../server/services/knowledge/contexts';
import { embedTexts, providerEmbeddingModel } from '../../../server/services/ai/embeddings';
import { ingestDocument } from '../../../server/services/knowledge/ingest';
import { searchAgentContexts } from '../../../server/services/knowledge/search';
import { createAgent, newOwner, REAL_KEY, type Owner } from '../support/agents-helpers';
import { upload } from '../support/documents-helpers';
import { useTestApp } from '../support/helpers';

const ctx = useTestApp();

const silent = { warn: () => undefined, info: () => undefined, error: () => undefined } as unknown as FastifyBaseLogger;

/** A toy embedding: one axis per topic (refunds, shipping, opening hours). */
function topicEmbedding(text: string): number[] {
  const lower = text.toLowerCase();
  const axes = [/refund|money back/, /ship|parcel/, /open|hours/].map((topic) => (topic.test(lower) ? 1 : 0));
  return axes.some(Boolean) ? axes : [0.1, 0.1, 0.1];
}

function topicModel() {
  return new MockEmbeddingModelV3({
    doEmbed: async ({ values }) => ({ embeddings: values.map(topicEmbedding), warnings: [] }),
  });
}

async function seedContexts(owner: Owner, agentId: number, texts: string[], withEmbeddings = true) {
  const ids: number[] = [];
  for (const text of texts) {
    const row = await ctx.db.one<{ id: number }>(
      'insert into contexts (user_id, agent_id, content, embedding) values ($1, $2, $3, $4::vector) returning id',
      [owner.userId, agentId, text, withEmbeddings ? `[${topicEmbedding(text).join(',')}]` : null],
    );
    ids.push(Number(row.id));
  }
  return ids;
}

const REFUNDS = 'Refunds are paid within five days.';
const PARCELS = 'Parcels ship every Monday from the warehouse.';
const HOURS = 'The shop opens at nine in the morning.';

async function ownerWithAgent(model = 'local/knowledge-base') {
  const owner = await newOwner(ctx);
  const agent = await createAgent(ctx, owner, model.startsWith('local/') ? { model, api_key: '' } : { model });
  return { owner, agentId: agent.id };
}

describe('searchContexts', () => {
  it('fuses full-text rank with vector similarity by reciprocal rank, best first', async () => {
    const { owner, agentId } = await ownerWithAgent();
    const [refunds, parcels, hours] = await seedContexts(owner, agentId, [REFUNDS, PARCELS, HOURS]);

    // No word in common: only the vectors find it.
    const byMeaning = await searchContexts(ctx.db, {
      userId: owner.userId,
      agentId,
      query: 'money back',
      embedding: [1, 0, 0],
    });
    expect(byMeaning[0].id).toBe(refunds);

    // Full text says parcels, the vector says refunds: in both lists wins over first in one.
    const fused = await searchContexts(ctx.db, {
      userId: owner.userId,
      agentId,
      query: 'ship',
      embedding: [1, 0.5, 0],
    });
    expect(fused.map((hit) => hit.id).slice(0, 2)).toEqual([parcels, refunds]);
    expect(fused[0].score).toBeGreaterThan(fused[1].score);
    expect(fused.map((hit) => hit.id)).toContain(hours);
  });

  it('ranks by full text alone without an embedding', async () => {
    const { owner, agentId } = await ownerWithAgent();
    const [, , hours] = await seedContexts(owner, agentId, [REFUNDS, PARCELS, HOURS], false);
    const hits = await searchContexts(ctx.db, { userId: owner.userId, agentId, query: 'when does the shop open' });
    expect(hits.map((hit) => hit.id)).toEqual([hours]);
  });

  it('falls back to matching parts of words when full text finds nothing', async () => {
    const { owner, agentId } = await ownerWithAgent();
    const [, parcels] = await seedContexts(owner, agentId, [REFUNDS, PARCELS, HOURS], false);
    const hits = await searchContexts(ctx.db, { userId: owner.userId, agentId, query: 'warehou' });
    expect(hits.map((hit) => hit.id)).toEqual([parcels]);
    expect(await searchContexts(ctx.db, { userId: owner.userId, agentId, query: 'zebra' })).toEqual([]);
  });

  it('lists the newest contexts for an empty query, and never another owner’s', async () => {
    const { owner, agentId } = await ownerWithAgent();
    const ids = await seedContexts(owner, agentId, [REFUNDS, PARCELS]);
    const stranger = await ownerWithAgent();
    await seedContexts(stranger.owner, stranger.agentId, [REFUNDS]);

    const all = await searchContexts(ctx.db, { userId: owner.userId, agentId, query: '  ' });
    expect(all.map((hit) => hit.id).sort()).toEqual([...ids].sort());
    const foreign = await searchContexts(ctx.db, {
      userId: stranger.owner.userId,
      agentId,
      query: 'refunds',
      embedding: [1, 0, 0],
    });
    expect(foreign).toEqual([]);
  });
});

describe('embeddings', () => {
  const unconfigured = providerEmbeddingModel({
    openaiCompatibleBaseUrl: undefined,
    openaiCompatibleEmbeddingModel: undefined,
  });

  it('offers none for local and Anthropic models, or without a key', async () => {
    expect(await unconfigured({ model: 'local/knowledge-base', apiKey: undefined })).toBeNull();
    expect(await unconfigured({ model: 'anthropic/claude-sonnet-4-5', apiKey: 'sk-ant-123' })).toBeNull();
    expect(await unconfigured({ model: 'openai/gpt-4o-mini', apiKey: undefined })).toBeNull();
    const openai = (await unconfigured({ model: 'openai/gpt-4o-mini', apiKey: 'sk-123' })) as {
      modelId: string;
    } | null;
    expect(openai?.modelId).toBe('text-embedding-3-small');
  });

  it('embeds with the configured model of an OpenAI-compatible server, and offers none without one', async () => {
    expect(await unconfigured({ model: 'openai-compatible/llama3.1', apiKey: 'local' })).toBeNull();
    const requests: Array<{ url: string | undefined; authorization: string | undefined; body: { model: string } }> = [];
    const server = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { model: string; input: string[] };
        requests.push({ url: request.url, authorization: request.headers.authorization, body });
        const data = body.input.map((text, index) => ({ object: 'embedding', index, embedding: topicEmbedding(text) }));
        response
          .writeHead(200, { 'content-type': 'application/json' })
          .end(
            JSON.stringify({ object: 'list', data, model: body.model, usage: { prompt_tokens: 2, total_tokens: 2 } }),
          );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const resolver = providerEmbeddingModel({
        openaiCompatibleBaseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
        openaiCompatibleEmbeddingModel: 'nomic-embed-text',
      });
      const model = await resolver({ model: 'openai-compatible/llama3.1', apiKey: 'local-key' });
      const embeddings = await embedTexts(model, [REFUNDS, PARCELS]);
      expect(embeddings).toEqual([
        [1, 0, 0],
        [0, 1, 0],
      ]);
      expect(requests).toEqual([
        {
          url: '/v1/embeddings',
          authorization: 'Bearer local-key',
          body: expect.objectContaining({ model: 'nomic-embed-text' }),
        },
      ]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('leaves a document to be ingested again when the shutdown interrupts it before the provider call', async () => {
    const { owner, agentId } = await ownerWithAgent('openai/gpt-4o-mini');
    const response = await upload(ctx, owner, agentId, 'policy.txt', Buffer.from(REFUNDS));
    const { id } = response.json<DocumentItem>();
    const calls: string[][] = [];
    const model = new MockEmbeddingModelV3({
      doEmbed: async ({ values }) => {
        calls.push(values);
        return { embeddings: values.map(topicEmbedding), warnings: [] };
      },
    });
    const closing = new AbortController();
    closing.abort(new Error('shutting down'));
    await expect(
      ingestDocument(
        { db: ctx.db, secrets: ctx.app.secrets, log: silent, signal: closing.signal },
        { reader: ctx.app.knowledge.reader, embeddingModel: () => model },
        id,
      ),
    ).rejects.toThrow('shutting down');
    expect(calls).toEqual([]);
    const document = await ctx.db.one<{ status: string; contexts: number }>(
      `select status, (select count(*)::int from contexts where document_id = $1) as contexts from documents where id = $1`,
      [id],
    );
    expect(document).toEqual({ status: 'processing', contexts: 0 });
  });

  it('embeds each chunk at ingestion with the agent’s key, and the query at search', async () => {
    const { owner, agentId } = await ownerWithAgent('openai/gpt-4o-mini');
    const response = await upload(ctx, owner, agentId, 'policy.txt', Buffer.from(`${REFUNDS}\n\n${HOURS}`));
    const { id } = response.json<DocumentItem>();
    const model = topicModel();
    const keys: Array<string | undefined> = [];
    const embeddingModel = (agent: { apiKey: string | undefined }) => {
      keys.push(agent.apiKey);
      return model;
    };
    await ingestDocument(
      { db: ctx.db, secrets: ctx.app.secrets, log: silent },
      { reader: ctx.app.knowledge.reader, embeddingModel },
      id,
    );
    expect(keys).toEqual([REAL_KEY]);
    const stored = await ctx.db.query<{ dims: number }>(
      'select vector_dims(embedding) as dims from contexts where document_id = $1',
      [id],
    );
    expect(stored).toEqual([{ dims: 3 }]);

    const found = await searchAgentContexts(
      { db: ctx.db, secrets: ctx.app.secrets, embeddingModel, log: silent },
      owner.userId,
      agentId,
      'money back',
    );
    expect(found.map((context) => context.document_id)).toEqual([id]);
    expect(model.doEmbedCalls.map((call) => call.values)).toEqual([[`${REFUNDS}\n\n${HOURS}`], ['money back']]);
    await ctx.db.query("update jobs set status = 'done' where key = $1", [`ingest:${id}`]);
  });
});
