import { INBOX_ERRORS, WHATSAPP_ERRORS, type InboxSettings, type Message } from '../../../contract';
import type { App } from '../../../server/app';
import { sha256Hex } from '../../../server/services/digest';
import { isReactionEmoji } from '../../../server/services/inbox/reaction';
import { bearer, useTestApp } from '../support/helpers';
import {
  connectedOwner,
  customerWrites,
  customerWritesWithBsuid,
  eventually,
  inboxUrl,
  later,
  messagesOf,
  newCustomer,
  type Owner,
  reply,
} from '../support/inbox-fixtures';
import { envelope, postWebhook, type Json } from '../support/webhook-fixtures';
import { buildListeningSandboxApp, businessTokenOf } from '../support/whatsapp-helpers';

const ctx = useTestApp((db) => buildListeningSandboxApp(db));

function react(app: App, token: string, customer: string, messageId: string, payload: Json) {
  return app.inject({
    method: 'POST',
    url: inboxUrl(customer, `/messages/${encodeURIComponent(messageId)}/reaction`),
    headers: bearer(token),
    payload,
  });
}

/** What the simulator (standing in for WhatsApp) shows on the customer's message as the business's reaction. */
async function reactionOnPhone(wamid: string) {
  const row = await ctx.db.one<{ business_reaction: string | null }>(
    'select business_reaction from sandbox_messages where wamid = $1',
    [wamid],
  );
  return row.business_reaction;
}

async function ownerWithCustomer() {
  const owner = await connectedOwner(ctx.app);
  const customer = newCustomer();
  const question = await customerWrites(ctx.app, ctx.db, owner, customer, { text: 'Can I pick it up at six?' });
  return { owner, customer, question };
}

/** A customer who writes with their number hidden behind a username: known by BSUID only. */
function usernameCustomerWrites(owner: Owner) {
  return customerWritesWithBsuid(ctx.app, ctx.db, owner, newCustomer(), 'Is it in stock?', true);
}

afterEach(() => jest.restoreAllMocks());

describe('POST /api/v1/messages/conversations/{id}/messages/{messageId}/reaction', () => {
  it('reacts on WhatsApp with `to` for a phone customer, and answers the message with the reaction as ours', async () => {
    const { owner, customer, question } = await ownerWithCustomer();
    const sendReaction = jest.spyOn(ctx.app.whatsapp.graph, 'sendReaction');

    const response = await react(ctx.app, owner.token, customer, question, { emoji: '👍' });

    expect(response.statusCode).toBe(200);
    expect(response.json<Message>()).toMatchObject({ id: question, reactions: [{ emoji: '👍', from_us: true }] });
    expect(sendReaction).toHaveBeenCalledWith(expect.any(String), owner.phoneNumberId, {
      to: customer,
      messageId: question,
      emoji: '👍',
    });
    expect(await reactionOnPhone(question)).toBe('👍');
    const [shown] = await messagesOf(ctx.app, owner.token, customer);
    expect(shown.reactions).toEqual([{ emoji: '👍', from_us: true }]);
  });

  it('reaches a customer known only by BSUID through recipient', async () => {
    const owner = await connectedOwner(ctx.app);
    const { bsuid, wamid } = await usernameCustomerWrites(owner);
    const sendReaction = jest.spyOn(ctx.app.whatsapp.graph, 'sendReaction');

    const response = await react(ctx.app, owner.token, bsuid, wamid, { emoji: '❤️' });

    expect(response.statusCode).toBe(200);
    // The client sends a BSUID as `recipient` (whatsapp-graph-client.test.ts); the sandbox found the customer by it.
    expect(sendReaction).toHaveBeenCalledWith(expect.any(String), owner.phoneNumberId, {
      to: bsuid,
      messageId: wamid,
      emoji: '❤️',
    });
    expect(await reactionOnPhone(wamid)).toBe('❤️');
  });

  it('takes the reaction back with an empty emoji, keeping the customer’s own', async () => {
    const { owner, customer, question } = await ownerWithCustomer();
    const customerReaction = {
      from: customer,
      id: `wamid.reaction-${later()}`,
      timestamp: String(later()),
      type: 'reaction',
      reaction: { message_id: question, emoji: '🙏' },
    };
    // The customer reacting to their own message, as WhatsApp allows: it shows as theirs.
    expect(
      (await postWebhook(ctx.app, envelope(owner.phoneNumberId, { messages: [customerReaction] }))).statusCode,
    ).toBe(200);
    await react(ctx.app, owner.token, customer, question, { emoji: '😮' });
    const [both] = await messagesOf(ctx.app, owner.token, customer);
    expect(both.reactions).toEqual(
      expect.arrayContaining([
        { emoji: '🙏', from_us: false },
        { emoji: '😮', from_us: true },
      ]),
    );

    const removed = await react(ctx.app, owner.token, customer, question, { emoji: '' });

    expect(removed.statusCode).toBe(200);
    expect(removed.json<Message>().reactions).toEqual([{ emoji: '🙏', from_us: false }]);
    expect(await reactionOnPhone(question)).toBeNull();
  });

  it('refuses what is not one emoji, naming the field, and sends nothing', async () => {
    const { owner, customer, question } = await ownerWithCustomer();
    const sendReaction = jest.spyOn(ctx.app.whatsapp.graph, 'sendReaction');
    for (const emoji of ['ok', '👍👍', ' 👍', '1', '👍'.repeat(20)]) {
      const refused = await react(ctx.app, owner.token, customer, question, { emoji });
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({ field: 'emoji' });
    }
    const missing = await react(ctx.app, owner.token, customer, question, {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({ field: 'emoji' });
    expect(sendReaction).not.toHaveBeenCalled();
    expect(await reactionOnPhone(question)).toBeNull();
  });

  it("refuses a reaction to the owner's own message, and to one not in the conversation", async () => {
    const { owner, customer } = await ownerWithCustomer();
    const ours = (await reply(ctx.app, owner.token, customer, { text: 'Yes, see you then.' })).json<Message>();
    const own = await react(ctx.app, owner.token, customer, ours.id, { emoji: '👍' });
    expect(own.statusCode).toBe(422);
    expect(own.json()).toMatchObject({ field: 'messageId', detail: INBOX_ERRORS.reactionToOwnMessage });

    const unknown = await react(ctx.app, owner.token, customer, 'wamid.not-here', { emoji: '👍' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ detail: INBOX_ERRORS.messageNotFound });
  });

  it("answers 404 for another owner's message, sending nothing", async () => {
    const { owner, customer, question } = await ownerWithCustomer();
    const stranger = await connectedOwner(ctx.app);
    const theirCustomer = newCustomer();
    await customerWrites(ctx.app, ctx.db, stranger, theirCustomer);

    expect((await react(ctx.app, stranger.token, customer, question, { emoji: '👍' })).statusCode).toBe(404);
    // Their own conversation, but the other owner's message in it.
    const crossed = await react(ctx.app, stranger.token, theirCustomer, question, { emoji: '👍' });
    expect(crossed.statusCode).toBe(404);
    expect(crossed.json()).toMatchObject({ detail: INBOX_ERRORS.messageNotFound });
    expect(await reactionOnPhone(question)).toBeNull();
    expect((await messagesOf(ctx.app, owner.token, customer))[0].reactions).toEqual([]);
  });

  it('explains a closed 24-hour window and a refused token as the reply does, storing nothing', async () => {
    const { owner, customer, question } = await ownerWithCustomer();
    await ctx.db.query("update conversations set last_inbound_at = now() - interval '25 hours' where user_id = $1", [
      owner.userId,
    ]);
    const closed = await react(ctx.app, owner.token, customer, question, { emoji: '👍' });
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toMatchObject({ detail: INBOX_ERRORS.windowClosed, code: 'whatsapp_window_closed' });

    await ctx.db.query('update conversations set last_inbound_at = now() where user_id = $1', [owner.userId]);
    const token = await businessTokenOf(ctx.app, ctx.db, owner.userId);
    await ctx.db.query('update sandbox_tokens set revoked_at = now() where token_hash = $1', [sha256Hex(token)]);
    const refused = await react(ctx.app, owner.token, customer, question, { emoji: '👍' });
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toMatchObject({ detail: WHATSAPP_ERRORS.tokenExpired });
    expect((await messagesOf(ctx.app, owner.token, customer))[0].reactions).toEqual([]);
  });
});

describe('isReactionEmoji', () => {
  it('takes one emoji of any make, or nothing', () => {
    for (const emoji of ['', '👍', '❤️', '👍🏽', '👩‍👩‍👧', '🇧🇷', '1️⃣', '‼️']) expect(isReactionEmoji(emoji)).toBe(true);
    for (const text of ['a', 'ok', '👍👍', '👍 ', '#', '1', '♥a']) expect(isReactionEmoji(text)).toBe(false);
  });
});

describe('read receipts on opening a conversation (GET/PUT /api/v1/messages/settings)', () => {
  const settings = (owner: Owner, payload?: InboxSettings) =>
    ctx.app.inject({
      method: payload ? 'PUT' : 'GET',
      url: '/api/v1/messages/settings',
      headers: bearer(owner.token),
      ...(payload ? { payload } : {}),
    });
  const readAt = async (wamid: string) =>
    (await ctx.db.one<{ read_at: Date | null }>('select read_at from sandbox_messages where wamid = $1', [wamid]))
      .read_at ?? undefined;

  it('are on by default, and sends none while the owner turned them off', async () => {
    const owner = await connectedOwner(ctx.app);
    expect((await settings(owner)).json()).toEqual({ read_receipts: true });
    const saved = await settings(owner, { read_receipts: false });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ read_receipts: false });
    expect((await settings(owner)).json()).toEqual({ read_receipts: false });
    const markRead = jest.spyOn(ctx.app.whatsapp.graph, 'markRead');

    const unseen = newCustomer();
    const unseenQuestion = await customerWrites(ctx.app, ctx.db, owner, unseen);
    await messagesOf(ctx.app, owner.token, unseen);

    // Turned back on, the next opening sends its receipt; the one opened while off never got one.
    await settings(owner, { read_receipts: true });
    const seen = newCustomer();
    const seenQuestion = await customerWrites(ctx.app, ctx.db, owner, seen);
    await messagesOf(ctx.app, owner.token, seen);
    await eventually(() => readAt(seenQuestion));
    expect(markRead).toHaveBeenCalledTimes(1);
    expect(markRead).toHaveBeenCalledWith(expect.any(String), owner.phoneNumberId, seenQuestion);
    expect(await readAt(unseenQuestion)).toBeUndefined();
  });

  it('keep one owner’s choice to that owner, and refuse a setting that is not a boolean', async () => {
    const [quiet, other] = [await connectedOwner(ctx.app), await connectedOwner(ctx.app)];
    await settings(quiet, { read_receipts: false });
    expect((await settings(other)).json()).toEqual({ read_receipts: true });
    const refused = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/messages/settings',
      headers: bearer(other.token),
      payload: { read_receipts: 'no' },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ field: 'read_receipts' });
    expect((await settings(other)).json()).toEqual({ read_receipts: true });
  });
});
