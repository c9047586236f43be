import { completion, FakeOpenAiServer } from '../tests/fixtures/openai-server';
import type { App } from '../server/app';
import type { Db } from '../server/db/client';
import { CUSTOMER_PHONE_HEADERS, injectJson, openBenchApp, ownerWithAgent } from './owner';
import type { BenchResult } from './report';

/** The model's answer time: a provider under load (issue 13). */
export const MODEL_LATENCY_MS = 3_000;
const DEBOUNCE_MS = 2_000;
/** How long the bench waits for the last reply before it reports what it has. */
const PATIENCE_MS = 120_000;
const HEALTH_EVERY_MS = 50;
const INBOX_EVERY_MS = 200;

interface Burst {
  label: string;
  customers: number;
  withinMs: number;
  /** The p95 budget beyond the debounce and the model's own time. */
  slackMs: number;
}

const BURSTS: Burst[] = [
  { label: '20 customers within 1 s', customers: 20, withinMs: 1_000, slackMs: 1_500 },
  { label: '100 customers within 10 s', customers: 100, withinMs: 10_000, slackMs: 3_000 },
];

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Times GET `path` over real HTTP every `everyMs` until stopped: the latencies a person would see. */
function probe(baseUrl: string, path: string, everyMs: number, token?: string) {
  const latencies: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      const response = await fetch(baseUrl + path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${path} answered ${response.status}`);
      latencies.push(performance.now() - started);
      await sleep(everyMs);
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return latencies;
    },
  };
}

/**
 * Per customer of the burst: from the customer's message reaching the sandbox to the business's
 * first answer leaving through it (both as the simulator recorded them, in the database's clock).
 */
async function replyDelays(db: Db, waIds: string[]): Promise<number[]> {
  const rows = await db.query<{ delay_ms: number | null }>(
    `select (extract(epoch from (
              (select min(o.created_at) from sandbox_messages o where o.wa_id = c.wa_id and o.direction = 'outbound')
              - (select min(i.created_at) from sandbox_messages i where i.wa_id = c.wa_id and i.direction = 'inbound')
            )) * 1000)::float8 as delay_ms
       from unnest($1::text[]) as c(wa_id)`,
    [waIds],
  );
  return rows.map((row) => row.delay_ms).filter((delay): delay is number => delay !== null);
}

async function runBurst(app: App, db: Db, phoneNumberId: string, burst: Burst, offset: number) {
  const waIds = Array.from({ length: burst.customers }, (_, i) => String(16505560000 + offset + i));
  const spacingMs = burst.withinMs / burst.customers;
  await Promise.all(
    waIds.map(async (waId, i) => {
      await sleep(i * spacingMs);
      await injectJson(
        app,
        'POST',
        '/sandbox/phone/messages',
        { phone_number_id: phoneNumberId, name: `Customer ${i}`, phone_number: `+${waId}`, text: 'Do you ship today?' },
        CUSTOMER_PHONE_HEADERS,
      );
    }),
  );
  const deadline = Date.now() + PATIENCE_MS;
  let delays = await replyDelays(db, waIds);
  while (delays.length < waIds.length && Date.now() < deadline) {
    await sleep(200);
    delays = await replyDelays(db, waIds);
  }
  return { delays, missing: waIds.length - delays.length };
}

/**
 * Issue 13: customers writing at once to an owner whose agent's model takes 3 s. The embedded shape
 * (`npm start`: PGlite, jobs in the API process) with a local OpenAI-compatible server; each burst's
 * p95 from message to reply against the debounce + the model's time + a little, the last reply, how
 * many model calls were in flight at once, and what a person browsing meanwhile sees.
 */
export async function replyBurst(): Promise<BenchResult[]> {
  const model = new FakeOpenAiServer(MODEL_LATENCY_MS);
  model.answer(completion('Yes, orders placed before 3 pm ship today.'));
  const modelUrl = await model.start();
  const { app, db, close } = await openBenchApp('reply-burst', (base) => ({
    openaiCompatibleBaseUrl: modelUrl,
    replyDebounceMs: DEBOUNCE_MS,
    rateLimits: { ...base.rateLimits, sandboxPhonePerAddress: { max: Number.MAX_SAFE_INTEGER, windowSeconds: 60 } },
  }));
  const results: BenchResult[] = [];
  try {
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const { token, signup } = await ownerWithAgent(app, 'bench_burst', 'openai-compatible/llama3.1');
    app.jobs.start();
    const health = probe(address, '/api/v1/health', HEALTH_EVERY_MS);
    const inbox = probe(address, '/api/v1/messages/conversations', INBOX_EVERY_MS, token);
    let offset = 0;
    for (const burst of BURSTS) {
      model.answer(completion('Yes, orders placed before 3 pm ship today.'));
      const { delays, missing } = await runBurst(app, db, signup.phone_number_id, burst, offset);
      offset += burst.customers;
      const p95 = percentile(delays, 95) / 1000;
      results.push({
        name: `reply burst, ${burst.label}: p95 message → reply`,
        value: missing > 0 ? Number.POSITIVE_INFINITY : p95,
        unit: 's',
        budget: (DEBOUNCE_MS + MODEL_LATENCY_MS + burst.slackMs) / 1000,
        better: 'lower',
        detail:
          `median ${(percentile(delays, 50) / 1000).toFixed(1)} s, last ${(Math.max(...delays) / 1000).toFixed(1)} s, ` +
          `${missing} unanswered, model calls in flight at most ${model.mostInFlight}, embedded shape`,
      });
    }
    const healthLatencies = await health.stop();
    const inboxLatencies = await inbox.stop();
    results.push(
      {
        name: 'reply burst: GET /health p99 throughout',
        value: percentile(healthLatencies, 99),
        unit: 'ms',
        budget: 100,
        better: 'lower',
        detail: `${healthLatencies.length} requests`,
      },
      {
        name: 'reply burst: inbox list p95 throughout',
        value: percentile(inboxLatencies, 95),
        unit: 'ms',
        budget: 50,
        better: 'lower',
        detail: `${inboxLatencies.length} requests`,
      },
    );
  } finally {
    await close();
    await model.stop();
  }
  return results;
}
