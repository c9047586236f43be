import net from 'node:net';
import { LIVE_HEARTBEAT_MS } from '../../../contract';
import type { App } from '../../../server/app';
import { DEFAULT_HTTP_TIMEOUTS, type HttpTimeouts } from '../../../server/config';
import { buildTestApp, registerUser, useTestApp } from '../support/helpers';
import { openStream } from '../support/live-stream';

const TIMEOUTS: HttpTimeouts = { headersMs: 500, requestMs: 1_000, idleMs: 3_000 };
/** Node checks the headers and request timeouts every quarter of the headers timeout here. */
const CHECK_SLACK_MS = 500;
/**
 * How late a close may come on a loaded machine and still be these limits' doing: without them
 * nothing closes such a connection for a minute (node's headers timeout) or ever.
 */
const LATE_MS = 8_000;

const ctx = useTestApp(async (db) => {
  const app = await buildTestApp(db, { httpTimeouts: TIMEOUTS });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return app;
});

const portOf = (app: App) => (app.server.address() as { port: number }).port;

/** Connects, sends `bytes`, and resolves with how long the server took to close the connection and what it said. */
function closedAfter(bytes: string): Promise<{ afterMs: number; answer: string }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    let answer = '';
    const socket = net.connect(portOf(ctx.app), '127.0.0.1', () => {
      if (bytes !== '') socket.write(bytes);
    });
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve({ afterMs: Date.now() - started, answer }));
    setTimeout(() => {
      socket.destroy();
      reject(new Error('the server kept the connection'));
    }, 10_000);
  });
}

describe('HTTP timeouts', () => {
  it('closes a connection whose headers never end, with 408, after the headers timeout', async () => {
    const { afterMs, answer } = await closedAfter('GET /api/v1/health HTTP/1.1\r\nHost: localhost\r\nX-Slow: ');
    expect(afterMs).toBeGreaterThanOrEqual(TIMEOUTS.headersMs - 50);
    expect(afterMs).toBeLessThan(TIMEOUTS.headersMs + LATE_MS);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('closes a connection whose body never arrives after the request timeout', async () => {
    const { afterMs } = await closedAfter(
      'POST /api/v1/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"user',
    );
    expect(afterMs).toBeGreaterThanOrEqual(TIMEOUTS.requestMs - 50);
    expect(afterMs).toBeLessThan(TIMEOUTS.requestMs + LATE_MS);
  });

  it('closes a connection that says nothing after the headers timeout', async () => {
    const { afterMs } = await closedAfter('');
    expect(afterMs).toBeGreaterThanOrEqual(TIMEOUTS.headersMs - 50);
    expect(afterMs).toBeLessThan(TIMEOUTS.headersMs + LATE_MS);
  });

  it('keeps a live stream open past the request timeout', async () => {
    const { token } = await registerUser(ctx.app);
    const live = await openStream(`http://127.0.0.1:${portOf(ctx.app)}`, token);
    expect(live.status).toBe(200);
    let ended = false;
    void live.ended.then(() => (ended = true));
    await new Promise((resolve) => setTimeout(resolve, TIMEOUTS.requestMs + CHECK_SLACK_MS + 500));
    expect(ended).toBe(false);
    live.close();
  });

  it('closes a connection with nothing read or written after the idle timeout, even a live stream', async () => {
    // Here the idle timeout is shorter than the stream's heartbeat; by default it is far longer (below).
    const { token } = await registerUser(ctx.app);
    const live = await openStream(`http://127.0.0.1:${portOf(ctx.app)}`, token);
    const started = Date.now();
    await live.ended;
    expect(Date.now() - started).toBeGreaterThanOrEqual(TIMEOUTS.idleMs - 100);
    expect(Date.now() - started).toBeLessThan(TIMEOUTS.idleMs + LATE_MS);
  });

  it('by default lets a live stream’s heartbeat keep its connection from idling out', () => {
    expect(DEFAULT_HTTP_TIMEOUTS.idleMs).toBeGreaterThanOrEqual(4 * LIVE_HEARTBEAT_MS);
  });
});
