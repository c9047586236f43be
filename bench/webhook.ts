import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TokenResponse } from '../contract';
import { buildApp, type App } from '../server/app';
import { loadConfig } from '../server/config';
import { openPglite } from '../server/db/client';
import { migrate } from '../server/db/migrate';
import type { PendingSignup } from '../server/sandbox/graph/accounts';
import { inboundTextPayload, serialise, signatureOf, webhookUrl } from '../server/sandbox/webhooks';
import type { BenchResult } from './report';

const WARMUP_DELIVERIES = 200;
const MEASURED_DELIVERIES = 3_000;
const CONCURRENCY = 16;
const BUDGET_PER_SECOND = 1_000;
const BUDGET_P99_MS = 50;
const APP_SECRET = 'bench-app-secret';

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)];
}

async function injectJson<T>(app: App, method: 'POST', url: string, payload: object, token?: string): Promise<T> {
  const response = await app.inject({
    method,
    url,
    payload,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (response.statusCode >= 300) throw new Error(`${method} ${url} answered ${response.statusCode}: ${response.body}`);
  return response.json<T>();
}

/** An owner with a connected sandbox number, through the same API calls the SPA makes. */
async function connectedOwner(app: App) {
  const password = 'correct horse battery';
  const { access_token: token } = await injectJson<TokenResponse>(app, 'POST', '/api/v1/auth/register', {
    email: 'bench-webhook@example.com',
    username: 'bench_webhook',
    first_name: 'Bench',
    last_name: 'Owner',
    password,
    confirm_password: password,
  });
  const signup = await injectJson<PendingSignup>(app, 'POST', '/sandbox/signup/session', {
    business_name: 'Bench Bakery',
    phone_number: '+1 555 010 0001',
  });
  const { business_token: businessToken } = await injectJson<{ business_token: string }>(
    app,
    'POST',
    '/api/v1/whatsapp/exchange-token',
    { code: signup.code, waba_id: signup.waba_id, phone_number_id: signup.phone_number_id },
    token,
  );
  await injectJson(
    app,
    'POST',
    '/api/v1/whatsapp/embedded-signup',
    {
      waba_id: signup.waba_id,
      phone_number_id: signup.phone_number_id,
      phone_number: signup.phone_number,
      business_token: businessToken,
    },
    token,
  );
  return signup;
}

/**
 * DESIGN.md §11: signed inbound-message webhooks → stored (and the message event emitted), on the
 * embedded shape (PGlite in process). The real app listens on loopback; `CONCURRENCY` clients POST
 * distinct signed deliveries, built by the sandbox's own webhook builder, over real HTTP. Client and
 * server share this process (and its cores), so the figure is a lower bound for the server alone.
 */
export async function webhookIngest(): Promise<BenchResult[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'threadline-bench-webhook-'));
  const db = await openPglite();
  await migrate(db);
  const base = loadConfig({ NODE_ENV: 'test' });
  const config = {
    ...base,
    dataDir,
    webDir: path.join(dataDir, 'no-web'),
    whatsapp: { ...base.whatsapp, appSecret: APP_SECRET },
  };
  const app = await buildApp(config, { db, logger: false });
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const signup = await connectedOwner(app);
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

    const run = async (prefix: string, count: number) => {
      const bodies = Array.from({ length: count }, (_, i) => delivery(prefix, i));
      const latencies: number[] = [];
      let failed = 0;
      let next = 0;
      const worker = async () => {
        while (next < bodies.length) {
          const { body, signature } = bodies[next++];
          const started = performance.now();
          const response = await fetch(url, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
            body,
          });
          await response.arrayBuffer();
          latencies.push(performance.now() - started);
          if (response.status !== 200) failed += 1;
        }
      };
      const started = performance.now();
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
      return { latencies, failed, seconds: (performance.now() - started) / 1000 };
    };

    await run('bench-warmup', WARMUP_DELIVERIES);
    const measured = await run('bench', MEASURED_DELIVERIES);
    const { stored } = await db.one<{ stored: number }>(
      `select count(*)::int as stored from messages where user_id = $1 and wamid like 'wamid.bench-%'
         and wamid not like 'wamid.bench-warmup-%'`,
      [userId],
    );
    const lost = MEASURED_DELIVERIES - stored;
    const detail = `${MEASURED_DELIVERIES} deliveries, ${CONCURRENCY} concurrent, HTTP over loopback, PGlite`;
    return [
      {
        name: 'signed webhook → stored, throughput',
        value: MEASURED_DELIVERIES / measured.seconds,
        unit: '/s',
        budget: BUDGET_PER_SECOND,
        better: 'higher',
        detail,
      },
      {
        name: 'signed webhook → stored, p99 latency',
        value: percentile(measured.latencies, 0.99),
        unit: 'ms',
        budget: BUDGET_P99_MS,
        better: 'lower',
        detail: `p50 ${percentile(measured.latencies, 0.5).toFixed(1)} ms`,
      },
      {
        name: 'signed webhook → stored, lost',
        value: lost,
        unit: 'messages',
        budget: 0,
        better: 'lower',
        detail: `${stored} stored, ${measured.failed} non-200 answers`,
      },
    ];
  } finally {
    await app.close();
    await db.close();
  }
}
