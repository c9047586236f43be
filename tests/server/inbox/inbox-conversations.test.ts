import { INBOX_ERRORS, type Conversation } from '../../../contract';
import { bearer, registerUser, useTestApp } from '../support/helpers';
import { matchExcerpt, MATCH_EXCERPT_CHARS, wordStarts } from '../../../server/services/inbox/conversation-search';
import {
  connectedOwner,
  conversationId,
  conversationsOf,
  customerWrites,
  deliver,
  getConversations,
  getMessages,
  later,
  newCustomer,
  reply,
} from '../support/inbox-fixtures';
import { wamid } from '../support/webhook-fixtures';
import { apiGet, buildListeningSandboxApp } from '../support/whatsapp-helpers';

const ctx = useTestApp((db) => buildListeningSandboxApp(db));

describe('GET /api/v1/messages/conversations', () => {
  it('lists the newest activity first, and moves a conversation up on a new message either way', async () => {
    const owner = await connectedOwner(ctx.app);
    const [first, second, third] = [newCustomer(), newCustomer(), newCustomer()];
    await customerWrites(ctx.app, ctx.db, owner, first, { text: 'one' });
    await customerWrites(ctx.app, ctx.db, owner, second, { text: 'two' });
    await customerWrites(ctx.app, ctx.db, owner, third, { text: 'three' });
    expect((await conversationsOf(ctx.app, owner.token)).map((c) => c.id)).toEqual(
      [third, second, first].map(conversationId),
    );

    await customerWrites(ctx.app, ctx.db, owner, first, { text: 'one again' });
    const afterInbound = await conversationsOf(ctx.app, owner.token);
    expect(afterInbound.map((c) => c.id)).toEqual([first, third, second].map(conversationId));
    expect(afterInbound[0]).toMatchObject({ last_message: 'one again', unread_count: 2 });

    expect((await reply(ctx.app, owner.token, second, { text: 'Our answer' })).statusCode).toBe(201);
    const afterOutbound = await conversationsOf(ctx.app, owner.token);
    expect(afterOutbound.map((c) => c.id)).toEqual([second, first, third].map(conversationId));
    expect(afterOutbound[0]).toMatchObject({ last_message: 'Our answer', unread_count: 1 });
  });

  it("shows every field of a conversation: the customer's profile name, else the id", async () => {
    const owner = await connectedOwner(ctx.app);
    const named = newCustomer();
    const unnamed = newCustomer();
    const at = later();
    await customerWrites(ctx.app, ctx.db, owner, named, { text: 'Hi there', name: 'Sheena Nelson', at });
    await deliver(ctx.app, owner, unnamed, {
      from: unnamed,
      id: wamid(),
      timestamp: String(later()),
      type: 'location',
      location: { latitude: 52.52, longitude: 13.405, name: 'Alexanderplatz' },
    });
    // Later issues add fields of their own (who answers, hand-overs); these are the inbox's.
    expect(await conversationsOf(ctx.app, owner.token)).toEqual([
      expect.objectContaining({
        id: conversationId(unnamed),
        name: conversationId(unnamed),
        avatar: null,
        last_message: '[location] Alexanderplatz',
        timestamp: expect.any(String),
        unread_count: 1,
      }),
      expect.objectContaining({
        id: conversationId(named),
        name: 'Sheena Nelson',
        avatar: null,
        last_message: 'Hi there',
        timestamp: new Date(at * 1000).toISOString(),
        unread_count: 1,
      }),
    ]);
  });

  it('answers 304 to an unchanged list, and a new ETag once a message arrives, is read or is sent', async () => {
    const owner = await connectedOwner(ctx.app);
    const customer = newCustomer();
    await customerWrites(ctx.app, ctx.db, owner, customer);
    const first = await getConversations(ctx.app, owner.token);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(first.headers['cache-control']).toBe('no-store');

    const idle = await getConversations(ctx.app, owner.token, { 'if-none-match': etag });
    expect(idle.statusCode).toBe(304);
    expect(idle.body).toBe('');
    expect(idle.headers.etag).toBe(etag);

    await customerWrites(ctx.app, ctx.db, owner, customer, { text: 'Are you there?' });
    const changed = await getConversations(ctx.app, owner.token, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json()[0]).toMatchObject({ last_message: 'Are you there?', unread_count: 2 });

    const beforeRead = changed.headers.etag as string;
    await getMessages(ctx.app, owner.token, customer);
    const read = await getConversations(ctx.app, owner.token, { 'if-none-match': beforeRead });
    expect(read.statusCode).toBe(200);
    expect(read.json()[0]).toMatchObject({ unread_count: 0 });

    const beforeReply = read.headers.etag as string;
    await reply(ctx.app, owner.token, customer, { text: 'Yes!' });
    const replied = await getConversations(ctx.app, owner.token, { 'if-none-match': beforeReply });
    expect(replied.statusCode).toBe(200);
    expect(replied.headers.etag).not.toBe(beforeReply);
  });

  it("gives a new ETag when an 'AI is replying…' mark expires, though nothing was written", async () => {
    const owner = await connectedOwner(ctx.app);
    const customer = newCustomer();
    await customerWrites(ctx.app, ctx.db, owner, customer);
    // The reply job marks the conversation, then dies without clearing its mark.
    await ctx.db.query(`update conversations set ai_replying_since = now() - interval '1 minute' where user_id = $1`, [
      owner.userId,
    ]);
    const replying = await getConversations(ctx.app, owner.token);
    expect(replying.json<Conversation[]>()[0]).toMatchObject({ ai_replying: true });
    const etag = replying.headers.etag as string;

    // Two minutes later: the same version, the mark now old enough to hide.
    const { version } = await ctx.db.one<{ version: number }>('select version from inbox_versions where user_id = $1', [
      owner.userId,
    ]);
    await ctx.db.query(`update conversations set ai_replying_since = now() - interval '3 minutes' where user_id = $1`, [
      owner.userId,
    ]);
    await ctx.db.query('update inbox_versions set version = $2 where user_id = $1', [owner.userId, version]);
    const expired = await getConversations(ctx.app, owner.token, { 'if-none-match': etag });
    expect(expired.statusCode).toBe(200);
    expect(expired.json<Conversation[]>()[0]).toMatchObject({ ai_replying: false });
  });

  it("never names another owner's conversations, nor takes their ETag for its own", async () => {
    const owner = await connectedOwner(ctx.app);
    await customerWrites(ctx.app, ctx.db, owner, newCustomer());
    const stranger = await registerUser(ctx.app);
    const theirs = await getConversations(ctx.app, stranger.token);
    expect(theirs.json()).toEqual([]);

    const ownerEtag = (await getConversations(ctx.app, owner.token)).headers.etag as string;
    const guessed = await getConversations(ctx.app, stranger.token, { 'if-none-match': ownerEtag });
    expect(guessed.statusCode).toBe(200);
    expect(guessed.json()).toEqual([]);
  });

  it('needs a signed-in owner', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/messages/conversations' });
    expect(response.statusCode).toBe(401);
  });
});

/** One page of the list: `GET /messages/conversations` with a query (limit, before, q). */
function getPage(token: string, query: Record<string, string> = {}, headers: Record<string, string> = {}) {
  const search = new URLSearchParams(query).toString();
  return ctx.app.inject({
    method: 'GET',
    url: `/api/v1/messages/conversations${search ? `?${search}` : ''}`,
    headers: { ...bearer(token), ...headers },
  });
}

/**
 * `count` conversations written straight into the table, two days old and older: pairs share a
 * second (the id breaks the tie) and every 40th has no message yet (listed last).
 */
async function seedConversations(userId: number, count: number): Promise<void> {
  await ctx.db.query(
    `insert into conversations (user_id, wa_id, profile_name, last_message_preview, last_message_at, unread_count)
     select $1, '1777' || lpad(n::text, 6, '0'), 'Customer ' || n, 'Message ' || n,
            case when n % 40 = 0 then null
                 else date_trunc('second', now()) - interval '2 days' - (n / 2) * interval '1 minute' end,
            0
       from generate_series(1, $2::int) as n`,
    [userId, count],
  );
}

/** The owner's conversations in the list's order, read from the table. */
async function expectedOrder(userId: number): Promise<string[]> {
  const rows = await ctx.db.query<{ wa_id: string }>(
    'select wa_id from conversations where user_id = $1 order by last_message_at desc nulls last, id desc',
    [userId],
  );
  return rows.map((row) => conversationId(row.wa_id));
}

/** Follows X-Next-Cursor from the first page to the last; the pages' ids. */
async function allPages(token: string, query: Record<string, string> = {}): Promise<string[][]> {
  const pages: string[][] = [];
  let before: string | undefined;
  do {
    const response = await getPage(token, { ...query, ...(before ? { before } : {}) });
    expect(response.statusCode).toBe(200);
    pages.push(response.json<Conversation[]>().map((c) => c.id));
    before = response.headers['x-next-cursor'] as string | undefined;
  } while (before && pages.length < 20);
  return pages;
}

const ids = (response: { json: <T>() => T }) => response.json<Conversation[]>().map((c) => c.id);

describe('GET /api/v1/messages/conversations, a page at a time', () => {
  it('pages 120 conversations by 50 in the list order, without gaps or repeats', async () => {
    const { token, user } = await registerUser(ctx.app);
    await seedConversations(user.id, 120);
    const expected = await expectedOrder(user.id);

    const first = await getPage(token);
    expect(first.statusCode).toBe(200);
    expect(ids(first)).toEqual(expected.slice(0, 50));
    const cursor = first.headers['x-next-cursor'] as string;
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(first.headers.link).toBe(`</api/v1/messages/conversations?before=${cursor}>; rel="next"`);

    const pages = await allPages(token);
    expect(pages.map((page) => page.length)).toEqual([50, 50, 20]);
    expect(pages.flat()).toEqual(expected);
    expect(new Set(pages.flat()).size).toBe(120);

    const last = await getPage(token, {
      before: (await getPage(token, { limit: '100' })).headers['x-next-cursor'] as string,
    });
    expect(ids(last)).toEqual(expected.slice(100));
    expect(last.headers['x-next-cursor']).toBeUndefined();
    expect(last.headers.link).toBeUndefined();

    // Smaller pages walk the same order, across the tied seconds and into the conversations without messages.
    expect((await allPages(token, { limit: '7' })).flat()).toEqual(expected);
    const everything = await getPage(token, { limit: '200' });
    expect(ids(everything)).toEqual(expected);
    expect(everything.headers['x-next-cursor']).toBeUndefined();
    const withLimit = await getPage(token, { limit: '30' });
    expect(withLimit.headers.link).toBe(
      `</api/v1/messages/conversations?limit=30&before=${withLimit.headers['x-next-cursor']}>; rel="next"`,
    );

    for (const limit of ['0', '201', 'many']) {
      const refused = await getPage(token, { limit });
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({ field: 'limit' });
    }
  });

  it('keeps its place when a message arrives between two pages: nothing repeats, the moved one tops the list', async () => {
    const owner = await connectedOwner(ctx.app);
    await seedConversations(owner.userId, 120);
    const expected = await expectedOrder(owner.userId);

    const first = await getPage(owner.token);
    const pageOne = ids(first);
    // Conversation 71 in the list order (on page 2) and the third (on page 1) hear from their customers.
    const movedFromPageTwo = expected[70];
    const movedOnPageOne = expected[2];
    for (const moved of [movedFromPageTwo, movedOnPageOne]) {
      await customerWrites(ctx.app, ctx.db, owner, moved.replace('@c.us', ''), { text: 'Still there?' });
    }

    const pageTwo = await getPage(owner.token, { before: first.headers['x-next-cursor'] as string });
    const pageThree = await getPage(owner.token, { before: pageTwo.headers['x-next-cursor'] as string });
    expect(pageThree.headers['x-next-cursor']).toBeUndefined();
    const rest = [...ids(pageTwo), ...ids(pageThree)];
    expect(rest).toEqual(expected.slice(50).filter((id) => id !== movedFromPageTwo));
    expect(rest.filter((id) => pageOne.includes(id))).toEqual([]);

    const fresh = ids(await getPage(owner.token));
    expect(fresh.slice(0, 2)).toEqual([movedOnPageOne, movedFromPageTwo]);
    expect(fresh).toHaveLength(50);
  });

  it('searches name, number and last message, any case, with % and _ taken literally', async () => {
    const { token, user } = await registerUser(ctx.app);
    const rows: Array<[string, string | null, string]> = [
      ['15550123001', 'Ada Lovelace', 'Do you sell 100% cotton?'],
      ['15550123002', 'Grace_Hopper', 'Is the shop open today?'],
      ['4930111222', null, 'Price list please'],
      ['4930111333', 'Alan Turing', 'snake_case and 50 percent'],
    ];
    for (const [index, [waId, name, text]] of rows.entries()) {
      await ctx.db.query(
        `insert into conversations (user_id, wa_id, profile_name, last_message_preview, last_message_at)
         values ($1, $2, $3, $4, now() - $5 * interval '1 minute')`,
        [user.id, waId, name, text, index],
      );
    }
    const search = async (q: string, query: Record<string, string> = {}) => {
      const response = await getPage(token, { q, ...query });
      expect(response.statusCode).toBe(200);
      return ids(response).map((id) => id.replace('@c.us', ''));
    };
    expect(await search('LOVELACE')).toEqual(['15550123001']);
    expect(await search('100%')).toEqual(['15550123001']);
    expect(await search('%')).toEqual(['15550123001']);
    expect(await search('_')).toEqual(['15550123002', '4930111333']);
    expect(await search('e_h')).toEqual(['15550123002']);
    expect(await search('shop OPEN')).toEqual(['15550123002']);
    expect(await search('4930111')).toEqual(['4930111222', '4930111333']);
    expect(await search('+49 30 111 222')).toEqual(['4930111222']);
    expect(await search('price')).toEqual(['4930111222']);
    expect(await search('\\')).toEqual([]);
    expect(await search('nobody here')).toEqual([]);
    expect(await search('   ')).toEqual(['15550123001', '15550123002', '4930111222', '4930111333']);

    const firstTwo = await getPage(token, { q: '1555012', limit: '1' });
    expect(ids(firstTwo)).toEqual(['15550123001@c.us']);
    expect(firstTwo.headers.link).toBe(
      `</api/v1/messages/conversations?limit=1&q=1555012&before=${firstTwo.headers['x-next-cursor']}>; rel="next"`,
    );
    const second = await getPage(token, {
      q: '1555012',
      limit: '1',
      before: firstTwo.headers['x-next-cursor'] as string,
    });
    expect(ids(second)).toEqual(['15550123002@c.us']);
    expect(second.headers['x-next-cursor']).toBeUndefined();

    const tooLong = await getPage(token, { q: 'x'.repeat(201) });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json()).toMatchObject({ field: 'q' });
  });

  it("refuses a cursor it did not hand out with 422 on 'before'", async () => {
    const { token, user } = await registerUser(ctx.app);
    await seedConversations(user.id, 3);
    const encoded = (text: string) => Buffer.from(text).toString('base64url');
    for (const before of [
      'not a cursor!',
      encoded('nonsense'),
      encoded('2026-02-30T10:00:00.000000Z|5'),
      encoded('2026-01-01T10:00:00Z|5'),
      encoded('2026-01-01T10:00:00.000000Z|0'),
      encoded('2026-01-01T10:00:00.000000Z|99999999999999999999'),
      encoded("'; drop table conversations; --|1"),
    ]) {
      const refused = await getPage(token, { before });
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({ detail: INBOX_ERRORS.badCursor, field: 'before', code: 'invalid_cursor' });
    }
    for (const before of ['', 'a'.repeat(201)]) {
      const refused = await getPage(token, { before });
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({ field: 'before' });
    }
    // A refused cursor is refused even when If-None-Match names the first page.
    const etag = (await getPage(token)).headers.etag as string;
    expect((await getPage(token, { before: encoded('x') }, { 'if-none-match': etag })).statusCode).toBe(422);
  });

  it('searches the whole history: a word of any earlier message finds its conversation, with that message', async () => {
    const owner = await registerUser(ctx.app);
    const stranger = await registerUser(ctx.app);
    const conversation = async (userId: number, waId: string, preview: string, minutesAgo: number) =>
      (
        await ctx.db.one<{ id: number }>(
          `insert into conversations (user_id, wa_id, profile_name, last_message_preview, last_message_at)
           values ($1, $2, $3, $4, now() - $5 * interval '1 minute') returning id`,
          [userId, waId, `Customer ${waId}`, preview, minutesAgo],
        )
      ).id;
    const message = (userId: number, conversationId: number, wamid: string, body: string, hidden = false) =>
      ctx.db.query(
        `insert into messages (user_id, conversation_id, wamid, direction, sender, type, body, raw, status, sent_at, hidden_at)
         values ($1, $2, $3, 'inbound', 'customer', 'text', $4, '{}', 'received', now() - interval '1 day',
                 case when $5 then now() end)`,
        [userId, conversationId, wamid, body, hidden],
      );
    const ada = await conversation(owner.user.id, '15550124001', 'Thanks, see you', 1);
    const alan = await conversation(owner.user.id, '15550124002', 'Bye', 2);
    await message(owner.user.id, ada, 'wamid.ada-1', 'Where is my order ORD-7781? It was due on Tuesday.');
    await message(owner.user.id, ada, 'wamid.ada-2', 'Thanks, see you');
    await message(owner.user.id, alan, 'wamid.alan-1', 'Do you deliver to Lisbon?');
    await message(owner.user.id, alan, 'wamid.alan-2', 'Also, can I pay 12.50 by card on delivery?');
    await message(owner.user.id, alan, 'wamid.alan-3', 'A secret word: zanzibar', true);
    const strangers = await conversation(stranger.user.id, '15550124003', 'Hello', 1);
    await message(stranger.user.id, strangers, 'wamid.other', 'Lisbon order ORD-7781 zanzibar');

    const search = async (q: string) => {
      const response = await getPage(owner.token, { q });
      expect(response.statusCode).toBe(200);
      return response
        .json<Conversation[]>()
        .map(({ id, match }) => [id.replace('@c.us', ''), match?.message_id ?? null]);
    };
    expect(await search('ord-7781')).toEqual([['15550124001', 'wamid.ada-1']]);
    // Each word is the start of a word, in any order, any case.
    expect(await search('tues ORDER')).toEqual([['15550124001', 'wamid.ada-1']]);
    expect(await search('deliver')).toEqual([['15550124002', 'wamid.alan-2']]);
    expect(await search('12.50')).toEqual([['15550124002', 'wamid.alan-2']]);
    expect(await search('lisbon')).toEqual([['15550124002', 'wamid.alan-1']]);
    // A short word before the last is a whole word (a prefix that short matches most of them); the last is typed.
    expect(await search('do deliv')).toEqual([['15550124002', 'wamid.alan-1']]);
    expect(await search('yo deliver')).toEqual([]);
    expect(await search('deliver yo')).toEqual([['15550124002', 'wamid.alan-1']]);
    // A hidden message is not searched, nor another owner's.
    expect(await search('zanzibar')).toEqual([]);
    expect(await search('Lisbon order')).toEqual([]);
    // The name still matches without a message.
    expect(await search('Customer 15550124002')).toEqual([['15550124002', null]]);

    // A word in both: the page fills from the newest conversations (the walk), then pages on.
    const first = await getPage(owner.token, { q: 'YOU', limit: '1' });
    expect(first.json<Conversation[]>().map(({ match }) => match?.message_id)).toEqual(['wamid.ada-2']);
    const second = await getPage(owner.token, { q: 'YOU', limit: '1', before: String(first.headers['x-next-cursor']) });
    expect(second.json<Conversation[]>().map(({ match }) => match?.message_id)).toEqual(['wamid.alan-1']);
    expect(second.headers['x-next-cursor']).toBeUndefined();

    // Pages of a search go on past the conversations with activity into those without any yet.
    await ctx.db.query(
      `insert into conversations (user_id, wa_id, profile_name) values ($1, '15550124009', 'Customer 15550124009')`,
      [owner.user.id],
    );
    const customerPages = [['15550124001@c.us', '15550124002@c.us'], ['15550124009@c.us']];
    expect(await allPages(owner.token, { q: 'customer', limit: '2' })).toEqual(customerPages);
    // Asked again, a search whose walk found too few goes to the indexes at once: the same pages.
    expect(await allPages(owner.token, { q: 'customer', limit: '2' })).toEqual(customerPages);
    expect(await search('lisbon')).toEqual([['15550124002', 'wamid.alan-1']]);

    const [found] = (await getPage(owner.token, { q: 'tuesday' })).json<Conversation[]>();
    expect(found.match).toEqual({
      message_id: 'wamid.ada-1',
      excerpt: 'Where is my order ORD-7781? It was due on Tuesday.',
    });
  });

  it("never shows another owner's conversations, whatever the cursor or the search", async () => {
    const owner = await registerUser(ctx.app);
    await seedConversations(owner.user.id, 60);
    const stranger = await registerUser(ctx.app);
    await ctx.db.query(
      `insert into conversations (user_id, wa_id, profile_name, last_message_preview, last_message_at)
       values ($1, '15557770000', 'Their Customer', 'Message 1', now() - interval '3 days')`,
      [stranger.user.id],
    );
    const ownerCursor = (await getPage(owner.token)).headers['x-next-cursor'] as string;

    expect(ids(await getPage(stranger.token))).toEqual(['15557770000@c.us']);
    expect(ids(await getPage(stranger.token, { before: ownerCursor }))).toEqual(['15557770000@c.us']);
    expect(ids(await getPage(stranger.token, { q: 'Customer' }))).toEqual(['15557770000@c.us']);
    expect(ids(await getPage(stranger.token, { q: '1777' }))).toEqual([]);
    expect((await allPages(owner.token, { q: 'Message 1' })).flat()).not.toContain('15557770000@c.us');
  });

  it('gives each page and search its own ETag, and a new one to every page after a change', async () => {
    const owner = await connectedOwner(ctx.app);
    await seedConversations(owner.userId, 60);
    const first = await getPage(owner.token);
    const second = await getPage(owner.token, { before: first.headers['x-next-cursor'] as string });
    const searched = await getPage(owner.token, { q: 'Customer 1' });
    const small = await getPage(owner.token, { limit: '10' });
    const etags = [first, second, searched, small].map((response) => response.headers.etag as string);
    expect(new Set(etags).size).toBe(4);

    const again = async (query: Record<string, string>, etag: string) =>
      (await getPage(owner.token, query, { 'if-none-match': etag })).statusCode;
    const secondQuery = { before: first.headers['x-next-cursor'] as string };
    expect(await again({}, etags[0])).toBe(304);
    expect(await again(secondQuery, etags[1])).toBe(304);
    expect(await again({ q: 'Customer 1' }, etags[2])).toBe(304);
    expect(await again({ limit: '10' }, etags[3])).toBe(304);
    expect(await again(secondQuery, etags[0])).toBe(200);
    expect(await again({ q: 'Customer 2' }, etags[2])).toBe(200);

    await customerWrites(ctx.app, ctx.db, owner, newCustomer(), { text: 'New here' });
    expect(await again({}, etags[0])).toBe(200);
    expect(await again(secondQuery, etags[1])).toBe(200);

    // A hand-over shows on the list ('Needs you'): it changes the ETag too.
    const current = (await getPage(owner.token)).headers.etag as string;
    await ctx.db.query(
      `insert into escalations (user_id, conversation_id, reason, kind)
       select user_id, id, 'The customer asked for a person.', 'customer_asked' from conversations
        where user_id = $1 order by id limit 1`,
      [owner.userId],
    );
    expect(await again({}, current)).toBe(200);
  });
});

describe('GET /api/v1/messages/unread', () => {
  it('counts the conversations with something unread, and one fewer once one is opened', async () => {
    const owner = await connectedOwner(ctx.app);
    const [first, second] = [newCustomer(), newCustomer()];
    expect((await apiGet(ctx.app, '/messages/unread', owner.token)).json()).toEqual({ unread_conversations: 0 });
    await customerWrites(ctx.app, ctx.db, owner, first);
    await customerWrites(ctx.app, ctx.db, owner, first);
    await customerWrites(ctx.app, ctx.db, owner, second);
    expect((await apiGet(ctx.app, '/messages/unread', owner.token)).json()).toEqual({ unread_conversations: 2 });

    await getMessages(ctx.app, owner.token, first);
    expect((await apiGet(ctx.app, '/messages/unread', owner.token)).json()).toEqual({ unread_conversations: 1 });

    const stranger = await registerUser(ctx.app);
    expect((await apiGet(ctx.app, '/messages/unread', stranger.token)).json()).toEqual({ unread_conversations: 0 });
  });
});

describe('filters and done: GET /api/v1/messages/conversations?filter=, POST …/{id}/done', () => {
  const ids = (list: Conversation[]) => list.map((conversation) => conversation.id);
  const listed = async (token: string, filter: string) => {
    const response = await getConversations(ctx.app, token, {}, `?filter=${filter}`);
    expect(response.statusCode).toBe(200);
    return ids(response.json<Conversation[]>());
  };

  it('lists only those that need the owner, or have something unread, or all', async () => {
    const owner = await connectedOwner(ctx.app);
    const [asked, unread, read] = [newCustomer(), newCustomer(), newCustomer()];
    for (const customer of [asked, unread, read]) await customerWrites(ctx.app, ctx.db, owner, customer);
    await ctx.db.query(
      `insert into escalations (user_id, conversation_id, reason, kind)
       select user_id, id, 'The customer asked for a person.', 'customer_asked' from conversations
        where user_id = $1 and wa_id = $2`,
      [owner.userId, asked],
    );
    expect((await getMessages(ctx.app, owner.token, read)).statusCode).toBe(200);
    expect(await listed(owner.token, 'needs_you')).toEqual([conversationId(asked)]);
    expect((await listed(owner.token, 'unread')).sort()).toEqual(
      [conversationId(asked), conversationId(unread)].sort(),
    );
    expect((await listed(owner.token, 'all')).sort()).toEqual(
      [asked, unread, read].map((customer) => conversationId(customer)).sort(),
    );
    const refused = await getConversations(ctx.app, owner.token, {}, '?filter=everything');
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ field: 'filter' });
  });

  it('shows what the customer last wrote beside the last message, and whether they wrote once', async () => {
    const owner = await connectedOwner(ctx.app);
    const [asked, newcomer] = [newCustomer(), newCustomer()];
    await customerWrites(ctx.app, ctx.db, owner, asked, { text: 'Hello' });
    await customerWrites(ctx.app, ctx.db, owner, asked, { text: 'Can a person call me about my order?' });
    expect(
      (await reply(ctx.app, owner.token, asked, { text: 'A colleague will answer you shortly.' })).statusCode,
    ).toBe(201);
    await customerWrites(ctx.app, ctx.db, owner, newcomer, { text: 'Hi, first time here' });

    const byId = new Map((await conversationsOf(ctx.app, owner.token)).map((c) => [c.id, c]));
    expect(byId.get(conversationId(asked))).toMatchObject({
      last_message: 'A colleague will answer you shortly.',
      customer_message: 'Can a person call me about my order?',
      first_contact: false,
    });
    expect(byId.get(conversationId(newcomer))).toMatchObject({
      last_message: 'Hi, first time here',
      customer_message: 'Hi, first time here',
      first_contact: true,
    });
  });

  it('marks a conversation done, which clears Needs you, until the customer writes again', async () => {
    const owner = await connectedOwner(ctx.app);
    const customer = newCustomer();
    await customerWrites(ctx.app, ctx.db, owner, customer);
    await ctx.db.query(
      `insert into escalations (user_id, conversation_id, reason, kind)
       select user_id, id, 'Nothing in the documents answers this.', 'no_knowledge' from conversations
        where user_id = $1 and wa_id = $2`,
      [owner.userId, customer],
    );
    const done = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/messages/conversations/${encodeURIComponent(conversationId(customer))}/done`,
      headers: bearer(owner.token),
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ id: conversationId(customer), done: true, needs_you: false });
    expect(await listed(owner.token, 'needs_you')).toEqual([]);

    await customerWrites(ctx.app, ctx.db, owner, customer, { text: 'One more thing…' });
    const [reopened] = await conversationsOf(ctx.app, owner.token);
    expect(reopened).toMatchObject({ id: conversationId(customer), done: false, last_message: 'One more thing…' });
  });

  it('marks only the owner’s own conversations done', async () => {
    const [owner, stranger] = [await connectedOwner(ctx.app), await registerUser(ctx.app)];
    const customer = newCustomer();
    await customerWrites(ctx.app, ctx.db, owner, customer);
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/messages/conversations/${encodeURIComponent(conversationId(customer))}/done`,
      headers: bearer(stranger.token),
    });
    expect(response.statusCode).toBe(404);
    const [untouched] = await conversationsOf(ctx.app, owner.token);
    expect(untouched.done).toBe(false);
  });
});

describe('the 24-hour window: window_closes_at on GET /api/v1/messages/conversations and POST …/{id}/done', () => {
  const HOUR_MS = 3_600_000;

  it("closes 24 hours after the customer's latest message, whatever the owner sends meanwhile", async () => {
    const owner = await connectedOwner(ctx.app);
    const customer = newCustomer();
    const first = later();
    await customerWrites(ctx.app, ctx.db, owner, customer, { at: first });
    const [opened] = await conversationsOf(ctx.app, owner.token);
    expect(opened.window_closes_at).toBe(new Date(first * 1000 + 24 * HOUR_MS).toISOString());

    expect((await reply(ctx.app, owner.token, customer, { text: 'Our answer' })).statusCode).toBe(201);
    const second = later();
    await customerWrites(ctx.app, ctx.db, owner, customer, { at: second });
    const [refreshed] = await conversationsOf(ctx.app, owner.token);
    expect(refreshed.window_closes_at).toBe(new Date(second * 1000 + 24 * HOUR_MS).toISOString());

    const done = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/messages/conversations/${encodeURIComponent(conversationId(customer))}/done`,
      headers: bearer(owner.token),
    });
    expect(done.json<Conversation>().window_closes_at).toBe(refreshed.window_closes_at);
  });

  it('shows a window that closed in the past, so that the composer offers templates', async () => {
    const owner = await connectedOwner(ctx.app);
    const customer = newCustomer();
    await customerWrites(ctx.app, ctx.db, owner, customer);
    await ctx.db.query(
      `update conversations set last_inbound_at = now() - interval '25 hours', updated_at = now()
        where user_id = $1 and wa_id = $2`,
      [owner.userId, customer],
    );
    const [closed] = await conversationsOf(ctx.app, owner.token);
    expect(Date.parse(closed.window_closes_at as string)).toBeLessThan(Date.now() - HOUR_MS + 60_000);
    const refused = await reply(ctx.app, owner.token, customer, { text: 'Still there?' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ detail: INBOX_ERRORS.windowClosed });
  });
});

describe('the excerpt of a matching message', () => {
  it('keeps a short message whole, and cuts a long one at a word a third of the way before the match', () => {
    expect(matchExcerpt('It was due on Tuesday.', wordStarts('tuesday'))).toBe('It was due on Tuesday.');
    const long = `${'Lorem ipsum dolor sit amet '.repeat(8)}my order ORD-7781 is late ${'and more words '.repeat(10)}`;
    const excerpt = matchExcerpt(long, wordStarts('ord-7781'));
    expect(excerpt.startsWith('…')).toBe(true);
    expect(excerpt.endsWith('…')).toBe(true);
    expect(excerpt).toContain('my order ORD-7781 is late');
    expect(excerpt.length).toBeLessThanOrEqual(MATCH_EXCERPT_CHARS + 2);
    expect(excerpt.slice(1, 6)).toMatch(/^[A-Za-z]+ /);
    // The earliest of the words, whichever comes first in the query; the start when nothing matches.
    expect(matchExcerpt(long, wordStarts('late MY'))).toBe(matchExcerpt(long, wordStarts('my late')));
    expect(matchExcerpt(long, wordStarts('%%')).startsWith('Lorem ipsum')).toBe(true);
  });
});
