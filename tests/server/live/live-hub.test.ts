import type { Db } from '../../../server/db/client';
import { LiveHub } from '../../../server/services/live/hub';
import { silentLog } from '../support/silent-log';

const SESSION_ID = '0b6f3c1e-7d0a-4f7e-9a51-2c8b9d4e6f10';
const STATUS = '{"u":1,"t":"message.status","c":"1650555@c.us","m":9,"s":"read"}';

/** A hub on a database stand-in whose notifications the test sends itself. */
async function hubWithNotify() {
  let notify: (payload: string) => void = () => undefined;
  const db = {
    listen: (_channel: string, handlers: { onPayload(payload: string): void }) => {
      notify = handlers.onPayload;
      return Promise.resolve(() => Promise.resolve());
    },
  } as unknown as Db;
  const hub = new LiveHub(db, silentLog);
  await hub.start();
  return { hub, notify: (payload: string) => notify(payload) };
}

afterEach(() => jest.useRealTimers());

describe('LiveHub', () => {
  it('checks the session’s end before every delivery, even before its timer has run', async () => {
    jest.useFakeTimers({ now: 1_000_000 });
    const { hub, notify } = await hubWithNotify();
    const subscriber = { send: jest.fn(), end: jest.fn() };
    hub.subscribe({ userId: 1, sessionId: SESSION_ID, activeUntilMs: Date.now() + 1_000 }, subscriber);
    notify(STATUS);
    expect(subscriber.send).toHaveBeenCalledTimes(1);
    // The clock passes the session's end without the timer firing (a busy event loop).
    jest.setSystemTime(Date.now() + 1_000);
    notify(STATUS);
    expect(subscriber.send).toHaveBeenCalledTimes(1);
    expect(subscriber.end).toHaveBeenCalledTimes(1);
    expect(hub.count(1)).toBe(0);
  });

  it('ends a stream at its session’s end even beyond the longest timer node keeps', async () => {
    jest.useFakeTimers({ now: 1_000_000 });
    const { hub } = await hubWithNotify();
    const subscriber = { send: jest.fn(), end: jest.fn() };
    const thirtyDaysMs = 30 * 24 * 60 * 60 * 1000;
    hub.subscribe({ userId: 1, sessionId: SESSION_ID, activeUntilMs: Date.now() + thirtyDaysMs }, subscriber);
    jest.advanceTimersByTime(thirtyDaysMs - 1);
    expect(subscriber.end).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(subscriber.end).toHaveBeenCalledTimes(1);
  });

  it('keeps a stream whose session was used again past its first end, and ends it once the session ended', async () => {
    jest.useFakeTimers({ now: 1_000_000 });
    const { hub } = await hubWithNotify();
    const subscriber = { send: jest.fn(), end: jest.fn() };
    hub.subscribe({ userId: 1, sessionId: SESSION_ID, activeUntilMs: Date.now() + 1_000 }, subscriber);
    jest.advanceTimersByTime(500);
    hub.sessionUsed(SESSION_ID, Date.now() + 1_000);
    jest.advanceTimersByTime(900);
    expect(subscriber.end).not.toHaveBeenCalled();
    hub.sessionUsed(SESSION_ID, undefined);
    expect(subscriber.end).toHaveBeenCalledTimes(1);
    expect(hub.count(1)).toBe(0);
  });

  it('ends only the streams of the session that ended', async () => {
    const { hub, notify } = await hubWithNotify();
    const ended = { send: jest.fn(), end: jest.fn() };
    const kept = { send: jest.fn(), end: jest.fn() };
    const later = Date.now() + 60_000;
    hub.subscribe({ userId: 1, sessionId: SESSION_ID, activeUntilMs: later }, ended);
    hub.subscribe({ userId: 1, sessionId: '9a51b6f3-7d0a-4f7e-0b6f-2c8b9d4e6f10', activeUntilMs: later }, kept);
    notify(`{"u":1,"t":"session.ended","e":"${SESSION_ID}"}`);
    notify(STATUS);
    expect(ended.end).toHaveBeenCalledTimes(1);
    expect(ended.send).not.toHaveBeenCalled();
    expect(kept.send).toHaveBeenCalledTimes(1);
    expect(kept.end).not.toHaveBeenCalled();
    await hub.close();
  });
});
