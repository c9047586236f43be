import { INBOX_ERRORS, type Message } from '../../../contract';
import { isTimestamp, registerUser, useTestApp } from '../support/helpers';
import {
  connectedOwner,
  conversationsOf,
  customerWrites,
  deliver,
  eventually,
  getMessages,
  hide,
  later,
  messagesOf,
  newCustomer,
  reply,
  sentToCustomer,
  statusArrives,
} from '../support/inbox-fixtures';
import { wamid } from '../support/webhook-fixtures';
import { buildListeningSandboxApp } from '../support/whatsapp-helpers';

const ctx = useTestApp((db) => buildListeningSandboxApp(db));

/** Whether the simulator (WhatsApp) has been told the owner read this customer message. */
async function readAt(wamidRead: string) {
  const row = await ctx.db.maybeOne<{ read_at: Date | null }>('select read_at from sandbox_messages where wamid = $1', [
    wamidRead,
  ]);
  return row?.read_at ?? undefined;
}

describe('GET /api/v1/messages/conversations/{id}', () => {
  it('answers every field of a message, oldest first, with reactions attached and quotes named', async () => {
    const owner = await connectedOwner(ctx.app);
    const customer = newCustomer();
    const at = later();
    const hello = await customerWrites(ctx.app, ctx.db, owner, customer, { text: 'Hello', at });
    const quoting = await customerWrites(ctx.app, ctx.db, owner, customer, { text: 'Me again', replyTo: hello });
    await deliver(ctx.app, owner, customer, {
      from: customer,
      id: wamid(),
      timestamp: String(later()),
      type: 'reaction',
      reaction: { message_id: hello, emoji: '👍' },
    });

    const messages = await messagesOf(ctx.app, owner.token, customer);
    expect(messages).toEqual([
      {
        id: hello,
        body: 'Hello',
        timestamp: new Date(at * 1000).toISOString(),
        is_from_us: false,
        in_reply_to_message_id: null,
        status: 'received',
        status_reason: null,
        sender: 'customer',
        reactions: [{ emoji: '👍', from_us: false }],
      },
      expect.objectContaining({ id: quoting, body: 'Me again', in_reply_to_message_id: hello, reactions: [] }),
    ]);
  });

  it('pages backwards with before and limit across 3 pages, without gaps or repeats', async () => {
    const owner = await connectedOwner(ctx.app);
    const customer = newCustomer();
    // Three of them share a second: they must still come in the order they arrived.
    const [one, two, three] = [later(), later(), later()];
    const times = [one, two, three, three, three, later(), later()];
    const sent: string[] = [];
    for (const [index, at] of times.entries()) {
      sent.push(await customerWrites(ctx.app, ctx.db, owner, customer, { text: `message ${index}`, at }));
    }

    const latest = await messagesOf(ctx.app, owner.token, customer, { limit: '3' });
    const middle = await messagesOf(ctx.app, owner.token, customer, { limit: '3', before: latest[0].id });
    const oldest = await messagesOf(ctx.app, owner.token, customer, { limit: '3', before: middle[0].id });
    const pages = [oldest, middle, latest];
    expect(pages.map((page) => page.length)).toEqual([1, 3, 3]);
    const ids = pages.flat().map((message: Message) => message.id);
    expect(new Set(ids).size).toBe(7);
    expect(ids).toEqual(sent);

    const beyond = await messagesOf(ctx.app, owner.token, customer, { limit: '3', before: oldest[0].id });
    expect(beyond).toEqual([]);
    expect(await messagesOf(ctx.app, owner.token, customer)).toHaveLength(7);
  });

  it('refuses an unknown cursor, a malformed id and an unusable limit', async () => {
    const owner = await connectedOwner(ctx.app);
    const customer = newCustomer();
    await customerWrites(ctx.app, ctx.db, owner, customer);

    const unknown = await getMessages(ctx.app, owner.token, customer, { before: wamid() });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ detail: INBOX_ERRORS.messageNotFound, code: 'message_not_found' });

    for (const id of ['not-a-conversation', `${customer}@g.us`, customer, '%20@c.us']) {
      const malformed = await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/messages/conversations/${encodeURIComponent(id)}`,
        headers: { authorization: `Bearer ${owner.token}` },
      });
      expect(malformed.statusCode).toBe(404);
      expect(malformed.json()).toMatchObject({ detail: INBOX_ERRORS.conversationNotFound });
    }

    for (const limit of ['0', '201', 'many']) {
      const refused = await getMessages(ctx.app, owner.token, customer, { limit });
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({ field: 'limit' });
    }
  });

  it('marks the conversation read on opening, and sends WhatsApp a read receipt for the latest message', async () => {
    const owner = await connectedOwner(ctx.app);
    const customer = newCustomer();
    const first = await customerWrites(ctx.app, ctx.db, owner, customer, { text: 'first' });
    const latest = await customerWrites(ctx.app, ctx.db, owner, customer, { text: 'latest' });
    expect((await conversationsOf(ctx.app, owner.token))[0].unread_count).toBe(2);

    // Paging back is reading history, not opening: nothing is marked.
    await messagesOf(ctx.app, owner.token, customer, { before: latest });
    expect((await conversationsOf(ctx.app, owner.token))[0].unread_count).toBe(2);

    await messagesOf(ctx.app, owner.token, customer);
    expect((await conversationsOf(ctx.app, owner.token))[0].unread_count).toBe(0);
    await eventually(() => readAt(latest));
    // Marking the latest read marks the customer's earlier ones too (WhatsApp's own rule).
    expect(isTimestamp(await readAt(first))).toBe(true);
  });

  it('sends no receipt when nothing was unread, and never fails the read when the receipt fails', async () => {
    const owner = await connectedOwner(ctx.app);
    const customer = newCustomer();
    const known = await customerWrites(ctx.app, ctx.db, owner, customer);
    await messagesOf(ctx.app, owner.token, customer);
    await eventually(() => readAt(known));
    await ctx.db.query('update sandbox_messages set read_at = null where wamid = $1', [known]);
    await messagesOf(ctx.app, owner.token, customer);
    expect(await readAt(known)).toBeUndefined();

    // A message WhatsApp never saw: its receipt is refused by Graph, the read still succeeds.
    const unknownToWhatsApp = wamid();
    await deliver(ctx.app, owner, customer, {
      from: customer,
      id: unknownToWhatsApp,
      timestamp: String(later()),
      type: 'text',
      text: { body: 'lost' },
    });
    const opened = await getMessages(ctx.app, owner.token, customer);
    expect(opened.statusCode).toBe(200);
    expect(opened.json<Message[]>().map((message) => message.body)).toContain('lost');
    expect((await conversationsOf(ctx.app, owner.token))[0].unread_count).toBe(0);
  });

  it('answers 304 to an unchanged page, and a new ETag after a new message or another page', async () => {
    const owner = await connectedOwner(ctx.app);
    const customer = newCustomer();
    await customerWrites(ctx.app, ctx.db, owner, customer);
    const opened = await getMessages(ctx.app, owner.token, customer);
    const etag = opened.headers.etag as string;
    expect(etag).toMatch(/^"[^"]+"$/);

    const idle = await getMessages(ctx.app, owner.token, customer, {}, { 'if-none-match': etag });
    expect(idle.statusCode).toBe(304);
    expect(idle.body).toBe('');

    const otherPage = await getMessages(ctx.app, owner.token, customer, { limit: '1' }, { 'if-none-match': etag });
    expect(otherPage.statusCode).toBe(200);

    await customerWrites(ctx.app, ctx.db, owner, customer, { text: 'news' });
    const changed = await getMessages(ctx.app, owner.token, customer, {}, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json<Message[]>().map((message) => message.body)).toEqual(['Hello', 'news']);
    // The poll that brought the news also marked it read.
    expect((await conversationsOf(ctx.app, owner.token))[0].unread_count).toBe(0);
  });

  it('gives a new ETag when a status moves, also one written by a transaction that began earlier', async () => {
    const owner = await connectedOwner(ctx.app);
    const customer = newCustomer();
    await customerWrites(ctx.app, ctx.db, owner, customer);
    const ours = (await reply(ctx.app, owner.token, customer, { text: 'On its way' })).json<Message>();
    const before = (await getMessages(ctx.app, owner.token, customer)).headers.etag as string;

    await statusArrives(ctx.app, owner, customer, ours.id, 'read');
    const read = await getMessages(ctx.app, owner.token, customer, {}, { 'if-none-match': before });
    expect(read.statusCode).toBe(200);
    expect(read.json<Message[]>().find((message) => message.id === ours.id)?.status).toBe('read');

    // A change stamped older than the newest one (its transaction's now() came first, its commit
    // last) leaves count and newest change as they were, and must still show.
    await customerWrites(ctx.app, ctx.db, owner, customer, { text: 'Thanks!' });
    const current = (await getMessages(ctx.app, owner.token, customer)).headers.etag as string;
    await ctx.db.query(
      `update messages set reactions = '{"x": {"emoji": "🎉", "timestamp": 1}}'::jsonb,
              updated_at = updated_at + interval '1 microsecond'
        where wamid = $1`,
      [ours.id],
    );
    const late = await getMessages(ctx.app, owner.token, customer, {}, { 'if-none-match': current });
    expect(late.statusCode).toBe(200);
    expect(late.json<Message[]>().find((message) => message.id === ours.id)?.reactions).toEqual([
      { emoji: '🎉', from_us: false },
    ]);
  });

  it("answers 404 for another owner's conversation and cursor, and marks nothing of theirs read", async () => {
    const owner = await connectedOwner(ctx.app);
    const customer = newCustomer();
    const theirs = await customerWrites(ctx.app, ctx.db, owner, customer);
    const stranger = await connectedOwner(ctx.app);

    const foreign = await getMessages(ctx.app, stranger.token, customer);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ detail: INBOX_ERRORS.conversationNotFound });

    const ownCustomer = newCustomer();
    await customerWrites(ctx.app, ctx.db, stranger, ownCustomer);
    const foreignCursor = await getMessages(ctx.app, stranger.token, ownCustomer, { before: theirs });
    expect(foreignCursor.statusCode).toBe(404);
    expect(foreignCursor.json()).toMatchObject({ detail: INBOX_ERRORS.messageNotFound });

    expect((await conversationsOf(ctx.app, owner.token))[0].unread_count).toBe(1);
    expect(await readAt(theirs)).toBeUndefined();
  });
});

describe('DELETE /api/v1/messages/conversations/{id}/messages/{messageId}', () => {
  it("hides one of the owner's messages from their view and the list's preview, and is idempotent", async () => {
    const owner = await connectedOwner(ctx.app);
    const customer = newCustomer();
    await customerWrites(ctx.app, ctx.db, owner, customer, { text: 'Can I order?' });
    const kept = (await reply(ctx.app, owner.token, customer, { text: 'Of course' })).json<Message>();
    const hidden = (await reply(ctx.app, owner.token, customer, { text: 'Oops, wrong chat' })).json<Message>();
    expect((await conversationsOf(ctx.app, owner.token))[0].last_message).toBe('Oops, wrong chat');
    const before = await getMessages(ctx.app, owner.token, customer);

    const response = await hide(ctx.app, owner.token, customer, hidden.id);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');

    const after = await getMessages(
      ctx.app,
      owner.token,
      customer,
      {},
      { 'if-none-match': before.headers.etag as string },
    );
    expect(after.statusCode).toBe(200);
    expect(after.json<Message[]>().map((message) => message.id)).not.toContain(hidden.id);
    expect(after.json<Message[]>().map((message) => message.id)).toContain(kept.id);
    expect((await conversationsOf(ctx.app, owner.token))[0].last_message).toBe('Of course');
    // WhatsApp has no unsend: the customer keeps it.
    expect((await sentToCustomer(ctx.db, owner, customer)).map((sent) => sent.wamid)).toContain(hidden.id);

    expect((await hide(ctx.app, owner.token, customer, hidden.id)).statusCode).toBe(204);
  });

  it("refuses a customer's message, an unknown one and another owner's", async () => {
    const owner = await connectedOwner(ctx.app);
    const customer = newCustomer();
    const fromCustomer = await customerWrites(ctx.app, ctx.db, owner, customer);
    const ours = (await reply(ctx.app, owner.token, customer, { text: 'Hi' })).json<Message>();

    const customers = await hide(ctx.app, owner.token, customer, fromCustomer);
    expect(customers.statusCode).toBe(409);
    expect(customers.json()).toMatchObject({ detail: INBOX_ERRORS.customerMessageNotHidden });

    const unknown = await hide(ctx.app, owner.token, customer, wamid());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ detail: INBOX_ERRORS.messageNotFound });

    const stranger = await connectedOwner(ctx.app);
    expect((await hide(ctx.app, stranger.token, customer, ours.id)).statusCode).toBe(404);
    const ownCustomer = newCustomer();
    await customerWrites(ctx.app, ctx.db, stranger, ownCustomer);
    const crossed = await hide(ctx.app, stranger.token, ownCustomer, ours.id);
    expect(crossed.statusCode).toBe(404);
    expect(crossed.json()).toMatchObject({ detail: INBOX_ERRORS.messageNotFound });

    const visible = await messagesOf(ctx.app, owner.token, customer);
    expect(visible.map((message) => message.id)).toEqual([fromCustomer, ours.id]);
  });

  it('needs a signed-in owner', async () => {
    const { token } = await registerUser(ctx.app);
    const customer = newCustomer();
    expect((await hide(ctx.app, token, customer, wamid())).statusCode).toBe(404);
    const anonymous = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/messages/conversations/${customer}%40c.us/messages/x`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
