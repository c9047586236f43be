import type { FastifyBaseLogger } from 'fastify';
import type { LiveEvent } from '../../../contract';
import type { Db, ListenHandlers } from '../../../server/db/client';
import { RECONNECT_FIRST_DELAY_MS, RECONNECT_MAX_DELAY_MS, reconnectDelayMs } from '../../../server/db/reconnect';
import { LiveHub } from '../../../server/services/live/hub';

/**
 * A database whose listening connections the test breaks: each attempt to listen is recorded, and
 * fails (reporting the interruption as well, as pg's 'error' then 'end' both do) while `down`.
 */
function fakeDb() {
  const attempts: { handlers: ListenHandlers; closed: boolean }[] = [];
  const state = { down: false };
  const listen = async (_channel: string, handlers: ListenHandlers) => {
    const attempt = { handlers, closed: false };
    attempts.push(attempt);
    const close = async () => void (attempt.closed = true);
    if (state.down) {
      // Db.listen's contract: an attempt that fails leaves nothing open.
      attempt.closed = true;
      handlers.onInterrupted?.(new Error('connect ECONNREFUSED'));
      handlers.onInterrupted?.(new Error('Connection terminated'));
      throw new Error('connect ECONNREFUSED');
    }
    return close;
  };
  return { db: { listen } as unknown as Db, attempts, state };
}

function recordingLog() {
  const lines: { level: string; message: string }[] = [];
  const at = (level: string) => (_fields: unknown, message: string) => void lines.push({ level, message });
  const log = { warn: at('warn'), info: at('info'), debug: at('debug'), error: at('error') };
  return { log: log as unknown as FastifyBaseLogger, lines };
}

/** Lets the timers' callbacks and the promises they start run to their end. */
async function settle() {
  for (let i = 0; i < 10; i++) await Promise.resolve();
}

beforeEach(() => {
  jest.useFakeTimers();
  // The upper end of the jitter: each wait is the ceiling itself.
  jest.spyOn(Math, 'random').mockReturnValue(0.999_999);
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('reconnectDelayMs', () => {
  it('doubles from the first delay up to the cap, jittered within its upper half', () => {
    expect(reconnectDelayMs(0, 1)).toBe(RECONNECT_FIRST_DELAY_MS);
    expect(reconnectDelayMs(1, 1)).toBe(2 * RECONNECT_FIRST_DELAY_MS);
    expect(reconnectDelayMs(30, 1)).toBe(RECONNECT_MAX_DELAY_MS);
    expect(reconnectDelayMs(30, 0)).toBe(RECONNECT_MAX_DELAY_MS / 2);
  });
});

/** A session that lasts beyond every wait below. */
const SESSION = {
  userId: 1,
  sessionId: '00000000-0000-4000-8000-000000000001',
  activeUntilMs: Date.now() + 86_400_000,
};

describe('LiveHub when the listening connection breaks', () => {
  it('keeps one attempt pending, waits longer after each failure, closes every failed one, then resyncs once', async () => {
    const { db, attempts, state } = fakeDb();
    const { log, lines } = recordingLog();
    const hub = new LiveHub(db, log);
    await hub.start();
    const received: LiveEvent[] = [];
    hub.subscribe(SESSION, { send: (event) => received.push(event), end: () => undefined });

    state.down = true;
    attempts[0].handlers.onInterrupted?.(new Error('terminating connection due to administrator command'));
    attempts[0].handlers.onInterrupted?.(new Error('Connection terminated'));
    expect(attempts[0].closed).toBe(true);
    // One attempt pending, and the stream's end at its session's end.
    expect(jest.getTimerCount()).toBe(2);

    // Nine failed attempts: each waits twice the one before, up to the cap.
    const waits: number[] = [];
    let last = Date.now();
    for (let failure = 0; failure < 9; failure++) {
      const before = attempts.length;
      jest.advanceTimersToNextTimer();
      await settle();
      expect(attempts).toHaveLength(before + 1);
      waits.push(Date.now() - last);
      last = Date.now();
      expect(jest.getTimerCount()).toBe(2);
    }
    expect(waits).toEqual(
      [1, 2, 4, 8, 16, 32, 64, 128, 256].map((n) => Math.min(n * RECONNECT_FIRST_DELAY_MS, RECONNECT_MAX_DELAY_MS)),
    );
    expect(received).toEqual([]);

    state.down = false;
    jest.advanceTimersToNextTimer();
    await settle();
    expect(jest.getTimerCount()).toBe(1);
    expect(attempts.filter((attempt) => !attempt.closed)).toEqual([attempts[attempts.length - 1]]);
    expect(received).toEqual([{ type: 'resync' }]);
    // One warning for the outage; the retries at info, one line each.
    expect(lines.filter((line) => line.level === 'warn')).toHaveLength(1);
    expect(lines.filter((line) => line.level === 'info')).toHaveLength(10);

    // Hearing again, and the next break starts from the first delay.
    attempts[attempts.length - 1].handlers.onPayload('{"u":1,"t":"conversation.changed","c":"x@c.us"}');
    expect(received[1]).toEqual({ type: 'conversation.changed', conversationId: 'x@c.us' });
    attempts[attempts.length - 1].handlers.onInterrupted?.(new Error('Connection terminated'));
    const broken = Date.now();
    jest.advanceTimersToNextTimer();
    expect(Date.now() - broken).toBe(RECONNECT_FIRST_DELAY_MS);
    await hub.close();
  });

  it('ignores what a connection it has given up on reports later', async () => {
    const { db, attempts } = fakeDb();
    const { log } = recordingLog();
    const hub = new LiveHub(db, log);
    await hub.start();
    const received: LiveEvent[] = [];
    hub.subscribe(SESSION, { send: (event) => received.push(event), end: () => undefined });
    attempts[0].handlers.onInterrupted?.(new Error('Connection terminated'));
    jest.advanceTimersToNextTimer();
    await settle();
    expect(attempts).toHaveLength(2);

    attempts[0].handlers.onPayload('{"u":1,"t":"conversation.changed","c":"old@c.us"}');
    attempts[0].handlers.onInterrupted?.(new Error('Connection terminated'));
    // Only the stream's end at its session's end: no attempt pending.
    expect(jest.getTimerCount()).toBe(1);
    expect(received).toEqual([{ type: 'resync' }]);
    await hub.close();
  });

  it('stops trying once closed', async () => {
    const { db, attempts, state } = fakeDb();
    const { log } = recordingLog();
    const hub = new LiveHub(db, log);
    await hub.start();
    state.down = true;
    attempts[0].handlers.onInterrupted?.(new Error('Connection terminated'));
    await hub.close();
    expect(jest.getTimerCount()).toBe(0);
  });
});
