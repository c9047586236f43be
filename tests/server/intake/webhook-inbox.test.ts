import type { App } from '../../../server/app';
import type { AppEventMap } from '../../../server/events';
import { openTestDb, type TestDb } from '../support/helpers';
import { MetaOpenApi } from '../support/meta-openapi';
import {
  asMetaSendsIt,
  connectedOwner,
  CUSTOMER,
  envelope,
  inbound,
  postWebhook,
  storedFor,
  storedReply,
  textMessage,
  wamid,
  type Json,
} from '../support/webhook-fixtures';
import { buildListeningSandboxApp } from '../support/whatsapp-helpers';
import { WA_ID_MAX_LENGTH } from '../../../server/services/intake/rows';

let testDb: TestDb;
let app: App;
let meta: MetaOpenApi;
const received: AppEventMap['whatsapp.message-received'][] = [];

beforeAll(async () => {
  meta = MetaOpenApi.load();
  testDb = await openTestDb();
  app = await buildListeningSandboxApp(testDb.db);
  app.events.on('whatsapp.message-received', (event) => {
    received.push(event);
  });
});

afterAll(async () => {
  await app.close();
  await testDb.dispose();
});

describe('POST /api/v1/whatsapp/webhook: inbound messages', () => {
  it('stores a wamid delivered 5 times, twice in parallel, once, and announces it once', async () => {
    const { userId, phoneNumberId } = await connectedOwner(app);
    const message = textMessage();
    const raw = JSON.stringify(inbound(phoneNumberId, [message]));
    const responses = [
      ...(await Promise.all([postWebhook(app, raw), postWebhook(app, raw)])),
      await postWebhook(app, raw),
      await postWebhook(app, raw),
      await postWebhook(app, raw),
    ];
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200]);

    const { messages, events } = await storedFor(testDb.db, userId);
    expect(messages).toEqual([
      {
        wamid: message.id,
        type: 'text',
        body: 'Hello',
        sender: 'customer',
        direction: 'inbound',
        status: 'received',
        in_reply_to: null,
        reactions: {},
      },
    ]);
    expect(events).toHaveLength(1);
    const conversation = await testDb.db.one<Json>(
      `select wa_id || '@c.us' as id, profile_name, unread_count, last_message_preview from conversations where user_id = $1`,
      [userId],
    );
    expect(conversation).toEqual({
      id: `${CUSTOMER}@c.us`,
      profile_name: 'Sheena Nelson',
      unread_count: 1,
      last_message_preview: 'Hello',
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(received.filter((event) => event.wamid === message.id)).toEqual([
      { userId, wamid: message.id, conversationId: expect.any(Number), messageId: expect.any(Number) },
    ]);
  });

  it("keeps the customer's profile name up to date, and the quoted message", async () => {
    const { userId, phoneNumberId } = await connectedOwner(app);
    const first = textMessage({ timestamp: '1749416383' });
    await postWebhook(app, inbound(phoneNumberId, [first]));
    const reply = textMessage({ timestamp: '1749416400', context: { from: '15550783881', id: first.id } });
    await postWebhook(app, inbound(phoneNumberId, [reply], 'Sheena N.'));
    await postWebhook(app, envelope(phoneNumberId, { messages: [textMessage({ timestamp: '1749416500' })] }));

    const conversation = await testDb.db.one<Json>(
      'select profile_name, unread_count, last_message_at from conversations where user_id = $1',
      [userId],
    );
    expect(conversation).toMatchObject({ profile_name: 'Sheena N.', unread_count: 3 });
    expect((conversation.last_message_at as Date).toISOString()).toBe(new Date(1749416500 * 1000).toISOString());
    expect((await storedFor(testDb.db, userId)).messages[1]).toMatchObject({ in_reply_to: first.id });
  });

  /** Meta's documented inbound examples (the OpenAPI file), re-addressed to this owner's number. */
  const EXAMPLES: [string, string][] = [
    ['Text Message', 'Does it come in another color?'],
    ['Text Message with Context (Product Inquiry)', 'Is this still available?'],
    ['Text Message from Click to WhatsApp Ad', 'Hello! Can I get more info on this?'],
    ['Image Message', '[image] Taj Mahal'],
    ['Location Message', '[location] Philz Coffee, 101 Forest Ave, Palo Alto, CA 94301'],
    ['Contact Sharing Message', '[contacts] Lucía Gómez'],
    ['Unsupported Message', '[unsupported message]'],
    ['Button Message', 'Unsubscribe'],
    ['Interactive List Reply Message', 'Priority Mail Express'],
    ['Interactive Button Reply Message', 'Cancel'],
    ['Order Message', '[order] 2 items'],
    ['System Message', '[system] User Sheena Nelson changed from 16505551234 to 12195555358'],
  ];

  it.each(EXAMPLES)("stores Meta's example '%s' as '%s'", async (name, body) => {
    const { userId, phoneNumberId } = await connectedOwner(app);
    const example = structuredClone(meta.example('/whatsapp/webhooks', 'post', 'request', name)) as {
      entry: { changes: { value: { metadata: Json; messages: Json[] } }[] }[];
    };
    const { value } = example.entry[0].changes[0];
    value.metadata.phone_number_id = phoneNumberId;
    value.messages[0].id = wamid();
    expect((await postWebhook(app, example as unknown as Json)).statusCode).toBe(200);
    expect((await storedFor(testDb.db, userId)).messages).toMatchObject([{ body, type: value.messages[0].type }]);
  });

  it.each<[Json, string]>([
    [{ type: 'audio', audio: { id: '1', mime_type: 'audio/ogg; codecs=opus', voice: true } }, '[audio]'],
    [{ type: 'video', video: { id: '2', mime_type: 'video/mp4', caption: 'Unboxing' } }, '[video] Unboxing'],
    [
      { type: 'document', document: { id: '3', filename: 'invoice.pdf', mime_type: 'application/pdf' } },
      '[document] invoice.pdf',
    ],
    [{ type: 'sticker', sticker: { id: '4', mime_type: 'image/webp', animated: false } }, '[sticker]'],
    [{ type: 'location', location: { latitude: 37.44, longitude: -122.16 } }, '[location] 37.44,-122.16'],
    [
      { type: 'interactive', interactive: { type: 'nfm_reply', nfm_reply: { body: 'Sent', name: 'flow' } } },
      '[form reply] Sent',
    ],
    [{ type: 'request_welcome' }, '[unsupported message]'],
  ])('stores %j readably', async (content, body) => {
    const { userId, phoneNumberId } = await connectedOwner(app);
    const { text: _text, ...message } = textMessage(content);
    expect((await postWebhook(app, inbound(phoneNumberId, [message]))).statusCode).toBe(200);
    expect((await storedFor(testDb.db, userId)).messages).toMatchObject([{ body }]);
  });

  it('stores a NUL or half a surrogate pair as U+FFFD instead of failing on every retry', async () => {
    const { userId, phoneNumberId } = await connectedOwner(app);
    const message = textMessage({ text: { body: 'Blue\u0000 or red\ud800?' }, 'odd\u0000key': '\udc00' });
    // As Meta sends it: every non-ASCII character, and so the NUL and the lone halves, escaped.
    const raw = asMetaSendsIt(inbound(phoneNumberId, [message], 'Sheena\u0000 N.'));
    expect(raw).toContain('\\u0000');

    const responses = [await postWebhook(app, raw), await postWebhook(app, raw)];

    expect(responses.map((response) => response.statusCode)).toEqual([200, 200]);
    const { messages, events } = await storedFor(testDb.db, userId);
    expect(messages).toMatchObject([{ wamid: message.id, body: 'Blue\ufffd or red\ufffd?' }]);
    expect(events.map((event) => event.raw_body)).toEqual([raw]);
    const { raw: stored } = await testDb.db.one<{ raw: Json }>('select raw from messages where wamid = $1', [
      message.id,
    ]);
    expect(stored).toMatchObject({ text: { body: 'Blue\ufffd or red\ufffd?' }, 'odd\ufffdkey': '\ufffd' });
    const conversation = await testDb.db.one<Json>(
      'select profile_name, last_message_preview from conversations where user_id = $1',
      [userId],
    );
    expect(conversation).toEqual({ profile_name: 'Sheena\ufffd N.', last_message_preview: 'Blue\ufffd or red\ufffd?' });
  });

  it('keeps an escaped backslash before u0000 as the text it is, and whole surrogate pairs', async () => {
    const { userId, phoneNumberId } = await connectedOwner(app);
    const message = textMessage({ text: { body: 'C:\\u0000 😀' } });

    expect((await postWebhook(app, asMetaSendsIt(inbound(phoneNumberId, [message])))).statusCode).toBe(200);

    expect((await storedFor(testDb.db, userId)).messages).toMatchObject([{ body: 'C:\\u0000 😀' }]);
  });

  it('attaches a reaction to its message instead of adding a line, and takes it back', async () => {
    const { userId, phoneNumberId } = await connectedOwner(app);
    const target = textMessage();
    await postWebhook(app, inbound(phoneNumberId, [target]));
    const react = (emoji: string, timestamp: string) =>
      textMessage({ type: 'reaction', timestamp, text: undefined, reaction: { message_id: target.id, emoji } });

    await postWebhook(app, inbound(phoneNumberId, [react('👍', '1749419544')]));
    let { messages } = await storedFor(testDb.db, userId);
    expect(messages).toHaveLength(1);
    expect(messages[0].reactions).toEqual({ [CUSTOMER]: { emoji: '👍', timestamp: 1749419544 } });

    await postWebhook(app, inbound(phoneNumberId, [react('', '1749419600')]));
    await postWebhook(app, inbound(phoneNumberId, [react('😂', '1749419550')]));
    ({ messages } = await storedFor(testDb.db, userId));
    expect(messages[0].reactions).toEqual({ [CUSTOMER]: { emoji: null, timestamp: 1749419600 } });
    const conversation = await testDb.db.one<{ unread_count: number }>(
      'select unread_count from conversations where user_id = $1',
      [userId],
    );
    expect(conversation.unread_count).toBe(1);
  });
});

describe('POST /api/v1/whatsapp/webhook: ids no Meta delivery can have', () => {
  const HUGE = 'x'.repeat(512 * 1024);

  it('stores the messages that can be stored and acknowledges the rest, never a poison delivery', async () => {
    const { userId, phoneNumberId } = await connectedOwner(app);
    const good = textMessage({ context: { from: CUSTOMER, id: `wamid.${HUGE}` } });
    const longId = textMessage({ id: `wamid.${HUGE}` });
    const longFrom = textMessage({ from: '1'.repeat(WA_ID_MAX_LENGTH + 1) });
    const reaction = textMessage({ type: 'reaction', reaction: { message_id: `wamid.${HUGE}`, emoji: '👍' } });
    const raw = JSON.stringify(
      envelope(phoneNumberId, {
        messages: [longId, good, longFrom, reaction],
        statuses: [{ id: `wamid.${HUGE}`, status: 'read', timestamp: '1750263773', recipient_id: CUSTOMER }],
      }),
    );

    const response = await postWebhook(app, raw);

    expect(response.statusCode).toBe(200);
    const { messages } = await storedFor(testDb.db, userId);
    expect(messages.map((message) => message.wamid)).toEqual([good.id]);
    const stored = await testDb.db.one<{ in_reply_to: string | null }>(
      'select in_reply_to from messages where wamid = $1',
      [good.id],
    );
    expect(stored.in_reply_to).toBeNull();
    expect((await postWebhook(app, raw)).statusCode).toBe(200);
  });
});

describe('POST /api/v1/whatsapp/webhook: statuses', () => {
  const outgoing = (userId: number, status?: string) => storedReply(testDb.db, userId, status);

  function statusUpdate(phoneNumberId: string, id: string, status: string, extra: Json = {}) {
    return envelope(phoneNumberId, {
      statuses: [{ id, status, timestamp: '1750263773', recipient_id: CUSTOMER, ...extra }],
    });
  }

  async function statusOf(id: string) {
    return testDb.db.one<Json>('select status, status_error, status_error_code from messages where wamid = $1', [id]);
  }

  it('moves forward and never back: read then delivered stays read', async () => {
    const { userId, phoneNumberId } = await connectedOwner(app);
    const id = await outgoing(userId);
    await postWebhook(app, statusUpdate(phoneNumberId, id, 'delivered'));
    expect(await statusOf(id)).toMatchObject({ status: 'delivered' });
    await postWebhook(app, statusUpdate(phoneNumberId, id, 'read'));
    await postWebhook(app, statusUpdate(phoneNumberId, id, 'delivered'));
    await postWebhook(app, statusUpdate(phoneNumberId, id, 'sent'));
    await postWebhook(
      app,
      statusUpdate(phoneNumberId, id, 'failed', { errors: [{ code: 131026, title: 'Undeliverable' }] }),
    );
    expect(await statusOf(id)).toEqual({ status: 'read', status_error: null, status_error_code: null });
  });

  it('keeps a failure with its reason in plain words', async () => {
    const { userId, phoneNumberId } = await connectedOwner(app);
    const id = await outgoing(userId);
    const errors = [
      {
        code: 131047,
        title: 'Re-engagement message',
        message: 'Re-engagement message',
        error_data: { details: 'Message failed to send because more than 24 hours have passed.' },
      },
    ];
    await postWebhook(app, statusUpdate(phoneNumberId, id, 'failed', { errors }));
    await postWebhook(app, statusUpdate(phoneNumberId, id, 'delivered'));
    expect(await statusOf(id)).toEqual({
      status: 'failed',
      status_error: expect.stringMatching(/^More than 24 hours have passed since the customer last wrote/),
      status_error_code: 131047,
    });
  });

  it('ignores statuses of messages it does not know', async () => {
    const { phoneNumberId } = await connectedOwner(app);
    expect((await postWebhook(app, statusUpdate(phoneNumberId, wamid(), 'read'))).statusCode).toBe(200);
  });
});
