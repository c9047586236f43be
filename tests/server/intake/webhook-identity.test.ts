import type { Conversation, Message } from '../../../contract';
import { bearer, useTestApp } from '../support/helpers';
import {
  connectedOwner,
  envelope,
  postWebhook,
  storedFor,
  storedReply,
  wamid,
  type Json,
} from '../support/webhook-fixtures';
import { buildListeningSandboxApp } from '../support/whatsapp-helpers';

/**
 * Customers as Meta names them since April 2026 (issue 28; WHATSAPP.md §0): a business-scoped user ID
 * (BSUID) on every message, the phone number only when the customer shows it. The payloads follow
 * the examples of Meta's "Business-scoped user IDs" page (updated 2026-11-05) and "System messages
 * webhook reference" (updated 2026-08-11); v23.0's OpenAPI file predates these fields.
 */

const ctx = useTestApp((db) => buildListeningSandboxApp(db));

const PHONE = '16505551234';
const BSUID = 'US.13491208655302741918';
const PARENT_BSUID = 'US.ENT.11815799212886844830';

/** Meta's username example: no `wa_id`, no `from`, only the BSUID and the username. */
function usernameOnly(phoneNumberId: string, text = 'Does it come in another color?', userId = BSUID) {
  return envelope(phoneNumberId, {
    contacts: [{ profile: { name: 'Sheena Nelson', username: '@realsheenanelson' }, user_id: userId }],
    messages: [{ from_user_id: userId, id: wamid(), timestamp: '1749416383', type: 'text', text: { body: text } }],
  });
}

/** Meta's example for a customer whose number is shown: both identifiers. */
function phoneAndBsuid(phoneNumberId: string, text = 'Hello', extra: Json = {}) {
  return envelope(phoneNumberId, {
    contacts: [{ profile: { name: 'Sheena Nelson' }, wa_id: PHONE, user_id: BSUID, ...extra }],
    messages: [
      { from: PHONE, from_user_id: BSUID, id: wamid(), timestamp: '1749416383', type: 'text', text: { body: text } },
    ],
  });
}

async function conversationsOf(userId: number) {
  return ctx.db.query<Json>(
    `select wa_id, bsuid, parent_bsuid, username, profile_name, unread_count from conversations
      where user_id = $1 order by bsuid`,
    [userId],
  );
}

describe('POST /api/v1/whatsapp/webhook: customers by business-scoped user ID', () => {
  it("stores a username customer's message beside the delivery's other messages, none lost", async () => {
    const { userId, phoneNumberId, token } = await connectedOwner(ctx.app);
    const delivery = usernameOnly(phoneNumberId) as unknown as { entry: { changes: { value: Json }[] }[] };
    const value = delivery.entry[0].changes[0].value as { contacts: Json[]; messages: Json[] };
    value.contacts.push({ profile: { name: 'Kim' }, wa_id: '15550009999', user_id: 'US.777' });
    value.messages.push({
      from: '15550009999',
      from_user_id: 'US.777',
      id: wamid(),
      timestamp: '1749416390',
      type: 'text',
      text: { body: 'Hi' },
    });

    expect((await postWebhook(ctx.app, delivery as unknown as Json)).statusCode).toBe(200);

    expect((await storedFor(ctx.db, userId)).messages.map((message) => message.body)).toEqual([
      'Does it come in another color?',
      'Hi',
    ]);
    expect(await conversationsOf(userId)).toEqual([
      {
        wa_id: BSUID,
        bsuid: BSUID,
        parent_bsuid: null,
        username: '@realsheenanelson',
        profile_name: 'Sheena Nelson',
        unread_count: 1,
      },
      {
        wa_id: '15550009999',
        bsuid: 'US.777',
        parent_bsuid: null,
        username: null,
        profile_name: 'Kim',
        unread_count: 1,
      },
    ]);
    const listed = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/messages/conversations',
      headers: bearer(token),
    });
    expect(
      listed
        .json<Conversation[]>()
        .map(({ id }) => id)
        .sort(),
    ).toEqual(['15550009999@c.us', `${BSUID}@bsuid`]);
    const thread = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/messages/conversations/${encodeURIComponent(`${BSUID}@bsuid`)}`,
      headers: bearer(token),
    });
    expect(thread.statusCode).toBe(200);
    expect(thread.json<Message[]>().map((message) => message.body)).toEqual(['Does it come in another color?']);
  });

  it('names a username customer by their username, never by a number', async () => {
    const { phoneNumberId, token } = await connectedOwner(ctx.app);
    const delivery = usernameOnly(phoneNumberId) as unknown as {
      entry: { changes: { value: { contacts: Json[] } }[] }[];
    };
    delivery.entry[0].changes[0].value.contacts = [{ profile: { username: '@realsheenanelson' }, user_id: BSUID }];
    await postWebhook(ctx.app, delivery as unknown as Json);

    const listed = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/messages/conversations',
      headers: bearer(token),
    });
    expect(listed.json<Conversation[]>()).toMatchObject([{ id: `${BSUID}@bsuid`, name: '@realsheenanelson' }]);
  });

  it('finds a username customer by their username in the inbox search', async () => {
    const { phoneNumberId, token } = await connectedOwner(ctx.app);
    const delivery = usernameOnly(phoneNumberId) as unknown as {
      entry: { changes: { value: { contacts: Json[] } }[] }[];
    };
    delivery.entry[0].changes[0].value.contacts = [{ profile: { username: '@realsheenanelson' }, user_id: BSUID }];
    await postWebhook(ctx.app, delivery as unknown as Json);

    const found = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/messages/conversations?limit=50&q=realsheena',
      headers: bearer(token),
    });
    expect(found.json<Conversation[]>().map(({ id }) => id)).toEqual([`${BSUID}@bsuid`]);
  });

  it('keeps a phone customer who later hides their number in the same conversation', async () => {
    const { userId, phoneNumberId } = await connectedOwner(ctx.app);
    await postWebhook(ctx.app, phoneAndBsuid(phoneNumberId, 'With my number'));
    await postWebhook(ctx.app, usernameOnly(phoneNumberId, 'Without it'));

    expect(await conversationsOf(userId)).toEqual([
      {
        wa_id: PHONE,
        bsuid: BSUID,
        parent_bsuid: null,
        username: '@realsheenanelson',
        profile_name: 'Sheena Nelson',
        unread_count: 2,
      },
    ]);
  });

  it('gives a phone customer known from before BSUIDs their BSUID instead of a second conversation', async () => {
    const { userId, phoneNumberId } = await connectedOwner(ctx.app);
    await postWebhook(
      ctx.app,
      envelope(phoneNumberId, {
        contacts: [{ profile: { name: 'Sheena Nelson' }, wa_id: PHONE }],
        messages: [{ from: PHONE, id: wamid(), timestamp: '1749416383', type: 'text', text: { body: 'Old' } }],
      }),
    );
    await postWebhook(ctx.app, phoneAndBsuid(phoneNumberId, 'New'));
    await postWebhook(ctx.app, usernameOnly(phoneNumberId, 'Hidden'));

    expect(await conversationsOf(userId)).toMatchObject([{ wa_id: PHONE, bsuid: BSUID, unread_count: 3 }]);
  });

  it('keeps the parent BSUID Meta sends for linked portfolios', async () => {
    const { userId, phoneNumberId } = await connectedOwner(ctx.app);
    const delivery = phoneAndBsuid(phoneNumberId, 'Hello', { parent_user_id: PARENT_BSUID }) as unknown as {
      entry: { changes: { value: { messages: Json[] } }[] }[];
    };
    delivery.entry[0].changes[0].value.messages[0].from_parent_user_id = PARENT_BSUID;
    await postWebhook(ctx.app, delivery as unknown as Json);

    expect(await conversationsOf(userId)).toMatchObject([{ wa_id: PHONE, bsuid: BSUID, parent_bsuid: PARENT_BSUID }]);
  });

  it('moves the customer along when their BSUID changes (system user_changed_user_id), nothing duplicated', async () => {
    const { userId, phoneNumberId } = await connectedOwner(ctx.app);
    const NEW_BSUID = 'US.99887766554433221100';
    await postWebhook(ctx.app, usernameOnly(phoneNumberId, 'Before'));
    const change = envelope(phoneNumberId, {
      messages: [
        {
          from_user_id: NEW_BSUID,
          id: wamid(),
          timestamp: '1749416400',
          type: 'system',
          system: {
            body: 'User Sheena Nelson changed their business-scoped user ID',
            type: 'user_changed_user_id',
            user_id: NEW_BSUID,
            previous_user_id: BSUID,
          },
        },
      ],
    });
    expect((await postWebhook(ctx.app, change)).statusCode).toBe(200);
    await postWebhook(ctx.app, usernameOnly(phoneNumberId, 'After', NEW_BSUID));

    expect(await conversationsOf(userId)).toMatchObject([{ wa_id: BSUID, bsuid: NEW_BSUID, unread_count: 3 }]);
    expect((await storedFor(ctx.db, userId)).messages.map((message) => message.type)).toEqual([
      'text',
      'system',
      'text',
    ]);
  });

  it('refuses a message that names no sender as a whole (400), storing nothing', async () => {
    const { userId, phoneNumberId } = await connectedOwner(ctx.app);
    const delivery = usernameOnly(phoneNumberId) as unknown as {
      entry: { changes: { value: { messages: Json[] } }[] }[];
    };
    delete delivery.entry[0].changes[0].value.messages[0].from_user_id;

    const response = await postWebhook(ctx.app, delivery as unknown as Json);

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ detail: expect.stringContaining('must name its sender') });
    expect(await conversationsOf(userId)).toEqual([]);
  });

  it('applies a status that names the customer by BSUID only (no recipient_id)', async () => {
    const { userId, phoneNumberId } = await connectedOwner(ctx.app);
    const id = await storedReply(ctx.db, userId);
    const status = envelope(phoneNumberId, {
      statuses: [{ id, status: 'delivered', timestamp: '1750263773', recipient_user_id: BSUID }],
    });

    expect((await postWebhook(ctx.app, status)).statusCode).toBe(200);

    const row = await ctx.db.one<{ status: string }>('select status from messages where wamid = $1', [id]);
    expect(row.status).toBe('delivered');
  });
});
