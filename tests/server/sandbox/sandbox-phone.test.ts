import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { App } from '../../../server/app';
import { SANDBOX_APP } from '../../../server/services/whatsapp/settings';
import { bsuidOf } from '../../../server/sandbox/graph/ids';
import { TEXT_BODY_MAX_LENGTH } from '../../../server/sandbox/graph/messages';
import type { PhoneMessageSent, Thread } from '../../../server/sandbox/phone/service';
import {
  inboundTextPayload,
  SandboxWebhooks,
  serialise,
  signatureOf,
  statusPayload,
  WEBHOOK_PATH,
  webhookUrl,
} from '../../../server/sandbox/webhooks';
import { CUSTOMER_ERRORS, CUSTOMER_TOKEN_HEADER } from '../../../server/sandbox/phone/customers';
import { buildTestApp, registerUser, SANDBOX_CUSTOMER, testConfig, useTestApp } from '../support/helpers';
import { MetaOpenApi, shapeOf } from '../support/meta-openapi';
import { postWebhook, storedFor, type Json } from '../support/webhook-fixtures';
import {
  buildListeningSandboxApp,
  businessTokenOf,
  connectWhatsApp,
  TEST_APP_SECRET,
} from '../support/whatsapp-helpers';

const ctx = useTestApp((db) => buildListeningSandboxApp(db));
const meta = MetaOpenApi.load();

let customers = 0;

/** A customer number no other test of this file uses, e.g. '+1 650 555 0101'. */
function customerNumber(): { phoneNumber: string; waId: string } {
  customers += 1;
  const tail = String(100 + customers).padStart(4, '0');
  return { phoneNumber: `+1 650 555 ${tail}`, waId: `1650555${tail}` };
}

/** An owner with a connected sandbox number (subscribed, registered), and a customer to text it. */
async function connected() {
  const { token, user } = await registerUser(ctx.app);
  const { signup } = await connectWhatsApp(ctx.app, token);
  return { token, userId: user.id, signup, customer: customerNumber() };
}

function sendFromPhone(payload: Json) {
  return ctx.app.inject({ method: 'POST', url: '/sandbox/phone/messages', payload, headers: SANDBOX_CUSTOMER });
}

async function phoneSays(phoneNumberId: string, phoneNumber: string, text: string, extra: Json = {}) {
  const response = await sendFromPhone({
    phone_number_id: phoneNumberId,
    name: 'Sheena Nelson',
    phone_number: phoneNumber,
    text,
    ...extra,
  });
  if (response.statusCode !== 201) throw new Error(`the phone answered ${response.statusCode}: ${response.body}`);
  return response.json<PhoneMessageSent>();
}

function readThread(phoneNumberId: string, waId: string, headers: Record<string, string> = SANDBOX_CUSTOMER) {
  return ctx.app.inject({
    method: 'GET',
    url: `/sandbox/phone/thread?phone_number_id=${phoneNumberId}&wa_id=${waId}`,
    headers,
  });
}

/** Waits (not a timing assertion) until `read` gives something `done` accepts; fails after a while. */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`still waiting; last seen ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Sandbox webhooks that deliver to `server` (started here, on loopback) instead of the app, so that a
 * test decides how each delivery is answered.
 */
async function webhooksThrough(server: http.Server, retryDelaysMs: number[]): Promise<SandboxWebhooks> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return new SandboxWebhooks({
    db: ctx.db,
    settings: {
      appId: SANDBOX_APP.id,
      appSecret: TEST_APP_SECRET,
      graphBaseUrl: () => `http://127.0.0.1:${port}/sandbox/graph`,
      graphTimeoutMs: 5_000,
    },
    log: ctx.app.log,
    retryDelaysMs,
  });
}

type StatusEvent = { id: string; status: string; value: Json };

/** The status updates among the owner's stored raw webhook events, in arrival order. */
async function statusEventsFor(app: App, userId: number): Promise<StatusEvent[]> {
  const rows = await app.db.query<{ raw_body: string }>(
    'select raw_body from webhook_events where user_id = $1 order by id',
    [userId],
  );
  return rows.flatMap((row) => {
    const body = JSON.parse(row.raw_body) as { entry: { changes: { value: Json }[] }[] };
    return body.entry.flatMap((entry) =>
      entry.changes.flatMap((change) =>
        ((change.value.statuses as Json[] | undefined) ?? []).map((status) => ({
          id: status.id as string,
          status: status.status as string,
          value: change.value,
        })),
      ),
    );
  });
}

async function storedStatus(userId: number, wamid: string): Promise<string | undefined> {
  const row = await ctx.db.maybeOne<{ status: string }>(
    'select status from messages where user_id = $1 and wamid = $2',
    [userId, wamid],
  );
  return row?.status;
}

describe('the customer phone page', () => {
  it('is served with its script and style as files of their own (CSP-compatible)', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/sandbox/phone' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('<script type="module" src="/sandbox/phone/main.js"></script>');
    for (const label of ['Business number', 'Your name', 'Your phone number', 'Message', 'Send']) {
      expect(response.body).toContain(label);
    }
    expect(response.body).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
    expect(response.body).not.toMatch(/\son[a-z]+=/i);
    expect(response.body).not.toMatch(/<style|\sstyle=/i);
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");

    const script = await ctx.app.inject({ method: 'GET', url: '/sandbox/phone/main.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/^application\/javascript/);
    expect(script.body).toContain('/sandbox/phone');
    // Every module the page imports is served beside it, as JavaScript (a module needs its MIME type).
    for (const [, module] of script.body.matchAll(/from '\.\/([a-z-]+\.js)'/g)) {
      const imported = await ctx.app.inject({ method: 'GET', url: `/sandbox/phone/${module}` });
      expect(imported.statusCode).toBe(200);
      expect(imported.headers['content-type']).toMatch(/^application\/javascript/);
    }
    const style = await ctx.app.inject({ method: 'GET', url: '/sandbox/phone.css' });
    expect(style.statusCode).toBe(200);
    expect(style.headers['content-type']).toMatch(/^text\/css/);
  });

  it('lists the registered business numbers with their verified name', async () => {
    const { signup } = await connected();
    const response = await ctx.app.inject({ method: 'GET', url: '/sandbox/phone/numbers' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toContainEqual({
      phone_number_id: signup.phone_number_id,
      display_phone_number: signup.phone_number,
      verified_name: 'Jasper’s Market',
    });
  });
});

describe('pretend customers belong to the browser that first used their number', () => {
  const STRANGER = { [CUSTOMER_TOKEN_HEADER]: 'a-stranger-browser-token-abcdefghijklmnopq' };

  it("refuses another browser's reads and writes as that customer, and leaves the thread unread", async () => {
    const { userId, signup, customer } = await connected();
    await phoneSays(signup.phone_number_id, customer.phoneNumber, 'My address is 12 Elm Street');
    const businessToken = await businessTokenOf(ctx.app, ctx.db, userId);
    await ctx.app.whatsapp.graph.sendText(businessToken, signup.phone_number_id, {
      to: customer.waId,
      body: 'Thanks, noted',
    });

    const read = await readThread(signup.phone_number_id, customer.waId, STRANGER);
    expect(read.statusCode).toBe(403);
    expect(read.json()).toMatchObject({ detail: CUSTOMER_ERRORS.taken, field: 'wa_id', code: 'customer_taken' });
    expect(read.body).not.toContain('Elm Street');
    const unread = await ctx.db.one<{ n: number }>(
      "select count(*)::int as n from sandbox_messages where wa_id = $1 and direction = 'outbound' and read_at is null",
      [customer.waId],
    );
    expect(unread.n).toBe(1);

    const written = await ctx.app.inject({
      method: 'POST',
      url: '/sandbox/phone/messages',
      headers: STRANGER,
      payload: {
        phone_number_id: signup.phone_number_id,
        name: 'Mallory',
        phone_number: customer.phoneNumber,
        text: 'x',
      },
    });
    expect(written.statusCode).toBe(403);
    expect(written.json()).toMatchObject({ detail: CUSTOMER_ERRORS.taken, field: 'phone_number' });
    const sent = await ctx.db.one<{ n: number }>(
      "select count(*)::int as n from sandbox_messages where wa_id = $1 and direction = 'inbound'",
      [customer.waId],
    );
    expect(sent.n).toBe(1);
  });

  it('asks for the browser token when there is none, or a guessable one', async () => {
    const { signup, customer } = await connected();
    for (const headers of [{}, { [CUSTOMER_TOKEN_HEADER]: 'short' }] as Record<string, string>[]) {
      const response = await readThread(signup.phone_number_id, customer.waId, headers);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ detail: CUSTOMER_ERRORS.noToken, field: CUSTOMER_TOKEN_HEADER });
    }
  });

  it('shows a browser that takes over an unowned number nothing from before it did', async () => {
    const { signup, customer } = await connected();
    await phoneSays(signup.phone_number_id, customer.phoneNumber, 'Something private');
    // As for numbers used before customers were tied to browsers: nobody owns this one.
    await ctx.db.query('delete from sandbox_customers where wa_id = $1', [customer.waId]);

    const thread = await readThread(signup.phone_number_id, customer.waId, STRANGER);

    expect(thread.statusCode).toBe(200);
    expect(thread.json<Thread>().messages).toEqual([]);
  });
});

describe("a customer's message", () => {
  it('reaches the owner of the number once, through the signed webhook, with the profile name', async () => {
    const { userId, signup, customer } = await connected();
    const sent = await phoneSays(signup.phone_number_id, customer.phoneNumber, 'Hello from the sandbox phone');
    expect(sent).toEqual({
      id: expect.stringMatching(/^wamid\./),
      wa_id: customer.waId,
      delivered: true,
      webhook: 'delivered',
    });

    const { messages, events } = await storedFor(ctx.db, userId);
    expect(messages).toEqual([
      expect.objectContaining({
        wamid: sent.id,
        type: 'text',
        body: 'Hello from the sandbox phone',
        sender: 'customer',
        direction: 'inbound',
      }),
    ]);
    const conversation = await ctx.db.one('select wa_id, profile_name from conversations where user_id = $1', [userId]);
    expect(conversation).toEqual({ wa_id: customer.waId, profile_name: 'Sheena Nelson' });

    // The raw event our webhook kept is Meta's "Text Message" example, our values in its shape.
    expect(events).toHaveLength(1);
    // Plus the BSUIDs Meta adds since April 2026, which v23.0's example predates.
    const delivery = JSON.parse(events[0].raw_body) as Json;
    const example = meta.example('/whatsapp/webhooks', 'post', 'request', 'Text Message');
    const { value: delivered } = (
      delivery as { entry: { changes: { value: { contacts: Json[]; messages: Json[] } }[] }[] }
    ).entry[0].changes[0];
    expect(delivered.contacts[0].user_id).toBe(bsuidOf(customer.waId));
    expect(delivered.messages[0].from_user_id).toBe(bsuidOf(customer.waId));
    delete delivered.contacts[0].user_id;
    delete delivered.messages[0].from_user_id;
    expect(shapeOf(delivery)).toEqual(shapeOf(example));
    const value = (delivery as { entry: { id: string; changes: { value: Json }[] }[] }).entry[0];
    expect(value.id).toBe(signup.waba_id);
    expect(meta.errors('Metadata', value.changes[0].value.metadata)).toEqual([]);
    expect(meta.errors('ContactProfile', (value.changes[0].value.contacts as Json[])[0])).toEqual([]);

    const thread = (await readThread(signup.phone_number_id, customer.waId)).json<Thread>();
    expect(thread.messages).toEqual([
      expect.objectContaining({
        id: sent.id,
        from: 'customer',
        text: 'Hello from the sandbox phone',
        status: 'delivered',
      }),
    ]);
  });

  it('reaches the owner with the number hidden behind a username, and the reply reaches the phone', async () => {
    const { token, userId, signup, customer } = await connected();
    const bsuid = bsuidOf(customer.waId);
    const sent = await phoneSays(signup.phone_number_id, customer.phoneNumber, 'Hi, no number this time', {
      username: 'sheena.n',
    });

    const { events } = await storedFor(ctx.db, userId);
    const { value } = (JSON.parse(events[0].raw_body) as { entry: { changes: { value: Json }[] }[] }).entry[0]
      .changes[0];
    expect(value.contacts).toEqual([{ profile: { name: 'Sheena Nelson', username: '@sheena.n' }, user_id: bsuid }]);
    expect(value.messages).toEqual([expect.not.objectContaining({ from: expect.anything() })]);
    expect((value.messages as Json[])[0].from_user_id).toBe(bsuid);
    expect(events[0].raw_body).not.toContain(customer.waId);
    const conversation = await ctx.db.one('select wa_id, username from conversations where user_id = $1', [userId]);
    expect(conversation).toEqual({ wa_id: bsuid, username: '@sheena.n' });

    const reply = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/messages/conversations/${encodeURIComponent(`${bsuid}@bsuid`)}/reply`,
      headers: { authorization: `Bearer ${token}` },
      payload: { text: 'Hello Sheena' },
    });
    expect(reply.statusCode).toBe(201);
    const thread = (await readThread(signup.phone_number_id, customer.waId)).json<Thread>();
    expect(thread.messages.map((message) => [message.id === sent.id ? 'asked' : message.from, message.text])).toEqual([
      ['asked', 'Hi, no number this time'],
      ['business', 'Hello Sheena'],
    ]);
  });

  it('is stored once when the webhook is delivered again after an unacknowledged attempt', async () => {
    const { userId, signup, customer } = await connected();
    const appUrl = webhookUrl(ctx.app.whatsapp.settings.graphBaseUrl());
    const seen: { body: string; signature: string | undefined }[] = [];
    let secondDone: () => void = () => undefined;
    const second = new Promise<void>((resolve) => {
      secondDone = resolve;
    });
    // Stands between the sandbox and our webhook: passes every delivery on, but loses the first answer.
    const proxy = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const signature = request.headers['x-hub-signature-256'] as string | undefined;
        seen.push({ body, signature });
        const attempt = seen.length;
        void fetch(appUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature ?? '' },
          body,
        }).then((upstream) => {
          response.writeHead(attempt === 1 ? 500 : upstream.status).end();
          if (attempt === 2) secondDone();
        });
      });
    });
    const webhooks = await webhooksThrough(proxy, [20, 20]);
    try {
      const phone = { id: signup.phone_number_id, waba_id: signup.waba_id, phone_number: '15550100001' };
      const payload = inboundTextPayload(phone, {
        wamid: 'wamid.sandbox-retry-test',
        from: customer.waId,
        name: 'Sheena Nelson',
        timestamp: '1749416383',
        text: 'Is it still available?',
      });
      expect(await webhooks.send(phone, payload)).toBe('failed');
      await second;
    } finally {
      await webhooks.close();
      await new Promise((resolve) => proxy.close(resolve));
    }
    expect(seen).toHaveLength(2);
    expect(seen[1]).toEqual(seen[0]);
    expect(seen[0].signature).toBe(signatureOf(seen[0].body, TEST_APP_SECRET));
    const { messages } = await storedFor(ctx.db, userId);
    expect(messages).toEqual([
      expect.objectContaining({ wamid: 'wamid.sandbox-retry-test', body: 'Is it still available?' }),
    ]);
  });

  it('escapes non-ASCII as Meta does, and its signature covers exactly the bytes sent', async () => {
    const { userId, signup, customer } = await connected();
    const sent = await phoneSays(signup.phone_number_id, customer.phoneNumber, 'Grüße aus Köln 👋');
    expect(sent.delivered).toBe(true);
    const { messages, events } = await storedFor(ctx.db, userId);
    expect(messages).toEqual([expect.objectContaining({ body: 'Grüße aus Köln 👋' })]);
    expect(events[0].raw_body).toContain('Gr\\u00fc\\u00dfe');
    expect(events[0].raw_body).not.toContain('ü');
  });

  it('is not sent as a webhook when no app is subscribed to the WABA, as at Meta', async () => {
    const { userId, signup, customer } = await connected();
    const token = await businessTokenOf(ctx.app, ctx.db, userId);
    await ctx.app.whatsapp.graph.unsubscribeApp(token, signup.waba_id);

    const sent = await phoneSays(signup.phone_number_id, customer.phoneNumber, 'Anyone there?');
    expect(sent).toEqual(expect.objectContaining({ delivered: false, webhook: 'not_subscribed' }));
    expect(await storedFor(ctx.db, userId)).toEqual({ messages: [], events: [] });
    const thread = (await readThread(signup.phone_number_id, customer.waId)).json<Thread>();
    expect(thread.messages).toEqual([expect.objectContaining({ text: 'Anyone there?', status: 'sent' })]);
  });
});

describe("the business's replies and their statuses", () => {
  it('shows a reply quoting the customer message, and typing… until the reply', async () => {
    const { userId, signup, customer } = await connected();
    const asked = await phoneSays(signup.phone_number_id, customer.phoneNumber, 'Does it come in another color?');
    const token = await businessTokenOf(ctx.app, ctx.db, userId);
    const { graph } = ctx.app.whatsapp;

    await graph.markReadAndType(token, signup.phone_number_id, asked.id);
    const typing = (await readThread(signup.phone_number_id, customer.waId)).json<Thread>();
    expect(typing.typing).toBe(true);
    expect(typing.messages[0]).toEqual(expect.objectContaining({ id: asked.id, status: 'read' }));

    const reply = await graph.sendText(token, signup.phone_number_id, {
      to: customer.waId,
      body: 'Yes, in blue and green.',
      replyTo: asked.id,
    });
    const thread = (await readThread(signup.phone_number_id, customer.waId)).json<Thread>();
    expect(thread.typing).toBe(false);
    expect(thread.messages).toEqual([
      expect.objectContaining({ id: asked.id, from: 'customer', context: null }),
      {
        id: reply.messages[0].id,
        from: 'business',
        text: 'Yes, in blue and green.',
        timestamp: expect.any(String),
        context: { id: asked.id, from: 'customer', text: 'Does it come in another color?' },
        // Typed: the phone shows "typing…" before it, even when it polled after both.
        typed: true,
        status: null,
        media: null,
        reactions: [],
      },
    ]);

    // A second reply, without a typing indicator of its own, was not typed.
    const more = await graph.sendText(token, signup.phone_number_id, { to: customer.waId, body: 'And in red.' });
    const later = (await readThread(signup.phone_number_id, customer.waId)).json<Thread>();
    expect(later.messages.find((message) => message.id === more.messages[0].id)?.typed).toBe(false);

    // The customer answers quoting the business's reply: Meta's context names the business number.
    const answered = await phoneSays(signup.phone_number_id, customer.phoneNumber, 'Blue, please', {
      context_message_id: reply.messages[0].id,
    });
    const { messages } = await storedFor(ctx.db, userId);
    expect(messages.find((message) => message.wamid === answered.id)).toEqual(
      expect.objectContaining({ in_reply_to: reply.messages[0].id }),
    );
  });

  it('moves the stored message sent → delivered → read through status webhooks, never back', async () => {
    const { userId, signup, customer } = await connected();
    const asked = await phoneSays(signup.phone_number_id, customer.phoneNumber, 'Open on Sunday?');
    const conversation = await ctx.db.one<{ id: number }>('select id from conversations where user_id = $1', [userId]);
    const token = await businessTokenOf(ctx.app, ctx.db, userId);
    const reply = await ctx.app.whatsapp.graph.sendText(token, signup.phone_number_id, {
      to: customer.waId,
      body: 'Yes, 10 to 4.',
      replyTo: asked.id,
    });
    const wamid = reply.messages[0].id;
    // What the reply sender stores once Graph has answered (before the 'sent' status arrives).
    await ctx.db.query(
      `insert into messages (user_id, conversation_id, wamid, direction, sender, type, body, raw, status, sent_at)
       values ($1, $2, $3, 'outbound', 'human', 'text', 'Yes, 10 to 4.', '{}'::jsonb, 'pending', now())`,
      [userId, conversation.id, wamid],
    );

    expect(
      await eventually(
        () => storedStatus(userId, wamid),
        (status) => status === 'delivered',
      ),
    ).toBe('delivered');
    expect((await readThread(signup.phone_number_id, customer.waId)).statusCode).toBe(200);
    expect(
      await eventually(
        () => storedStatus(userId, wamid),
        (status) => status === 'read',
      ),
    ).toBe('read');
    // Showing the thread again reads nothing new: one 'read' status per message.
    const readAt = () => ctx.db.one('select read_at from sandbox_messages where wamid = $1', [wamid]);
    const firstRead = await readAt();
    await readThread(signup.phone_number_id, customer.waId);
    expect(await readAt()).toEqual(firstRead);

    const statuses = await eventually(
      () => statusEventsFor(ctx.app, userId),
      (events) => events.length >= 3,
    );
    // Each status once (deliveries may overtake one another, as Meta's do).
    expect(statuses.map((event) => `${event.id} ${event.status}`).sort()).toEqual([
      `${wamid} delivered`,
      `${wamid} read`,
      `${wamid} sent`,
    ]);
    for (const event of statuses) expect(meta.errors('StatusMessageValue', event.value)).toEqual([]);
    expect(statuses.find((event) => event.status === 'sent')?.value.statuses).toEqual([
      expect.objectContaining({
        recipient_id: customer.waId,
        conversation: expect.objectContaining({
          expiration_timestamp: expect.any(String),
          origin: { type: 'service' },
        }),
        pricing: expect.objectContaining({ billable: false, category: 'service' }),
      }),
    ]);

    // A late 'delivered' (Meta's order is not guaranteed) does not undo 'read'.
    const phone = { id: signup.phone_number_id, waba_id: signup.waba_id, phone_number: '15550100001' };
    const late = serialise(
      statusPayload(phone, [
        {
          id: wamid,
          status: 'delivered',
          timestamp: '1749416383',
          recipient_id: customer.waId,
          recipient_user_id: 'US.1',
        },
      ]),
    );
    expect((await postWebhook(ctx.app, late)).statusCode).toBe(200);
    expect(await storedStatus(userId, wamid)).toBe('read');
  });
});

describe('reactions on the phone', () => {
  function reactFromPhone(payload: Json) {
    return ctx.app.inject({ method: 'POST', url: '/sandbox/phone/reactions', payload, headers: SANDBOX_CUSTOMER });
  }

  /** A customer asked, and the owner answered from the inbox. */
  async function answered() {
    const owner = await connected();
    const asked = await phoneSays(owner.signup.phone_number_id, owner.customer.phoneNumber, 'Open on Sunday?');
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/messages/conversations/${owner.customer.waId}@c.us/reply`,
      headers: { authorization: `Bearer ${owner.token}` },
      payload: { text: 'Yes, ten to four.' },
    });
    expect(response.statusCode).toBe(201);
    return { ...owner, asked, answer: response.json<{ id: string }>().id };
  }

  async function ownersMessage(token: string, waId: string, wamid: string) {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/messages/conversations/${waId}@c.us`,
      headers: { authorization: `Bearer ${token}` },
    });
    return response
      .json<{ id: string; reactions: { emoji: string; from_us: boolean }[] }[]>()
      .find((message) => message.id === wamid);
  }

  it("shows the owner's reaction on the customer's message", async () => {
    const { token, signup, customer, asked } = await answered();
    const reacted = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/messages/conversations/${customer.waId}@c.us/messages/${encodeURIComponent(asked.id)}/reaction`,
      headers: { authorization: `Bearer ${token}` },
      payload: { emoji: '🙏' },
    });
    expect(reacted.statusCode).toBe(200);
    const thread = (await readThread(signup.phone_number_id, customer.waId)).json<Thread>();
    expect(thread.messages.find((message) => message.id === asked.id)?.reactions).toEqual([
      { from: 'business', emoji: '🙏' },
    ]);
  });

  it("delivers the customer's reaction to a business message as Meta does, and its removal", async () => {
    const { token, userId, signup, customer, answer } = await answered();
    const sender = {
      phone_number_id: signup.phone_number_id,
      name: 'Sheena Nelson',
      phone_number: customer.phoneNumber,
    };

    const reacted = await reactFromPhone({ ...sender, message_id: answer, emoji: '👍' });

    expect(reacted.statusCode).toBe(201);
    expect(reacted.json<PhoneMessageSent>()).toMatchObject({ delivered: true, webhook: 'delivered' });
    const { events } = await storedFor(ctx.db, userId);
    const delivery = JSON.parse(
      events.find((event) => event.raw_body.includes('"reaction"'))?.raw_body ?? '{}',
    ) as Json;
    const example = meta.example('/whatsapp/webhooks', 'post', 'request', 'Reaction Message') as Json;
    // Meta's example plus the BSUID fields every messages webhook carries since April 2026 (Meta's
    // "Business-scoped user IDs" page, updated 2026-11-05; not in v23.0's OpenAPI file).
    const value = (delivery as { entry: { changes: { value: Json }[] }[] }).entry[0].changes[0].value;
    const [message] = value.messages as Json[];
    const [contact] = value.contacts as Json[];
    expect(message).toEqual({
      from: customer.waId,
      from_user_id: bsuidOf(customer.waId),
      id: expect.stringMatching(/^wamid\./),
      timestamp: expect.stringMatching(/^\d+$/),
      type: 'reaction',
      reaction: { message_id: answer, emoji: '👍' },
    });
    expect(contact.user_id).toBe(bsuidOf(customer.waId));
    const { from_user_id: _bsuid, ...asMetaExampleHasIt } = message;
    const { user_id: _userId, ...contactAsExample } = contact;
    expect(shapeOf({ ...value, messages: [asMetaExampleHasIt], contacts: [contactAsExample] })).toEqual(
      shapeOf((example as { entry: { changes: { value: Json }[] }[] }).entry[0].changes[0].value),
    );
    expect(await ownersMessage(token, customer.waId, answer)).toMatchObject({
      reactions: [{ emoji: '👍', from_us: false }],
    });
    const thread = (await readThread(signup.phone_number_id, customer.waId)).json<Thread>();
    expect(thread.messages.find((shown) => shown.id === answer)?.reactions).toEqual([
      { from: 'customer', emoji: '👍' },
    ]);

    expect((await reactFromPhone({ ...sender, message_id: answer, emoji: '' })).statusCode).toBe(201);
    expect(await ownersMessage(token, customer.waId, answer)).toMatchObject({ reactions: [] });
  });

  it('reacts as a username customer with the number hidden', async () => {
    const { token, signup, customer, answer } = await answered();
    const reacted = await reactFromPhone({
      phone_number_id: signup.phone_number_id,
      name: 'Sheena Nelson',
      phone_number: customer.phoneNumber,
      username: 'sheena.n',
      message_id: answer,
      emoji: '😂',
    });
    expect(reacted.statusCode).toBe(201);
    // Known by number already, the customer stays one conversation and the reaction lands on the answer.
    expect(await ownersMessage(token, customer.waId, answer)).toMatchObject({
      reactions: [{ emoji: '😂', from_us: false }],
    });
  });

  it('refuses a reaction to the customer’s own message, and one that is not an emoji, naming the field', async () => {
    const { userId, signup, customer, asked } = await answered();
    const sender = {
      phone_number_id: signup.phone_number_id,
      name: 'Sheena Nelson',
      phone_number: customer.phoneNumber,
    };
    const before = (await storedFor(ctx.db, userId)).events.length;
    const own = await reactFromPhone({ ...sender, message_id: asked.id, emoji: '👍' });
    expect(own.statusCode).toBe(422);
    expect(own.json()).toMatchObject({ field: 'message_id' });
    const words = await reactFromPhone({ ...sender, message_id: asked.id, emoji: 'yes' });
    expect(words.statusCode).toBe(422);
    expect(words.json()).toMatchObject({ field: 'emoji' });
    expect((await storedFor(ctx.db, userId)).events.length).toBe(before);
  });
});

describe('what the phone refuses', () => {
  it.each<[string, Json, string]>([
    ['an empty message', { text: '' }, 'text'],
    ['a message of spaces', { text: '  \n ' }, 'text'],
    ['a message over 4096 characters', { text: 'x'.repeat(TEXT_BODY_MAX_LENGTH + 1) }, 'text'],
    ['an unknown business number', { phone_number_id: '123456789012345' }, 'phone_number_id'],
    ['a business number id that is no id', { phone_number_id: "1' or '1'='1" }, 'phone_number_id'],
    ['a phone number of 7 digits', { phone_number: '+1 555 010' }, 'phone_number'],
    ['a phone number of 16 digits', { phone_number: '+1234567890123456' }, 'phone_number'],
    ['a phone number with letters', { phone_number: '+1 555 CALL NOW' }, 'phone_number'],
    ['no name', { name: '   ' }, 'name'],
    ['a quoted message from elsewhere', { context_message_id: 'wamid.not-in-this-thread' }, 'context_message_id'],
  ])('%s (422 naming the field, nothing stored)', async (_case, override, field) => {
    const { userId, signup, customer } = await connected();
    const response = await sendFromPhone({
      phone_number_id: signup.phone_number_id,
      name: 'Sheena Nelson',
      phone_number: customer.phoneNumber,
      text: 'Hello',
      ...override,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual(expect.objectContaining({ field, detail: expect.any(String) }));
    expect(response.json<{ detail: string }>().detail).not.toMatch(/must match|pattern/);
    const stored = await ctx.db.query('select 1 from sandbox_messages where phone_number_id = $1', [
      signup.phone_number_id,
    ]);
    expect(stored).toEqual([]);
    expect((await storedFor(ctx.db, userId)).messages).toEqual([]);
  });

  it('a missing field (422 naming it)', async () => {
    const { signup } = await connected();
    const response = await sendFromPhone({ phone_number_id: signup.phone_number_id, name: 'Sheena', text: 'Hi' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual(expect.objectContaining({ field: 'phone_number' }));
  });

  it("the business's own number as the customer's", async () => {
    const { signup } = await connected();
    const response = await sendFromPhone({
      phone_number_id: signup.phone_number_id,
      name: 'Sheena Nelson',
      phone_number: signup.phone_number,
      text: 'Hello me',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual(expect.objectContaining({ field: 'phone_number' }));
  });

  it('a thread of an unknown number or a malformed wa_id', async () => {
    const { signup, customer } = await connected();
    const unknown = await readThread('123456789012345', customer.waId);
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toEqual(expect.objectContaining({ field: 'phone_number_id' }));
    const malformed = await readThread(signup.phone_number_id, '12ab');
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json()).toEqual(expect.objectContaining({ field: 'wa_id' }));
  });
});

describe('webhook delivery', () => {
  it('goes to our own webhook on the loopback base the Graph simulator is reached at', () => {
    expect(webhookUrl('http://127.0.0.1:4321/sandbox/graph')).toBe(`http://127.0.0.1:4321${WEBHOOK_PATH}`);
    expect(webhookUrl('http://127.0.0.1:4321/sandbox/graph/')).toBe(`http://127.0.0.1:4321${WEBHOOK_PATH}`);
    expect(WEBHOOK_PATH).toBe('/api/v1/whatsapp/webhook');
  });

  it('gives up after its retries without throwing when nobody acknowledges', async () => {
    const attempts: number[] = [];
    const refusing = http.createServer((_request, response) => {
      attempts.push(attempts.length + 1);
      response.writeHead(503).end();
    });
    const { signup } = await connected();
    const webhooks = await webhooksThrough(refusing, [10, 10, 10]);
    try {
      const phone = { id: signup.phone_number_id, waba_id: signup.waba_id, phone_number: '15550100001' };
      const payload = statusPayload(phone, [
        {
          id: 'wamid.x',
          status: 'sent',
          timestamp: '1749416383',
          recipient_id: '16505551234',
          recipient_user_id: 'US.1',
        },
      ]);
      expect(await webhooks.send(phone, payload)).toBe('failed');
      await eventually(
        async () => attempts.length,
        (count) => count >= 4,
      );
    } finally {
      await webhooks.close();
      await new Promise((resolve) => refusing.close(resolve));
    }
    expect(attempts).toEqual([1, 2, 3, 4]);
  });
});

describe('GET /whatsapp/status', () => {
  it('tells the SPA that the sandbox stands in for Meta', async () => {
    const { token } = await connected();
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/whatsapp/status',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.json()).toEqual({ isConnected: true, sandbox: true });
  });

  it('says sandbox: false, and there is no customer phone, with a Meta app configured', async () => {
    const base = testConfig();
    const metaApp = await buildTestApp(ctx.db, {
      whatsapp: { ...base.whatsapp, appId: '1234', appSecret: 'meta-secret', configId: '5678' },
    });
    try {
      const { token } = await registerUser(metaApp);
      const status = await metaApp.inject({
        method: 'GET',
        url: '/api/v1/whatsapp/status',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(status.json()).toEqual({ isConnected: false, sandbox: false });
      for (const url of ['/sandbox/phone', '/sandbox/phone/numbers', '/sandbox/phone/main.js']) {
        expect((await metaApp.inject({ method: 'GET', url })).statusCode).toBe(404);
      }
    } finally {
      await metaApp.close();
    }
  });
});
