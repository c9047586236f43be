import crypto from 'node:crypto';
import { INBOX_ERRORS, INBOX_LIMITS, WHATSAPP_ERRORS, type Message } from '../../../contract';
import type { Config } from '../../../server/config';
import type { Db } from '../../../server/db/client';
import { sha256Hex } from '../../../server/services/digest';
import { buildTestApp, registerUser, useTestApp } from '../support/helpers';
import {
  connectedOwner,
  conversationsOf,
  customerWrites,
  customerWritesWithBsuid,
  deliver,
  later,
  messagesOf,
  newCustomer,
  type Owner,
  reply,
  sentToCustomer,
} from '../support/inbox-fixtures';
import { bsuidOf } from '../../../server/sandbox/graph/ids';
import { envelope, postWebhook, wamid } from '../support/webhook-fixtures';
import { apiGet, businessTokenOf, sandboxConfig } from '../support/whatsapp-helpers';

/** One master key for the file's apps, so that a second app reads the first one's tokens and secrets. */
const SECRET_KEY = crypto.randomBytes(32).toString('base64');

async function listeningApp(db: Db, whatsapp: Partial<Config['whatsapp']> = {}) {
  const app = await buildTestApp(db, { ...sandboxConfig(whatsapp), secretKey: SECRET_KEY });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return app;
}

const ctx = useTestApp((db) => listeningApp(db));

async function storedMessages(userId: number) {
  return ctx.db.query<{
    wamid: string;
    sender: string;
    direction: string;
    status: string;
    status_error: string | null;
  }>(
    `select wamid, sender, direction, status, status_error from messages where user_id = $1 and direction = 'outbound'
      order by id`,
    [userId],
  );
}

/** An owner whose customer has just written (WhatsApp's 24-hour window is open). */
async function ownerWithCustomer() {
  const owner = await connectedOwner(ctx.app);
  const customer = newCustomer();
  const question = await customerWrites(ctx.app, ctx.db, owner, customer, { text: 'Do you deliver on Sundays?' });
  return { owner, customer, question };
}

describe('POST /api/v1/messages/conversations/{id}/reply', () => {
  it('sends the text through WhatsApp and answers the stored message, pending until statuses come', async () => {
    const { owner, customer } = await ownerWithCustomer();
    const response = await reply(ctx.app, owner.token, customer, { text: 'Yes, from 9 to 12.' });
    expect(response.statusCode).toBe(201);
    const message = response.json<Message>();
    expect(message).toEqual({
      id: expect.stringMatching(/^wamid\./),
      body: 'Yes, from 9 to 12.',
      timestamp: expect.any(String),
      is_from_us: true,
      in_reply_to_message_id: null,
      status: 'pending',
      status_reason: null,
      sender: 'human',
      reactions: [],
      // What it costs comes with its first status.
      pricing: null,
    });

    expect(await sentToCustomer(ctx.db, owner, customer)).toEqual([
      { wamid: message.id, body: { body: 'Yes, from 9 to 12.', preview_url: false }, context_wamid: null },
    ]);
    expect(await storedMessages(owner.userId)).toEqual([
      expect.objectContaining({ wamid: message.id, sender: 'human', direction: 'outbound' }),
    ]);
    const [conversation] = await conversationsOf(ctx.app, owner.token);
    expect(conversation).toMatchObject({ last_message: 'Yes, from 9 to 12.', timestamp: message.timestamp });
    expect((await messagesOf(ctx.app, owner.token, customer)).map((listed) => listed.id)).toContain(message.id);
  });

  it('reaches a customer who hid their number through their BSUID (recipient)', async () => {
    const owner = await connectedOwner(ctx.app);
    const hiddenNumber = newCustomer();
    const { bsuid } = await customerWritesWithBsuid(ctx.app, ctx.db, owner, hiddenNumber, 'Do you deliver?', true);

    const response = await reply(ctx.app, owner.token, bsuid, { text: 'Yes, on Sundays too.' });

    expect(response.statusCode).toBe(201);
    expect(await sentToCustomer(ctx.db, owner, hiddenNumber)).toEqual([
      expect.objectContaining({ body: { body: 'Yes, on Sundays too.', preview_url: false } }),
    ]);
    const [conversation] = await conversationsOf(ctx.app, owner.token);
    expect(conversation).toMatchObject({ id: `${bsuid}@bsuid`, name: '@kim', last_message: 'Yes, on Sundays too.' });
  });

  it('reaches a customer who changed their number through their new BSUID, never the old number', async () => {
    const owner = await connectedOwner(ctx.app);
    const oldNumber = newCustomer();
    const newNumber = newCustomer();
    const says = (from: string, text: string) => customerWritesWithBsuid(ctx.app, ctx.db, owner, from, text);
    await says(oldNumber, 'Hi');
    // Meta's system message for a number change (the "Messages webhook reference"): the new BSUID, then
    // the customer writes from the new number.
    const changed = envelope(owner.phoneNumberId, {
      messages: [
        {
          from: newNumber,
          from_user_id: bsuidOf(newNumber),
          id: wamid(),
          timestamp: String(later()),
          type: 'system',
          system: {
            body: `User Kim changed from ${oldNumber} to ${newNumber}`,
            type: 'user_changed_number',
            wa_id: newNumber,
            user_id: bsuidOf(newNumber),
            previous_user_id: bsuidOf(oldNumber),
          },
        },
      ],
    });
    expect((await postWebhook(ctx.app, changed)).statusCode).toBe(200);
    await says(newNumber, 'New number, same Kim');
    const sendText = jest.spyOn(ctx.app.whatsapp.graph, 'sendText');

    const response = await reply(ctx.app, owner.token, oldNumber, { text: 'Got it, Kim.' });

    expect(response.statusCode).toBe(201);
    expect(sendText).toHaveBeenCalledWith(
      expect.any(String),
      owner.phoneNumberId,
      expect.objectContaining({ to: bsuidOf(newNumber) }),
    );
    sendText.mockRestore();
    expect(await sentToCustomer(ctx.db, owner, newNumber)).toEqual([
      expect.objectContaining({ body: { body: 'Got it, Kim.', preview_url: false } }),
    ]);
    expect(await sentToCustomer(ctx.db, owner, oldNumber)).toEqual([]);
    // One conversation, as before the change.
    expect((await conversationsOf(ctx.app, owner.token)).map((listed) => listed.id)).toEqual([`${oldNumber}@c.us`]);
  });

  it("quotes the customer's message: WhatsApp receives context.message_id", async () => {
    const { owner, customer, question } = await ownerWithCustomer();
    const response = await reply(ctx.app, owner.token, customer, {
      text: 'Yes we do',
      in_reply_to_message_id: question,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json<Message>().in_reply_to_message_id).toBe(question);
    const [sent] = await sentToCustomer(ctx.db, owner, customer);
    expect(sent.context_wamid).toBe(question);
    const stored = await ctx.db.one<{ in_reply_to: string }>('select in_reply_to from messages where wamid = $1', [
      sent.wamid,
    ]);
    expect(stored.in_reply_to).toBe(question);
  });

  it('refuses empty, whitespace-only and too long text with the field at fault, sending nothing', async () => {
    const { owner, customer } = await ownerWithCustomer();
    const cases: Array<[unknown, string]> = [
      ['', INBOX_ERRORS.emptyReply],
      ['  \n\t ', INBOX_ERRORS.emptyReply],
      ['x'.repeat(INBOX_LIMITS.maxReplyLength + 1), INBOX_ERRORS.replyTooLong],
    ];
    for (const [text, detail] of cases) {
      const response = await reply(ctx.app, owner.token, customer, { text });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ detail, field: 'text' });
    }
    const missing = await reply(ctx.app, owner.token, customer, {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({ field: 'text' });

    const longest = await reply(ctx.app, owner.token, customer, { text: 'y'.repeat(INBOX_LIMITS.maxReplyLength) });
    expect(longest.statusCode).toBe(201);
    expect(await sentToCustomer(ctx.db, owner, customer)).toHaveLength(1);
  });

  it('refuses to quote a message that is not in this conversation', async () => {
    const { owner, customer } = await ownerWithCustomer();
    const elsewhere = newCustomer();
    const otherConversations = await customerWrites(ctx.app, ctx.db, owner, elsewhere);
    for (const quoted of [wamid(), otherConversations]) {
      const response = await reply(ctx.app, owner.token, customer, { text: 'Hi', in_reply_to_message_id: quoted });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({
        detail: INBOX_ERRORS.quotedNotFound,
        field: 'in_reply_to_message_id',
      });
    }
    expect(await sentToCustomer(ctx.db, owner, customer)).toEqual([]);
  });

  it('refuses outside the 24-hour window before calling WhatsApp', async () => {
    const { owner, customer } = await ownerWithCustomer();
    await ctx.db.query(`update conversations set last_inbound_at = now() - interval '25 hours' where user_id = $1`, [
      owner.userId,
    ]);
    const response = await reply(ctx.app, owner.token, customer, { text: 'Hello again' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ detail: INBOX_ERRORS.windowClosed, code: 'whatsapp_window_closed' });
    // The simulator still had the window open: the refusal was ours, before any call.
    expect(await sentToCustomer(ctx.db, owner, customer)).toEqual([]);
    expect(await storedMessages(owner.userId)).toEqual([]);
  });

  it("explains WhatsApp's own 131047 the same way", async () => {
    const owner = await connectedOwner(ctx.app);
    const customer = newCustomer();
    // Our inbox has the message, but WhatsApp's window for it has closed (here: it never saw it).
    await deliver(ctx.app, owner, customer, {
      from: customer,
      id: wamid(),
      timestamp: String(later()),
      type: 'text',
      text: { body: 'Hi' },
    });
    const response = await reply(ctx.app, owner.token, customer, { text: 'Hello' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ detail: INBOX_ERRORS.windowClosed });
    expect(await storedMessages(owner.userId)).toEqual([]);
  });

  it('refuses without a connection, and with one that needs reconnecting', async () => {
    const { owner, customer } = await ownerWithCustomer();
    await ctx.db.query(`update whatsapp_connections set status = 'needs_reconnection' where user_id = $1`, [
      owner.userId,
    ]);
    const broken = await reply(ctx.app, owner.token, customer, { text: 'Hi' });
    expect(broken.statusCode).toBe(409);
    expect(broken.json()).toMatchObject({ detail: WHATSAPP_ERRORS.tokenExpired });

    expect(
      (
        await ctx.app.inject({
          method: 'DELETE',
          url: '/api/v1/whatsapp/disconnect',
          headers: { authorization: `Bearer ${owner.token}` },
        })
      ).statusCode,
    ).toBe(200);
    const disconnected = await reply(ctx.app, owner.token, customer, { text: 'Hi' });
    expect(disconnected.statusCode).toBe(409);
    expect(disconnected.json()).toMatchObject({ detail: INBOX_ERRORS.notConnected, code: 'whatsapp_not_connected' });
    expect(await sentToCustomer(ctx.db, owner, customer)).toEqual([]);
    expect(await storedMessages(owner.userId)).toEqual([]);
  });

  it('answers 502 when WhatsApp refuses the token, keeps the message as failed, and asks to reconnect', async () => {
    const { owner, customer } = await ownerWithCustomer();
    const token = await businessTokenOf(ctx.app, ctx.db, owner.userId);
    await ctx.db.query('update sandbox_tokens set revoked_at = now() where token_hash = $1', [sha256Hex(token)]);

    const response = await reply(ctx.app, owner.token, customer, { text: 'Will this arrive?' });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({ detail: WHATSAPP_ERRORS.tokenExpired });

    const [failed] = await messagesOf(ctx.app, owner.token, customer).then((messages) =>
      messages.filter((message) => message.is_from_us),
    );
    expect(failed).toMatchObject({
      id: expect.stringMatching(/^failed\./),
      body: 'Will this arrive?',
      status: 'failed',
      status_reason: WHATSAPP_ERRORS.tokenExpired,
      sender: 'human',
    });
    expect((await apiGet(ctx.app, '/whatsapp/config', owner.token)).json()).toMatchObject({
      status: 'needs_reconnection',
    });
    const quoteFailed = await reply(ctx.app, owner.token, customer, { text: 'x', in_reply_to_message_id: failed.id });
    expect(quoteFailed.statusCode).toBe(422);
    expect(quoteFailed.json()).toMatchObject({ detail: INBOX_ERRORS.quotedNotSent });
  });

  it('answers 502 when WhatsApp cannot be reached, and keeps the message as failed', async () => {
    const { owner, customer } = await ownerWithCustomer();
    // The same database, but a Graph API at a port where nothing listens.
    const unreachable = await listeningApp(ctx.db, { graphApiBaseUrl: 'http://127.0.0.1:9' });
    try {
      const response = await reply(unreachable, owner.token, customer, { text: 'Anyone there?' });
      expect(response.statusCode).toBe(502);
      expect(response.json()).toMatchObject({ detail: WHATSAPP_ERRORS.unavailable });
    } finally {
      await unreachable.close();
    }
    expect(await storedMessages(owner.userId)).toEqual([
      expect.objectContaining({ status: 'failed', status_error: WHATSAPP_ERRORS.unavailable, sender: 'human' }),
    ]);
    expect((await conversationsOf(ctx.app, owner.token))[0].last_message).toBe('Anyone there?');
  });

  it("answers 404 for another owner's conversation, sending nothing", async () => {
    const { owner, customer, question } = await ownerWithCustomer();
    const stranger = await connectedOwner(ctx.app);
    const response = await reply(ctx.app, stranger.token, customer, { text: 'Hi' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ detail: INBOX_ERRORS.conversationNotFound });

    const ownCustomer = newCustomer();
    await customerWrites(ctx.app, ctx.db, stranger, ownCustomer);
    const crossQuote = await reply(ctx.app, stranger.token, ownCustomer, {
      text: 'Hi',
      in_reply_to_message_id: question,
    });
    expect(crossQuote.statusCode).toBe(422);
    expect(await sentToCustomer(ctx.db, owner, customer)).toEqual([]);
    expect(await sentToCustomer(ctx.db, stranger as Owner, ownCustomer)).toEqual([]);

    const { token } = await registerUser(ctx.app);
    expect((await reply(ctx.app, token, customer, { text: 'Hi' })).statusCode).toBe(404);
  });
});
