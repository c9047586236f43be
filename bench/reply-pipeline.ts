import { MockLanguageModelV3 } from 'ai/test';
import type { App } from '../server/app';
import type { Db } from '../server/db/client';
import type { PhoneMessageSent } from '../server/sandbox/phone/service';
import { runReply, type ReplyDeps } from '../server/services/replies/pipeline';
import { GraphClient } from '../server/services/whatsapp/graph-client';
import { CUSTOMER_PHONE_HEADERS, injectApi, openBenchApp, ownerWithAgent } from './owner';
import { percentile, type BenchResult } from './report';

const WARMUP_REPLIES = 20;
const MEASURED_REPLIES = 200;
const CONTEXTS = 500;
const CUSTOMERS = 25;
const BUDGET_P95_MS = 50;

/** The agent's CONTEXTS passages, for retrieval to search. */
async function seedPassages(db: Db, userId: number, agentId: number): Promise<void> {
  await db.query(
    `insert into contexts (user_id, agent_id, content)
     select $1, $2, 'Passage ' || n || ': our shoe model ' || n || ' comes in sizes 36 to 46, ships in '
                    || (n % 5 + 1) || ' days and can be returned within 30 days.'
       from generate_series(1, $3::integer) as n`,
    [userId, agentId, CONTEXTS],
  );
}

/** A model that answers at once. */
function instantModel() {
  return new MockLanguageModelV3({
    doGenerate: async () => ({
      content: [{ type: 'text', text: 'Model 12 comes in sizes 36 to 46.' }],
      finishReason: { unified: 'stop', raw: 'stop' },
      usage: {
        inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
        outputTokens: { total: 1, text: 1, reasoning: 0 },
      },
      warnings: [],
    }),
  });
}

/**
 * Graph answers at once too (its latency is Meta's, like the model's is the provider's); the
 * client's own work — building, serialising and parsing each call — is still measured.
 */
function instantGraph() {
  let sends = 0;
  return new GraphClient({
    baseUrl: () => 'http://graph.invalid',
    version: 'v23.0',
    timeoutMs: 10_000,
    appId: 'bench',
    appSecret: 'bench',
    fetch: async (_url, init) => {
      const body = JSON.parse(String(init?.body)) as { type?: string };
      sends += 1;
      const answer =
        body.type === 'text'
          ? { messaging_product: 'whatsapp', contacts: [], messages: [{ id: `wamid.bench-reply-${sends}` }] }
          : { success: true };
      return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
    },
  });
}

function replyDeps(app: App, db: Db): ReplyDeps {
  const model = instantModel();
  return {
    db,
    graph: instantGraph(),
    secrets: app.secrets,
    log: app.log,
    config: app.config,
    embeddingModel: app.knowledge.embeddingModel,
    languageModel: () => model,
    mediaStore: app.media.store,
  };
}

interface Bench {
  app: App;
  db: Db;
  deps: ReplyDeps;
  userId: number;
  phoneNumberId: string;
}

/** Customer `i` writes from the sandbox phone (untimed); the reply to it is timed, in ms. */
async function oneReply({ app, db, deps, userId, phoneNumberId }: Bench, i: number): Promise<number> {
  const customer = String(16505550100 + (i % CUSTOMERS));
  const sent = await injectApi(app).call<PhoneMessageSent>(
    'POST',
    '/sandbox/phone/messages',
    {
      phone_number_id: phoneNumberId,
      name: `Customer ${i % CUSTOMERS}`,
      phone_number: `+${customer}`,
      text: `Which sizes does shoe model ${i % 50} come in?`,
    },
    CUSTOMER_PHONE_HEADERS,
  );
  const message = await db.one<{ id: number; conversation_id: number }>(
    'select id, conversation_id from messages where user_id = $1 and wamid = $2',
    [userId, sent.id],
  );
  const started = performance.now();
  const outcome = await runReply(deps, {
    userId,
    conversationId: Number(message.conversation_id),
    messageId: Number(message.id),
    wamid: sent.id,
  });
  const elapsed = performance.now() - started;
  if (outcome !== 'replied') throw new Error(`reply ${i} ended '${outcome}'`);
  return elapsed;
}

function report(latencies: number[]): BenchResult[] {
  return [
    {
      name: 'reply pipeline overhead (mock model), p95',
      value: percentile(latencies, 0.95),
      unit: 'ms',
      budget: BUDGET_P95_MS,
      better: 'lower',
      detail: `p50 ${percentile(latencies, 0.5).toFixed(1)} ms, ${MEASURED_REPLIES} replies, ${CONTEXTS} passages, PGlite`,
    },
  ];
}

/**
 * DESIGN.md §11: the reply pipeline's own overhead, the model excluded: a zero-latency mock model
 * and a zero-latency Graph answer at once, so what is timed is everything else of one reply — the
 * checks, the typing indicator call, retrieval over 500 passages, memories, prompt assembly, the
 * owner re-check, the send (sendReply with its checks and storage) and the bookkeeping. PGlite in
 * process. Customers' messages arrive through the sandbox phone (a real signed webhook), untimed.
 */
export async function replyPipeline(): Promise<BenchResult[]> {
  // The debounce keeps the queued jobs out of the way: the bench runs the pipeline itself. Its
  // customer writes from the sandbox phone faster than the phone's rate limit lets a person.
  const { app, db, close } = await openBenchApp('replies', (base) => ({
    replyDebounceMs: 3_600_000,
    rateLimits: { ...base.rateLimits, sandboxPhonePerAddress: { max: Number.MAX_SAFE_INTEGER, windowSeconds: 60 } },
  }));
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { signup, agentId } = await ownerWithAgent(injectApi(app), 'bench_replies', 'openai/gpt-4o-mini');
    const { id: userId } = await db.one<{ id: number }>("select id from users where username = 'bench_replies'");
    await seedPassages(db, userId, agentId);
    const bench: Bench = { app, db, deps: replyDeps(app, db), userId, phoneNumberId: signup.phone_number_id };
    for (let i = 0; i < WARMUP_REPLIES; i += 1) await oneReply(bench, i);
    const latencies: number[] = [];
    for (let i = WARMUP_REPLIES; i < WARMUP_REPLIES + MEASURED_REPLIES; i += 1)
      latencies.push(await oneReply(bench, i));
    return report(latencies);
  } finally {
    await close();
  }
}
