import type { FastifyBaseLogger } from 'fastify';
import type { LiveEvent } from '../../../contract';
import type { Db } from '../../db/client';
import { reconnectDelayMs } from '../../db/reconnect';

/** The channel the database's triggers notify on (migration 0022). */
export const LIVE_CHANNEL = 'threadline_events';
/** The notification that a session was revoked or deleted (migration 0035); never sent to a browser. */
export const SESSION_ENDED = 'session.ended';
/** The longest setTimeout node keeps (about 24.8 days); a later end is timed in steps. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/** One open stream: how to send it an event, and how to end it (its session ended, or the app closes). */
export interface LiveSubscriber {
  send(event: LiveEvent): void;
  end(): void;
}

/** Whose stream it is: the owner, the session its token belongs to, and when that session ends unless used. */
export interface LiveSession {
  userId: number;
  sessionId: string;
  activeUntilMs: number;
}

interface Stream {
  session: LiveSession;
  subscriber: LiveSubscriber;
  timer: NodeJS.Timeout | undefined;
}

/** What a notification says: events for an owner's streams, or that one of the owner's sessions ended. */
export interface LiveNotification {
  userId: number;
  events: LiveEvent[];
  endedSessionId?: string;
}

/** A notification's short keys → the event's field names. */
const FIELDS: Record<string, string> = {
  c: 'conversationId',
  m: 'messageId',
  s: 'status',
  h: 'handoverId',
  a: 'agentId',
  d: 'documentId',
  k: 'kind',
  v: 'version',
  i: 'templateId',
};

/**
 * `{"u":1,"t":"message.status","c":"1650…@c.us","m":9,"s":"read"}` → owner 1's `{ type, conversationId, … }`;
 * `"l":[["1650…@c.us",9],…]` (new messages of one statement) → one event per [conversation, message];
 * `{"u":1,"t":"session.ended","e":"<session id>"}` → no event, the session that ended.
 */
export function parseNotification(payload: string): LiveNotification | undefined {
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(payload) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  const { u: userId, t: type, l: list, ...rest } = parsed;
  if (typeof userId !== 'number' || typeof type !== 'string') return undefined;
  if (type === SESSION_ENDED) {
    return typeof rest.e === 'string' ? { userId, events: [], endedSessionId: rest.e } : undefined;
  }
  const event: Record<string, unknown> = { type };
  for (const [short, value] of Object.entries(rest)) if (FIELDS[short]) event[FIELDS[short]] = value;
  if (!Array.isArray(list)) return { userId, events: [event as LiveEvent] };
  const events = list.map(([conversationId, messageId]: [string, number]) => ({ type, conversationId, messageId }));
  return { userId, events: events as LiveEvent[] };
}

/**
 * This process's end of live push: one LISTEN for all owners (PostgreSQL delivers every node's and
 * worker's commits to every listening node; PGlite its own process's), fanned out to the streams
 * open here, each owner's events to that owner's streams only. A stream lives as long as its
 * session: it ends when the session is revoked or deleted (told through the same channel, so before
 * anything committed after the logout), and when the session reaches its end unless used, checked
 * before every delivery and timed. When the listening connection breaks, the hub listens again, one
 * attempt at a time and further apart while they fail, and once it hears again, every stream is told
 * to resync: whatever committed meanwhile was not heard.
 */
export class LiveHub {
  private readonly byOwner = new Map<number, Set<Stream>>();
  private readonly bySession = new Map<string, Set<Stream>>();
  private stopListening: (() => Promise<void>) | undefined;
  /** Which attempt to listen is the current one: a report from an earlier one's connection is stale. */
  private attempt = 0;
  /** The one pending attempt to listen again, if any. */
  private relisten: NodeJS.Timeout | undefined;
  /** An attempt to listen again is under way: its outcome schedules the next one. */
  private relistening = false;
  /** Attempts that failed since listening last broke; undefined while listening. */
  private failures: number | undefined;
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Listens; a failure here is the caller's (a node that cannot listen at start does not start). */
  async start(): Promise<void> {
    await this.listen();
  }

  /** Whether this attempt listens now: false if it was given up on (closed, or broken) meanwhile. */
  private async listen(): Promise<boolean> {
    const attempt = ++this.attempt;
    const current = () => attempt === this.attempt && !this.closed;
    const stopListening = await this.db.listen(LIVE_CHANNEL, {
      onPayload: (payload) => {
        if (current()) this.deliver(payload);
      },
      onInterrupted: (error) => {
        if (current()) this.interrupted(error);
      },
    });
    if (!current()) {
      await stopListening().catch(() => undefined);
      return false;
    }
    this.stopListening = stopListening;
    return true;
  }

  /** Hears the session owner's events until the answer is called, or until the session ends. */
  subscribe(session: LiveSession, subscriber: LiveSubscriber): () => void {
    const stream: Stream = { session, subscriber, timer: undefined };
    add(this.byOwner, session.userId, stream);
    add(this.bySession, session.sessionId, stream);
    this.endAtSessionEnd(stream);
    return () => this.remove(stream);
  }

  /** The session was used again: its streams now end at `activeUntilMs` (or now, when undefined: it ended). */
  sessionUsed(sessionId: string, activeUntilMs: number | undefined): void {
    for (const stream of [...(this.bySession.get(sessionId) ?? [])]) {
      clearTimeout(stream.timer);
      stream.session = { ...stream.session, activeUntilMs: activeUntilMs ?? 0 };
      this.endAtSessionEnd(stream);
    }
  }

  /** Ends the streams of a session that ended (logout, a password change, its account deleted). */
  endSession(sessionId: string): void {
    for (const stream of [...(this.bySession.get(sessionId) ?? [])]) this.end(stream);
  }

  /** How many streams `userId` holds open on this process. */
  count(userId: number): number {
    return this.byOwner.get(userId)?.size ?? 0;
  }

  /** Streams open on this process, all owners. */
  get size(): number {
    let total = 0;
    for (const set of this.byOwner.values()) total += set.size;
    return total;
  }

  /** Ends every stream (the app is closing: a browser reconnects to another node or later). */
  endAll(): void {
    for (const set of [...this.byOwner.values()]) for (const stream of [...set]) this.end(stream);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.relisten);
    this.endAll();
    await this.stopListening?.().catch(() => undefined);
  }

  private deliver(payload: string) {
    const notified = parseNotification(payload);
    if (!notified) {
      this.log.warn({ payload }, 'live: a notification that is not an event');
      return;
    }
    if (notified.endedSessionId) {
      this.endSession(notified.endedSessionId);
      return;
    }
    const now = Date.now();
    for (const stream of [...(this.byOwner.get(notified.userId) ?? [])]) {
      if (now >= stream.session.activeUntilMs) {
        this.end(stream);
        continue;
      }
      for (const event of notified.events) stream.subscriber.send(event);
    }
  }

  private endAtSessionEnd(stream: Stream) {
    const remainingMs = stream.session.activeUntilMs - Date.now();
    if (remainingMs <= 0) {
      this.end(stream);
      return;
    }
    stream.timer = setTimeout(() => this.endAtSessionEnd(stream), Math.min(remainingMs, LONGEST_TIMER_MS));
    stream.timer.unref();
  }

  /** Forgets the stream first, so that nothing is written to it once ending has begun. */
  private end(stream: Stream) {
    this.remove(stream);
    stream.subscriber.end();
  }

  private remove(stream: Stream) {
    clearTimeout(stream.timer);
    drop(this.byOwner, stream.session.userId, stream);
    drop(this.bySession, stream.session.sessionId, stream);
  }

  /** The current connection broke: it is closed, and reports from it are stale from now on. */
  private interrupted(error: Error) {
    this.attempt++;
    void this.stopListening?.().catch(() => undefined);
    this.stopListening = undefined;
    if (this.relistening) return;
    if (this.failures === undefined) {
      this.failures = 0;
      this.log.warn({ err: error }, 'live: listening stopped; listening again');
    }
    this.scheduleRelisten();
  }

  private scheduleRelisten() {
    if (this.relisten || this.closed) return;
    const delayMs = reconnectDelayMs(this.failures ?? 0);
    this.relisten = setTimeout(() => {
      this.relisten = undefined;
      void this.relistenNow(delayMs);
    }, delayMs);
  }

  /** One attempt to listen again: it resyncs the streams, or schedules the next one. */
  private async relistenNow(afterMs: number) {
    this.relistening = true;
    const failure = await this.listen().then(
      (listening) => (listening ? undefined : new Error('the connection broke as it opened')),
      (error: unknown) => error as Error,
    );
    this.relistening = false;
    if (failure) this.relistenFailed(failure, afterMs);
    else this.listeningAgain();
  }

  private listeningAgain() {
    this.log.info({ failures: this.failures }, 'live: listening again; streams resync');
    this.failures = undefined;
    for (const set of this.byOwner.values()) for (const stream of set) stream.subscriber.send({ type: 'resync' });
  }

  /** One line per failed attempt at info: attempts are at most RECONNECT_MAX_DELAY_MS apart, a few a minute. */
  private relistenFailed(error: Error, afterMs: number) {
    if (this.closed) return;
    this.attempt++;
    this.failures = (this.failures ?? 0) + 1;
    this.log.info({ err: error, failures: this.failures, afterMs }, 'live: still not listening');
    this.scheduleRelisten();
  }
}

function add<K>(map: Map<K, Set<Stream>>, key: K, stream: Stream) {
  let set = map.get(key);
  if (!set) {
    set = new Set();
    map.set(key, set);
  }
  set.add(stream);
}

function drop<K>(map: Map<K, Set<Stream>>, key: K, stream: Stream) {
  const set = map.get(key);
  if (!set) return;
  set.delete(stream);
  if (set.size === 0) map.delete(key);
}

/** The owner's stream position: their inbox version (0 before the first change). */
export async function inboxVersion(db: Db, userId: number): Promise<number> {
  const row = await db.maybeOne<{ version: number }>('select version from inbox_versions where user_id = $1', [userId]);
  return row?.version ?? 0;
}
