import crypto from 'node:crypto';
import http from 'node:http';
import { Worker } from 'node:worker_threads';
import { buildApp, type App } from '../server/app';
import { loadConfig } from '../server/config';
import type { Db } from '../server/db/client';
import { openPostgres } from '../server/db/postgres';
import { migrate } from '../server/db/migrate';
import { inboundTextPayload, serialise, signatureOf, webhookUrl } from '../server/sandbox/webhooks';
import { connectedOwner, injectApi, openBenchApp, openBenchPostgres } from './owner';
import { percentile, type BenchResult } from './report';

const OWNERS = 10;
const STREAMS_PER_OWNER = 10;
const MESSAGES = 1_000;
const IDLE_STREAMS = 1_000;
const BUDGET_P95_MS = 100;
const APP_SECRET = 'bench-live-app-secret';

/**
 * The browsers, on a thread of their own: they open `streams` (each `{ url, token, owner }`), post
 * 'open' once every stream has said hello, then each message.received as `{ owner, at }` (epoch ms,
 * comparable across threads), until told to close. Plain JavaScript: the worker needs no loader.
 */
const BROWSERS_SOURCE = `
const http = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');
const requests = [];
let opened = 0;
for (const { url, token, owner } of workerData.streams) {
  const request = http.get(url, { headers: { authorization: 'Bearer ' + token }, agent: false }, (response) => {
    if (response.statusCode !== 200) {
      parentPort.postMessage({ failed: response.statusCode });
      return;
    }
    response.setEncoding('utf8');
    let buffer = '';
    let hello = false;
    response.on('data', (chunk) => {
      buffer += chunk;
      let end;
      while ((end = buffer.indexOf('\\n\\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (block.includes('event: inbox.version') && !hello) {
          hello = true;
          opened += 1;
          if (opened === workerData.streams.length) parentPort.postMessage({ open: true });
        }
        if (block.includes('event: message.received')) {
          parentPort.postMessage({ owner, at: performance.timeOrigin + performance.now() });
        }
      }
    });
    response.on('error', () => {});
  });
  request.on('error', (error) => parentPort.postMessage({ failed: error.message }));
  requests.push(request);
}
parentPort.on('message', () => {
  for (const request of requests) request.destroy();
  parentPort.postMessage({ closed: true });
});
`;

interface Browsers {
  /** Resolves once every stream is open. */
  opened: Promise<void>;
  onArrival(listener: (owner: number, at: number) => void): void;
  close(): Promise<void>;
}

function openBrowsers(streams: { url: string; token: string; owner: number }[]): Browsers {
  const worker = new Worker(BROWSERS_SOURCE, { eval: true, workerData: { streams } });
  const listeners: ((owner: number, at: number) => void)[] = [];
  const opened = new Promise<void>((resolve, reject) => {
    worker.on('message', (message: { open?: true; failed?: unknown; owner?: number; at?: number }) => {
      if (message.open) resolve();
      if (message.failed !== undefined) reject(new Error(`a stream did not open: ${String(message.failed)}`));
      if (message.owner !== undefined) for (const listener of listeners) listener(message.owner, message.at as number);
    });
  });
  return {
    opened,
    onArrival: (listener) => void listeners.push(listener),
    async close() {
      const closed = new Promise((resolve) =>
        worker.on('message', (message: { closed?: true }) => message.closed && resolve(0)),
      );
      worker.postMessage('close');
      await closed;
      await worker.terminate();
    },
  };
}

function post(url: string, body: string, signature: string, agent: http.Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'x-hub-signature-256': signature,
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

interface Node {
  app: App;
  url: string;
}

async function listening(app: App): Promise<Node> {
  return { app, url: await app.listen({ host: '127.0.0.1', port: 0 }) };
}

/**
 * `MESSAGES` signed webhooks to `writer`, one at a time, to `OWNERS` owners in turn, each watched by
 * `STREAMS_PER_OWNER` streams on `reader`: per stream, the time from the webhook's acknowledgement
 * to the event's arrival (an event that beats the acknowledgement counts 0).
 */
async function measureDelivery(writer: Node, reader: Node, label: string, prefix: string): Promise<BenchResult> {
  const api = injectApi(writer.app);
  const owners = [];
  for (let i = 0; i < OWNERS; i += 1) {
    const phone = `+1 555 020 ${String(1000 + i)}`;
    const { token, signup } = await connectedOwner(api, `${prefix}_${i}`, `Live Shop ${i}`, phone);
    owners.push({ token, number: { id: signup.phone_number_id, waba_id: signup.waba_id, phone_number: phone } });
  }
  const browsers = openBrowsers(
    owners.flatMap(({ token }, owner) =>
      Array.from({ length: STREAMS_PER_OWNER }, () => ({ url: `${reader.url}/api/v1/events`, token, owner })),
    ),
  );
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    await browsers.opened;
    const latencies: number[] = [];
    const fromSend: number[] = [];
    let waiting: { owner: number; arrivals: number[]; done: () => void } | undefined;
    browsers.onArrival((owner, at) => {
      if (!waiting || waiting.owner !== owner) return;
      waiting.arrivals.push(at);
      if (waiting.arrivals.length === STREAMS_PER_OWNER) waiting.done();
    });
    const webhook = webhookUrl(writer.app.whatsapp.settings.graphBaseUrl());
    for (let i = 0; i < MESSAGES; i += 1) {
      const owner = i % OWNERS;
      const body = serialise(
        inboundTextPayload(owners[owner].number, {
          wamid: `wamid.${prefix}-${i}`,
          from: String(16505550000 + i),
          name: `Customer ${i}`,
          timestamp: String(Math.floor(Date.now() / 1000)),
          text: `Message ${i}: is it in stock?`,
        }),
      );
      const arrived = new Promise<void>((done) => (waiting = { owner, arrivals: [], done }));
      const sentAt = performance.timeOrigin + performance.now();
      const status = await post(webhook, body, signatureOf(body, APP_SECRET), agent);
      if (status !== 200) throw new Error(`the webhook answered ${status}`);
      const ackedAt = performance.timeOrigin + performance.now();
      await arrived;
      for (const at of waiting?.arrivals ?? []) {
        latencies.push(Math.max(0, at - ackedAt));
        fromSend.push(at - sentAt);
      }
    }
    return {
      name: `live: webhook ack → event on a stream, p95 (${label})`,
      value: percentile(latencies, 0.95),
      unit: 'ms',
      budget: BUDGET_P95_MS,
      better: 'lower',
      detail: `p50 ${percentile(latencies, 0.5).toFixed(1)} ms (most events beat the acknowledgement: from the webhook's send, p50 ${percentile(fromSend, 0.5).toFixed(1)} / p95 ${percentile(fromSend, 0.95).toFixed(1)} ms); ${MESSAGES} messages to ${OWNERS} owners, ${OWNERS * STREAMS_PER_OWNER} open streams`,
    };
  } finally {
    agent.destroy();
    await browsers.close();
  }
}

/** `IDLE_STREAMS` open streams on one node: the server's heap and resident memory per stream. */
async function measureIdle(node: Node): Promise<BenchResult[]> {
  const owners = IDLE_STREAMS / 100;
  const api = injectApi(node.app);
  const tokens: string[] = [];
  for (let i = 0; i < owners; i += 1) {
    tokens.push((await connectedOwner(api, `bench_idle_${i}`, `Idle Shop ${i}`, `+1 555 030 ${1000 + i}`)).token);
  }
  const settle = async () => {
    global.gc?.();
    await new Promise((resolve) => setTimeout(resolve, 500));
    return process.memoryUsage();
  };
  const before = await settle();
  const browsers = openBrowsers(
    Array.from({ length: IDLE_STREAMS }, (_, i) => ({
      url: `${node.url}/api/v1/events`,
      token: tokens[i % owners],
      owner: i % owners,
    })),
  );
  try {
    await browsers.opened;
    const held = node.app.live.size;
    const after = await settle();
    const perStream = (bytes: number) => bytes / IDLE_STREAMS / 1024;
    return [
      {
        name: 'live: idle streams held by one API node (embedded)',
        value: held,
        unit: 'streams',
        budget: IDLE_STREAMS,
        better: 'higher',
        detail: `server heap ${perStream(after.heapUsed - before.heapUsed).toFixed(1)} KB a stream; resident memory (browsers' sockets included) ${perStream(after.rss - before.rss).toFixed(1)} KB a stream, ${(after.rss / 1024 / 1024).toFixed(0)} MB in all`,
      },
    ];
  } finally {
    await browsers.close();
  }
}

/** Two API nodes of the scaled-out shape, in process, on a fresh database of the local PostgreSQL. */
async function twoPostgresNodes(): Promise<{ writer: Node; reader: Node; close: () => Promise<void> }> {
  const database = await openBenchPostgres('live');
  const pools: Db[] = [];
  const nodes: Node[] = [];
  const close = async () => {
    for (const node of nodes) await node.app.close();
    for (const pool of pools) await pool.close();
    await database.close();
  };
  try {
    const base = loadConfig({ NODE_ENV: 'test' });
    const secretKey = crypto.randomBytes(32).toString('base64');
    await migrate(database.db);
    for (let i = 0; i < 2; i += 1) {
      const db = await openPostgres(database.url);
      pools.push(db);
      const config = { ...base, secretKey, whatsapp: { ...base.whatsapp, appSecret: APP_SECRET } };
      nodes.push(await listening(await buildApp(config, { db, logger: false })));
    }
    return { writer: nodes[0], reader: nodes[1], close };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * Issue 15's live push: how soon an event reaches the browsers' open streams after the webhook that
 * caused it was acknowledged, on the embedded shape and across two PostgreSQL API nodes (webhook on
 * one, streams on the other), and what holding many idle streams costs a node.
 */
export async function live(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  const embedded = await openBenchApp('live', (base) => ({
    whatsapp: { ...base.whatsapp, appSecret: APP_SECRET },
    liveStreamsPerOwner: 1_000,
  }));
  try {
    const node = await listening(embedded.app);
    results.push(await measureDelivery(node, node, 'embedded', 'bench_live'));
    results.push(...(await measureIdle(node)));
  } finally {
    await embedded.close();
  }
  const scaled = await twoPostgresNodes();
  try {
    results.push(
      await measureDelivery(scaled.writer, scaled.reader, 'PostgreSQL, across two API nodes', 'bench_live_pg'),
    );
  } finally {
    await scaled.close();
  }
  return results;
}
