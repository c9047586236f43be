import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LanguageModelV3CallOptions } from '@ai-sdk/provider';
import { buildApp, type App } from '../../../server/app';
import { JobRunner } from '../../../server/jobs/runner';
import { createSecrets } from '../../../server/secrets';
import { SANDBOX_APP } from '../../../server/services/whatsapp/settings';
import { inboundTextPayload, SandboxWebhooks } from '../../../server/sandbox/webhooks';
import { runReply } from '../../../server/services/replies/pipeline';
import { GraphClient } from '../../../server/services/whatsapp/graph-client';
import { ShuttingDown } from '../../../server/shutdown';
import { buildTestApp, openTestDb, testConfig, useTestApp, type TestDb } from '../support/helpers';
import {
  conversationOf,
  customerReceived,
  customerWrites,
  drain,
  escalationsOf,
  mockModel,
  newCustomer,
  ownerWithAgent,
  repliesApp,
  replyDeps,
  restoreModels,
} from '../support/replies-helpers';
import { silentLog } from '../support/silent-log';

/**
 * Closing the app aborts what is in flight instead of waiting for it: outbound calls to a peer that
 * never answers, the job running them (back in the queue, its attempt not counted), and a request
 * still being answered (whose keep-alive connection would otherwise hold close() for 72 s).
 */

/** A peer that takes every request and never answers; it tells when a request's connection closes. */
class SilentPeer {
  private readonly arrivals: Array<(request: http.IncomingMessage) => void> = [];
  private readonly requests: http.IncomingMessage[] = [];
  private readonly server = http.createServer((request) => {
    this.requests.push(request);
    this.arrivals.shift()?.(request);
  });

  get count(): number {
    return this.requests.length;
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** The next request (or the first one, if it came already). */
  nextRequest(): Promise<http.IncomingMessage> {
    const waiting = this.requests[this.arrivals.length];
    if (waiting) return Promise.resolve(waiting);
    return new Promise((resolve) => this.arrivals.push(resolve));
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** Resolves when the caller gave up on the request: its connection closed with no answer sent. */
function abandoned(request: http.IncomingMessage): Promise<void> {
  return new Promise((resolve) => {
    if (request.socket.destroyed) resolve();
    else request.socket.once('close', () => resolve());
  });
}

const LONG_TIMEOUT_MS = 120_000;

let peer: SilentPeer;
let peerUrl: string;
beforeEach(async () => {
  peer = new SilentPeer();
  peerUrl = await peer.start();
});
afterEach(() => peer.stop());

async function jobRow(db: TestDb['db'], id: number) {
  return db.one<{ status: string; attempts: number; last_error: string | null }>(
    'select status, attempts, last_error from jobs where id = $1',
    [id],
  );
}

describe('outside an app', () => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await openTestDb();
  });
  afterAll(() => testDb.dispose());

  it('GraphClient.close() aborts the call in flight with ShuttingDown, and later calls never go out', async () => {
    const graph = new GraphClient({
      baseUrl: () => peerUrl,
      version: 'v23.0',
      timeoutMs: LONG_TIMEOUT_MS,
      appId: '1',
      appSecret: 'secret',
    });
    const call = graph.getPhoneNumber('token', '1001');
    const request = await peer.nextRequest();
    graph.close();
    await expect(call).rejects.toBeInstanceOf(ShuttingDown);
    await abandoned(request);
    await expect(graph.sendText('token', '1001', { to: '15550100001', body: 'Hi' })).rejects.toBeInstanceOf(
      ShuttingDown,
    );
    expect(peer.count).toBe(1);
  });

  it('JobRunner.stop() aborts the running job and puts it back in the queue, its attempt not counted', async () => {
    const runner = new JobRunner({
      db: testDb.db,
      log: silentLog,
      secrets: createSecrets(Buffer.alloc(32, 7)),
      config: testConfig(),
    });
    runner.register('shutdown-call-peer', {
      run: async (_payload, context) => {
        await fetch(peerUrl, { method: 'POST', signal: context.signal });
      },
    });
    // One attempt only: had the interruption counted as a failure, the job would now be failed for good.
    const id = await runner.enqueue({ name: 'shutdown-call-peer', maxAttempts: 1 });
    runner.start();
    const request = await peer.nextRequest();
    await runner.stop();
    await abandoned(request);
    expect(await jobRow(testDb.db, id!)).toEqual({ status: 'pending', attempts: 0, last_error: null });
    // Stopped for good: runUntilIdle takes nothing more.
    await runner.runUntilIdle();
    expect(await jobRow(testDb.db, id!)).toMatchObject({ status: 'pending', attempts: 0 });
  });

  it('the sandbox abandons a webhook delivery in flight when the shutdown signal aborts, and sends nothing more', async () => {
    const waba = `9${Date.now()}`;
    await testDb.db.query(
      `insert into sandbox_wabas (id, name, owner_business_id, owner_business_name) values ($1, 'Shop', '1', 'Shop')`,
      [waba],
    );
    await testDb.db.query(
      `insert into sandbox_subscriptions (waba_id, app_id, app_name) values ($1, $2, 'Threadline')`,
      [waba, SANDBOX_APP.id],
    );
    const closing = new AbortController();
    const webhooks = new SandboxWebhooks({
      db: testDb.db,
      settings: {
        appId: SANDBOX_APP.id,
        appSecret: 'secret',
        graphBaseUrl: () => `${peerUrl}/sandbox/graph`,
        graphTimeoutMs: LONG_TIMEOUT_MS,
      },
      log: silentLog,
      retryDelaysMs: [0, 0],
      signal: closing.signal,
    });
    const number = { id: '1001', waba_id: waba, phone_number: '15550100001' };
    const payload = inboundTextPayload(number, {
      wamid: 'wamid.shutdown',
      from: '15550100002',
      name: 'Sheena',
      timestamp: '1749416383',
      text: 'Hello',
    });
    const sent = webhooks.send(number, payload);
    const request = await peer.nextRequest();
    closing.abort(new ShuttingDown());
    expect(await sent).toBe('failed');
    await abandoned(request);
    expect(await webhooks.send(number, payload)).toBe('failed');
    await webhooks.close();
    // No retry of the first delivery and no second delivery reached the peer.
    expect(peer.count).toBe(1);
  });
});

describe('closing the app', () => {
  let testDb: TestDb;
  let app: App | undefined;
  beforeAll(async () => {
    testDb = await openTestDb();
  });
  afterEach(() => app?.close());
  afterAll(() => testDb.dispose());

  it("aborts a running job's Graph call and releases the job before the database may close", async () => {
    app = await buildTestApp(testDb.db, {
      whatsapp: {
        ...testConfig().whatsapp,
        appId: '100',
        appSecret: 'meta-secret',
        configId: '200',
        graphApiBaseUrl: peerUrl,
        graphTimeoutMs: LONG_TIMEOUT_MS,
      },
    });
    const graph = app.whatsapp.graph;
    app.jobs.register('shutdown-graph-call', {
      run: async () => {
        await graph.getPhoneNumber('token', '1001');
      },
    });
    const id = await app.jobs.enqueue({ name: 'shutdown-graph-call', maxAttempts: 1 });
    const running = app.jobs.runUntilIdle();
    const request = await peer.nextRequest();
    await app.close();
    await running;
    await abandoned(request);
    expect(await jobRow(testDb.db, id!)).toEqual({ status: 'pending', attempts: 0, last_error: null });
  });

  it('answers a request in flight with Connection: close, so that its keep-alive connection does not hold close()', async () => {
    app = await buildApp(testConfig(), { db: testDb.db, logger: false });
    const closing = app.closing;
    app.get('/test/in-flight', async () => {
      await new Promise((resolve) => closing.addEventListener('abort', resolve, { once: true }));
      return { answered: true };
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    const answer = fetch(`http://127.0.0.1:${port}/test/in-flight`);
    // The request is in flight (its handler waits) once the server has a connection for it.
    await new Promise<void>((resolve) => app?.server.once('request', () => resolve()));
    const closed = app.close();
    const response = await answer;
    expect(await response.json()).toEqual({ answered: true });
    expect(response.headers.get('connection')).toBe('close');
    await closed;
  });
});

describe('a reply interrupted by the shutdown', () => {
  const ctx = useTestApp((db) => repliesApp(db));
  afterEach(() => restoreModels(ctx.app));

  it('neither hands over nor records a failure, and its job answers when run again', async () => {
    const owner = await ownerWithAgent(ctx);
    const customer = newCustomer();
    const wamid = await customerWrites(ctx.app, ctx.db, owner, customer, { text: 'Do you ship to Porto?' });
    const stored = await ctx.db.one<{ id: number; conversation_id: number }>(
      'select id, conversation_id from messages where user_id = $1 and wamid = $2',
      [owner.userId, wamid],
    );

    const closing = new AbortController();
    let called: () => void = () => undefined;
    const modelCalled = new Promise<void>((resolve) => {
      called = resolve;
    });
    // A model that answers only when aborted, as a slow provider would be cut short.
    const slow = mockModel(
      (options: LanguageModelV3CallOptions) =>
        new Promise((_resolve, reject) => {
          called();
          options.abortSignal?.addEventListener('abort', () => reject(options.abortSignal?.reason as Error));
        }),
    );
    const interrupted = runReply(replyDeps(ctx.app, { languageModel: () => slow, signal: closing.signal }), {
      userId: owner.userId,
      conversationId: Number(stored.conversation_id),
      messageId: Number(stored.id),
      wamid,
    });
    await modelCalled;
    closing.abort(new ShuttingDown());
    await expect(interrupted).rejects.toBeInstanceOf(ShuttingDown);
    expect(slow.doGenerateCalls).toHaveLength(1);
    expect(await escalationsOf(ctx, owner)).toEqual([]);
    expect((await conversationOf(ctx, owner, customer)).ai_replying).toBe(false);

    // The queued job is the run after the restart: it answers as if nothing had happened.
    ctx.app.replies.languageModel = () => mockModel('Yes, we ship to Porto.');
    await drain(ctx.app);
    expect((await customerReceived(ctx.db, owner, customer)).map((message) => message.text)).toEqual([
      'Yes, we ship to Porto.',
    ]);
  });
});
