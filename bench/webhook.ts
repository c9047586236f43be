import { Worker } from 'node:worker_threads';
import Fastify from 'fastify';
import { inboundTextPayload, serialise, signatureOf, webhookUrl } from '../server/sandbox/webhooks';
import { batchSizesOf, type BatchSizes } from '../server/services/whatsapp/webhook/batch';
import { connectedOwner, injectApi, openBenchApp } from './owner';
import { percentile, type BenchResult } from './report';

const WARMUP_DELIVERIES = 200;
const MEASURED_DELIVERIES = 3_000;
const CONCURRENCY = 16;
const BUDGET_PER_SECOND = 1_000;
const BUDGET_P99_MS = 50;
const APP_SECRET = 'bench-app-secret';

/**
 * The load generator, on a thread of its own: sharing the server's event loop, the clients' own
 * work would delay the server's, and count as the server's latency. It shares the machine's two
 * cores all the same (Meta's servers would not), so it is as light as Node allows: node:http over
 * kept-alive connections (fetch took about four times the CPU per request). Plain JavaScript, so
 * that the worker needs no TypeScript loader.
 */
const CLIENT_SOURCE = `
const http = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');
const { url, deliveries, concurrency } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
const latencies = [];
let failed = 0;
let next = 0;
function post(body, signature) {
  return new Promise((resolve, reject) => {
    const request = http.request(url, {
      method: 'POST',
      agent,
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        'x-hub-signature-256': signature,
      },
    }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}
async function client() {
  while (next < deliveries.length) {
    const { body, signature } = deliveries[next++];
    const started = performance.now();
    const status = await post(body, signature).catch(() => 0);
    latencies.push(performance.now() - started);
    if (status !== 200) failed += 1;
  }
}
const started = performance.now();
Promise.all(Array.from({ length: concurrency }, client)).then(() => {
  agent.destroy();
  parentPort.postMessage({ latencies, failed, seconds: (performance.now() - started) / 1000 });
});
`;

interface ClientRun {
  latencies: number[];
  failed: number;
  seconds: number;
}

function runClients(url: string, deliveries: { body: string; signature: string }[]): Promise<ClientRun> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(CLIENT_SOURCE, { eval: true, workerData: { url, deliveries, concurrency: CONCURRENCY } });
    worker.once('message', (run: ClientRun) => {
      resolve(run);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

/**
 * The peer: a bare Fastify route on loopback in this process that keeps the raw body and answers
 * as ours does, driven by the same clients with the same deliveries. What it reaches is what this
 * machine, Node and Fastify allow; ours as a share of it is comparable across machines.
 */
async function bareFastify(deliveries: { body: string; signature: string }[]): Promise<ClientRun> {
  const bare = Fastify({ logger: false, bodyLimit: 4 * 1024 * 1024 });
  bare.removeAllContentTypeParsers();
  bare.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  bare.post('/webhook', async () => ({ received: true }));
  try {
    const url = await bare.listen({ host: '127.0.0.1', port: 0 });
    await runClients(`${url}/webhook`, deliveries.slice(0, WARMUP_DELIVERIES));
    return await runClients(`${url}/webhook`, deliveries);
  } finally {
    await bare.close();
  }
}

/** '12×40, 4×38, …': how many transactions stored how many deliveries, the most frequent first. */
function describeBatches(sizes: BatchSizes): string {
  const counts = [...sizes.counts].sort((a, b) => b[1] - a[1] || b[0] - a[0]);
  const flushes = counts.reduce((sum, [, count]) => sum + count, 0);
  const deliveries = counts.reduce((sum, [size, count]) => sum + size * count, 0);
  const shown = counts
    .slice(0, 6)
    .map(([size, count]) => `${size}×${count}`)
    .join(', ');
  const mean = flushes > 0 ? (deliveries / flushes).toFixed(1) : '0';
  return `${flushes} transactions, mean ${mean} deliveries each (size×count: ${shown}); ${sizes.isolated} isolated`;
}

/**
 * DESIGN.md §11: signed inbound-message webhooks → stored with the reply and memory jobs of each
 * message (and the message event emitted), on the embedded shape (PGlite in process). The real app
 * listens on loopback; `CONCURRENCY` clients POST distinct signed deliveries, built by the
 * sandbox's own webhook builder, over real HTTP, from a worker thread. Client and server still
 * share this machine's cores, so the figure is a lower bound for the server alone. Also reported:
 * how many deliveries each transaction stored.
 */
export async function webhookIngest(): Promise<BenchResult[]> {
  const { app, db, close } = await openBenchApp('webhook', (base) => ({
    whatsapp: { ...base.whatsapp, appSecret: APP_SECRET },
  }));
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { signup } = await connectedOwner(injectApi(app), 'bench_webhook', 'Bench Bakery', '+1 555 010 0001');
    const { id: userId } = await db.one<{ id: number }>('select id from users where username = $1', ['bench_webhook']);
    const url = webhookUrl(app.whatsapp.settings.graphBaseUrl());
    const number = { id: signup.phone_number_id, waba_id: signup.waba_id, phone_number: '15550100001' };

    const delivery = (prefix: string, i: number) => {
      const body = serialise(
        inboundTextPayload(number, {
          wamid: `wamid.${prefix}-${i}`,
          from: String(16505550000 + (i % 500)),
          name: `Customer ${i % 500}`,
          timestamp: String(Math.floor(Date.now() / 1000)),
          text: `Message number ${i}: do you have it in blue?`,
        }),
      );
      return { body, signature: signatureOf(body, APP_SECRET) };
    };

    const deliveries = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => delivery(prefix, i));
    const run = (prefix: string, count: number) => runClients(url, deliveries(prefix, count));

    const peer = await bareFastify(deliveries('bench-bare', MEASURED_DELIVERIES));
    await run('bench-warmup', WARMUP_DELIVERIES);
    const batches = batchSizesOf(db);
    batches.reset();
    const measured = await run('bench', MEASURED_DELIVERIES);
    const { stored, enqueued } = await db.one<{ stored: number; enqueued: number }>(
      `select count(*)::int as stored,
              count(*) filter (where exists (select from jobs where key = 'reply:' || m.wamid)
                                 and exists (select from jobs where key = 'memories:' || m.wamid))::int as enqueued
         from messages m
        where user_id = $1 and wamid like 'wamid.bench-%' and wamid not like 'wamid.bench-warmup-%'`,
      [userId],
    );
    // A delivery counts once its message is stored with both of its jobs.
    const lost = MEASURED_DELIVERIES - enqueued;
    const detail = `${MEASURED_DELIVERIES} deliveries, ${CONCURRENCY} concurrent, HTTP over loopback, PGlite`;
    return [
      {
        name: 'signed webhook → stored + enqueued, throughput',
        value: MEASURED_DELIVERIES / measured.seconds,
        unit: '/s',
        budget: BUDGET_PER_SECOND,
        better: 'higher',
        detail,
        peer: { name: 'a bare Fastify route', value: MEASURED_DELIVERIES / peer.seconds },
      },
      {
        name: 'signed webhook → stored + enqueued, p99',
        value: percentile(measured.latencies, 0.99),
        unit: 'ms',
        budget: BUDGET_P99_MS,
        better: 'lower',
        peer: { name: 'a bare Fastify route', value: percentile(peer.latencies, 0.99) },
        detail: `p50 ${percentile(measured.latencies, 0.5).toFixed(1)} ms; ${describeBatches(batches)}`,
      },
      {
        name: 'signed webhook → stored + enqueued, lost',
        value: lost,
        unit: 'messages',
        budget: 0,
        better: 'lower',
        detail: `${stored} stored, ${enqueued} of them with their reply and memory jobs, ${measured.failed} non-200 answers`,
      },
    ];
  } finally {
    await close();
  }
}
