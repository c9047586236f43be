import type { LiveEvent } from '../../../contract';
import {
  connectedOwner,
  conversationId,
  customerWrites,
  deliver,
  later,
  newCustomer,
  reply,
  statusArrives,
  type Owner,
} from '../support/inbox-fixtures';
import { useTestApp } from '../support/helpers';
import { parseNotification } from '../../../server/services/live/hub';
import { openStream, type TestStream } from '../support/live-stream';
import { buildListeningSandboxApp } from '../support/whatsapp-helpers';

const ctx = useTestApp((db) => buildListeningSandboxApp(db));
let baseUrl: string;
const streams: TestStream[] = [];
beforeAll(() => {
  const address = ctx.app.server.address() as { port: number };
  baseUrl = `http://127.0.0.1:${address.port}`;
});
afterEach(() => streams.splice(0).forEach((stream) => stream.close()));

async function stream(owner: Owner, headers?: Record<string, string>) {
  const opened = await openStream(baseUrl, owner.token, headers);
  streams.push(opened);
  return opened;
}

const is =
  (type: LiveEvent['type']) =>
  (event: LiveEvent): boolean =>
    event.type === type;

describe('GET /api/v1/events', () => {
  it('answers 401 without a valid access token, and never takes one from the URL', async () => {
    const response = await fetch(`${baseUrl}/api/v1/events`);
    expect(response.status).toBe(401);
    const owner = await connectedOwner(ctx.app);
    const inUrl = await fetch(`${baseUrl}/api/v1/events?access_token=${owner.token}`);
    expect(inUrl.status).toBe(401);
  });

  it('opens with the owner’s position, then tells of a customer’s message with its conversation', async () => {
    const owner = await connectedOwner(ctx.app);
    const live = await stream(owner);
    expect(live.status).toBe(200);
    const opening = await live.next(is('inbox.version'));
    const customer = newCustomer();
    await customerWrites(ctx.app, ctx.db, owner, customer, { text: 'Is the shop open today?' });
    const received = await live.next(is('message.received'));
    expect(received).toEqual({
      type: 'message.received',
      conversationId: conversationId(customer),
      messageId: expect.any(Number),
    });
    const moved = await live.next((event) => event.type === 'inbox.version' && event !== opening);
    expect((moved as { version: number }).version).toBeGreaterThan((opening as { version: number }).version);
    // The position is the SSE id, so that a reconnect resumes from it.
    expect(live.ids).toEqual([
      String((opening as { version: number }).version),
      String((moved as { version: number }).version),
    ]);
  });

  it('tells of the owner’s reply, of its status, and that the owner now answers', async () => {
    const owner = await connectedOwner(ctx.app);
    const customer = newCustomer();
    await customerWrites(ctx.app, ctx.db, owner, customer);
    const live = await stream(owner);
    await live.next(is('inbox.version'));
    const response = await reply(ctx.app, owner.token, customer, { text: 'Yes, we are open until six.' });
    expect(response.statusCode).toBe(201);
    const sent = await live.next(is('message.sent'));
    const { id: messageId } = await ctx.db.one<{ id: number }>(
      "select id from messages where user_id = $1 and direction = 'outbound'",
      [owner.userId],
    );
    expect(sent).toEqual({ type: 'message.sent', conversationId: conversationId(customer), messageId });
    expect(await live.next(is('conversation.changed'))).toEqual({
      type: 'conversation.changed',
      conversationId: conversationId(customer),
    });
    const { wamid } = await ctx.db.one<{ wamid: string }>('select wamid from messages where id = $1', [messageId]);
    await statusArrives(ctx.app, owner, customer, wamid, 'read');
    expect(await live.next((event) => event.type === 'message.status' && event.status === 'read')).toEqual({
      type: 'message.status',
      conversationId: conversationId(customer),
      messageId,
      status: 'read',
    });
  });

  it('tells of a reaction to a message, the owner’s (for their other tabs) and the customer’s by webhook', async () => {
    const owner = await connectedOwner(ctx.app);
    const customer = newCustomer();
    const question = await customerWrites(ctx.app, ctx.db, owner, customer);
    const { id: messageId } = await ctx.db.one<{ id: number }>('select id from messages where wamid = $1', [question]);
    const live = await stream(owner);
    await live.next(is('inbox.version'));
    const reacted = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/messages/conversations/${conversationId(customer)}/messages/${encodeURIComponent(question)}/reaction`,
      headers: { authorization: `Bearer ${owner.token}` },
      payload: { emoji: '👍' },
    });
    expect(reacted.statusCode).toBe(200);
    const expected = { type: 'message.reaction', conversationId: conversationId(customer), messageId };
    const owners = await live.next(is('message.reaction'));
    expect(owners).toEqual(expected);
    await deliver(ctx.app, owner, customer, {
      from: customer,
      id: `wamid.reaction-${later()}`,
      timestamp: String(later()),
      type: 'reaction',
      reaction: { message_id: question, emoji: '❤️' },
    });
    expect(await live.next((event) => event.type === 'message.reaction' && event !== owners)).toEqual(expected);
  });

  it('never tells one owner of another owner’s events', async () => {
    const [watching, writing] = [await connectedOwner(ctx.app), await connectedOwner(ctx.app)];
    const theirs = await stream(writing);
    const mine = await stream(watching);
    await mine.next(is('inbox.version'));
    await customerWrites(ctx.app, ctx.db, writing, newCustomer());
    await theirs.next(is('message.received'));
    await customerWrites(ctx.app, ctx.db, watching, newCustomer());
    await mine.next(is('message.received'));
    // Everything the watching owner heard is about their own conversation.
    const own = await ctx.db.query<{ id: string }>(
      "select wa_id || '@c.us' as id from conversations where user_id = $1",
      [watching.userId],
    );
    const about = mine.events.flatMap((event) => ('conversationId' in event ? [event.conversationId] : []));
    expect(about.length).toBeGreaterThan(0);
    expect(about.every((id) => own.some((row) => row.id === id))).toBe(true);
  });

  it('tells a reconnect from an older position to resync, and one from the current position nothing more', async () => {
    const owner = await connectedOwner(ctx.app);
    const first = await stream(owner);
    const opening = (await first.next(is('inbox.version'))) as { version: number };
    first.close();
    await customerWrites(ctx.app, ctx.db, owner, newCustomer(), { text: 'Written while you were away' });

    const behind = await stream(owner, { 'last-event-id': String(opening.version) });
    const now = (await behind.next(is('inbox.version'))) as { version: number };
    expect(behind.events[0]).toEqual({ type: 'resync' });
    expect(now.version).toBeGreaterThan(opening.version);

    const current = await stream(owner, { 'last-event-id': String(now.version) });
    await current.next(is('inbox.version'));
    expect(current.events.some(is('resync'))).toBe(false);
  });

  it('refuses a stream beyond LIVE_STREAMS_PER_OWNER (10) with a 429 that says why', async () => {
    const owner = await connectedOwner(ctx.app);
    expect(ctx.app.config.liveStreamsPerOwner).toBe(10);
    for (let i = 0; i < ctx.app.config.liveStreamsPerOwner; i += 1) expect((await stream(owner)).status).toBe(200);
    const refused = await stream(owner);
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body ?? '{}')).toMatchObject({ detail: expect.stringMatching(/close another tab/) });
    // Closing one makes room again.
    streams[0].close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await stream(owner)).status).toBe(200);
  });
});

describe('parseNotification', () => {
  it('reads one event per message of a statement, and ignores what is not an event', () => {
    expect(parseNotification('{"u":7,"t":"message.received","l":[["1650555@c.us",9],["1650556@c.us",10]]}')).toEqual({
      userId: 7,
      events: [
        { type: 'message.received', conversationId: '1650555@c.us', messageId: 9 },
        { type: 'message.received', conversationId: '1650556@c.us', messageId: 10 },
      ],
    });
    expect(parseNotification('{"u":7,"t":"document.changed","a":1,"d":2,"s":"ready","x":3}')).toEqual({
      userId: 7,
      events: [{ type: 'document.changed', agentId: 1, documentId: 2, status: 'ready' }],
    });
    expect(parseNotification('{"u":7,"t":"template.changed","i":4,"s":"APPROVED"}')).toEqual({
      userId: 7,
      events: [{ type: 'template.changed', templateId: 4, status: 'APPROVED' }],
    });
    expect(parseNotification('not json')).toBeUndefined();
    expect(parseNotification('{"t":"message.received"}')).toBeUndefined();
  });

  it('reads that a session ended as no event, and one without its session as nothing', () => {
    const sessionId = '0b6f3c1e-7d0a-4f7e-9a51-2c8b9d4e6f10';
    expect(parseNotification(`{"u":7,"t":"session.ended","e":"${sessionId}"}`)).toEqual({
      userId: 7,
      events: [],
      endedSessionId: sessionId,
    });
    expect(parseNotification('{"u":7,"t":"session.ended"}')).toBeUndefined();
  });
});
