import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { buildApp, type App } from '../../../server/app';
import type { Db } from '../../../server/db/client';
import { openPostgres } from '../../../server/db/postgres';
import { migrate } from '../../../server/db/migrate';
import { GraphileJobs } from '../../../server/jobs/graphile';
import { createSecrets } from '../../../server/secrets';
import {
  freePort,
  runTs,
  serverEnv,
  startServer,
  stop,
  waitForHealth,
  waitForOutput,
  type Child,
} from '../support/child-processes';
import { testConfig } from '../support/helpers';
import { openStream } from '../support/live-stream';
import { startPrivatePostgres, type PrivatePostgres } from '../support/private-postgres';
import { connectedOwner, inbound, storedFor, textMessage } from '../support/webhook-fixtures';
import { sandboxConfig, signatureFor } from '../support/whatsapp-helpers';

/**
 * The scaled-out shape through a PostgreSQL restart (issue 36): a cluster of this file's own is
 * stopped and started under a running API node and worker, which must neither die nor pile up
 * connections, and must serve again within seconds of its return. The shared server is never
 * restarted; this file needs only DATABASE_URL's pass to run.
 */

/** Long enough for several failed attempts of every reconnecting part. */
const OUTAGE_MS = 6_000;
/** The cluster's limit: what a leak of connections would run into. */
const MAX_CONNECTIONS = 40;

let cluster: PrivatePostgres | undefined;
beforeAll(async () => {
  cluster = await startPrivatePostgres({ maxConnections: MAX_CONNECTIONS });
  const db = await openPostgres(cluster.url);
  try {
    await migrate(db);
  } finally {
    await db.close();
  }
}, 60_000);
afterAll(async () => {
  await cluster?.dispose();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it answers true, at most `timeoutMs`. */
async function eventually(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<number> {
  const startedAt = Date.now();
  while (Date.now() - startedAt < timeoutMs) {
    if (await check().catch(() => false)) return Date.now() - startedAt;
    await sleep(200);
  }
  throw new Error(`${what}: not within ${timeoutMs} ms`);
}

/** This process's open TCP sockets: its HTTP server and streams, and every connection to the database. */
const openSockets = () => process.getActiveResourcesInfo().filter((resource) => resource === 'TCPSocketWrap').length;

/** The app's log lines as pino writes them, to count what an outage logs. */
function recordedLog() {
  const lines: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { stream, lines };
}

describe('the scaled-out shape when PostgreSQL restarts', () => {
  it('keeps an API node and a worker that started moments ago alive, and serving', async () => {
    const { url } = cluster!;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'threadline-restart-'));
    const port = await freePort();
    const children: Child[] = [];
    try {
      const server = startServer(path.join(dataDir, 'api'), port, { DATABASE_URL: url });
      children.push(server);
      const worker = runTs('server/process/worker.ts', [], {
        ...serverEnv(path.join(dataDir, 'worker'), 0),
        DATABASE_URL: url,
        LOG_LEVEL: 'info',
      });
      children.push(worker);
      await waitForHealth(server, port);
      await waitForOutput(worker, 'Threadline worker is running');
      // Within the engine pool's idle timeout (10 s) of their start: its connections are still open.
      await cluster!.stop();
      await sleep(1_000);
      await cluster!.start();
      await sleep(1_000);
      expect([server.process.exitCode, worker.process.exitCode]).toEqual([null, null]);
      await eventually(
        async () => (await fetch(`http://127.0.0.1:${port}/api/v1/health`)).ok,
        5_000,
        'the node answers',
      );
    } finally {
      for (const child of children) await stop(child);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('stores a webhook, pushes its event and runs jobs again within seconds, on a bounded number of connections', async () => {
    const { url } = cluster!;
    const log = recordedLog();
    let db: Db | undefined;
    let workerDb: Db | undefined;
    let app: App | undefined;
    let worker: GraphileJobs | undefined;
    try {
      db = await openPostgres(url);
      app = await buildApp(testConfig(sandboxConfig()), { db, logger: { level: 'info', stream: log.stream } });
      await app.ready();
      await app.listen({ host: '127.0.0.1', port: 0 });
      const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

      // The worker: the job engine on connections of its own, as `npm run worker` runs it.
      workerDb = await openPostgres(url);
      worker = new GraphileJobs(
        {
          db: workerDb,
          log: app.log.child({ component: 'worker' }),
          secrets: createSecrets(Buffer.alloc(32, 7)),
          config: testConfig(),
        },
        { connectionString: url, heartbeatMs: 500, deadAfterMs: 2_000 },
      );
      const ran: number[] = [];
      let releaseHeld!: () => void;
      const held = new Promise<void>((resolve) => (releaseHeld = resolve));
      let heldStarted!: () => void;
      const started = new Promise<void>((resolve) => (heldStarted = resolve));
      worker.register<{ n: number }>('probe', {
        run: async ({ n }) => {
          ran.push(n);
          if (n !== 1) return;
          heldStarted();
          await held;
        },
      });
      await worker.start();

      const owner = await connectedOwner(app);
      const live = await openStream(base, owner.token);
      await live.next((event) => event.type === 'inbox.version');
      // A job in hand when PostgreSQL goes: it ends during the outage, and its end cannot be recorded.
      await worker.enqueue({ name: 'probe', payload: { n: 1 } });
      await started;
      const connectionsBefore = await cluster!.connections();
      const socketsBefore = openSockets();

      const linesBefore = log.lines.length;
      await cluster!.stop();
      releaseHeld();
      await sleep(OUTAGE_MS);
      const outageLines = log.lines.slice(linesBefore);
      const socketsInOutage = openSockets();
      await cluster!.start();

      const post = (text: string) => {
        const raw = JSON.stringify(inbound(owner.phoneNumberId, [textMessage({ text: { body: text } })]));
        return fetch(`${base}/api/v1/whatsapp/webhook`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-hub-signature-256': signatureFor(raw) },
          body: raw,
        });
      };
      const storedAfterMs = await eventually(
        async () => (await post('Still there?')).status === 200,
        5_000,
        'a webhook is stored',
      );
      expect((await storedFor(db, owner.userId)).messages).toHaveLength(1);
      // Its event came while the node was not listening: the stream is told to resync once it is.
      await live.next((event) => event.type === 'resync', 25_000);
      expect(await post('Back again')).toHaveProperty('status', 200);
      await live.next((event) => event.type === 'message.received', 5_000);
      expect(live.events.filter((event) => event.type === 'resync')).toHaveLength(1);
      live.close();

      await worker.enqueue({ name: 'probe', payload: { n: 2 } });
      await eventually(async () => ran.includes(2), 25_000, 'a job queued after the restart runs');
      // The job held through the outage: its worker is counted dead and the job runs again.
      await eventually(
        async () =>
          (await db!.one<{ status: string }>("select status from jobs where payload->>'n' = '1'")).status === 'done',
        15_000,
        'the job held through the outage is done',
      );

      const connectionsAfter = await cluster!.connections();
      const noisy = outageLines.filter((line) => line.level >= 40);
      console.log(
        `restart: ${noisy.length} warnings/errors of ${outageLines.length} lines in a ${OUTAGE_MS} ms outage; ` +
          `webhook stored ${storedAfterMs} ms after the start; connections ${connectionsBefore} before, ${connectionsAfter} after; ` +
          `sockets ${socketsBefore} before, ${socketsInOutage} at the outage's end`,
      );
      expect(socketsInOutage).toBeLessThanOrEqual(socketsBefore);
      expect(connectionsAfter).toBeLessThanOrEqual(connectionsBefore + 5);
      expect(connectionsAfter).toBeLessThan(MAX_CONNECTIONS / 2);
      expect(noisy.length).toBeLessThan(30);
    } finally {
      await worker?.stop();
      await app?.close();
      await workerDb?.close();
      await db?.close();
    }
  }, 90_000);
});
