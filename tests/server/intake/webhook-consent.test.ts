import type { Conversation, Message } from '../../../contract';
import { parseNotification } from '../../../server/services/live/hub';
import { isDeepStrictEqual as isEqual } from 'node:util';
import { bearer, useTestApp } from '../support/helpers';
import {
  connectedOwner,
  conversationsOf,
  customerWrites,
  eventually,
  inboxUrl,
  newCustomer,
  type Owner,
} from '../support/inbox-fixtures';
import { envelope, postWebhook, type Json } from '../support/webhook-fixtures';
import { buildListeningSandboxApp } from '../support/whatsapp-helpers';

/**
 * A customer's consent to marketing messages (issue 28, item 7). The payloads follow Meta's examples in
 * the "user_preferences webhook reference" (updated 2026-05-21) and, for the BSUID, the "Business-scoped
 * user IDs" page (updated 2026-11-05); v23.0's OpenAPI file has neither.
 */

const ctx = useTestApp((db) => buildListeningSandboxApp(db));

const STOP = 'User requested to stop marketing messages';
const RESUME = 'User requested to resume marketing messages';
/** 2025-11-15T21:22:01Z, the time of Meta's example. */
const META_EXAMPLE_TIME = 1731705721;

interface Customer {
  phone?: string;
  bsuid?: string;
}

/** Meta's example delivery, for a customer named by phone number, BSUID or both. */
function preference(owner: Owner, customer: Customer, value: 'stop' | 'resume', timestamp: number) {
  const ids = {
    ...(customer.phone ? { wa_id: customer.phone } : {}),
    ...(customer.bsuid ? { user_id: customer.bsuid } : {}),
  };
  return envelope(
    owner.phoneNumberId,
    {
      contacts: [{ profile: { name: 'Sheena Nelson' }, ...ids }],
      user_preferences: [
        { ...ids, detail: value === 'stop' ? STOP : RESUME, category: 'marketing_messages', value, timestamp },
      ],
    },
    'user_preferences',
  );
}

async function deliver(body: Json) {
  const response = await postWebhook(ctx.app, body);
  expect(response.statusCode).toBe(200);
}

async function stoppedAt(owner: Owner, customer: string): Promise<string | null | undefined> {
  const listed = await conversationsOf(ctx.app, owner.token);
  return listed.find((conversation) => conversation.id.startsWith(customer))?.marketing_stopped_at;
}

async function preferencesOf(owner: Owner) {
  return ctx.db.query<Json>(
    'select customer, phone, stopped, changed_at, source from marketing_preferences where user_id = $1 order by id',
    [owner.userId],
  );
}

function bsuid(): string {
  return `US.${Math.floor(Math.random() * 1e15)}`;
}

describe('POST /api/v1/whatsapp/webhook: user_preferences', () => {
  it('shows a customer who stopped marketing messages on their conversation, and clears it when they resume', async () => {
    const owner = await connectedOwner(ctx.app);
    const customer = newCustomer();
    await customerWrites(ctx.app, ctx.db, owner, customer);
    expect(await stoppedAt(owner, customer)).toBeNull();

    await deliver(preference(owner, { phone: customer }, 'stop', META_EXAMPLE_TIME));
    expect(await stoppedAt(owner, customer)).toBe(new Date(META_EXAMPLE_TIME * 1000).toISOString());

    await deliver(preference(owner, { phone: customer }, 'resume', META_EXAMPLE_TIME + 60));
    expect(await stoppedAt(owner, customer)).toBeNull();
  });

  it('keeps the newest preference when retries arrive out of order, and a retry changes nothing twice', async () => {
    const owner = await connectedOwner(ctx.app);
    const customer = newCustomer();
    await customerWrites(ctx.app, ctx.db, owner, customer);
    const stop = preference(owner, { phone: customer }, 'stop', META_EXAMPLE_TIME + 120);

    await deliver(stop);
    await deliver(preference(owner, { phone: customer }, 'resume', META_EXAMPLE_TIME));
    await deliver(stop);

    expect(await stoppedAt(owner, customer)).toBe(new Date((META_EXAMPLE_TIME + 120) * 1000).toISOString());
    expect(await preferencesOf(owner)).toEqual([
      {
        customer,
        phone: customer,
        stopped: true,
        changed_at: new Date((META_EXAMPLE_TIME + 120) * 1000),
        source: 'user_preferences',
      },
    ]);
  });

  it('keeps the stop of a customer who never wrote, and shows it once they do', async () => {
    const owner = await connectedOwner(ctx.app);
    const customer = newCustomer();
    await deliver(preference(owner, { phone: customer }, 'stop', META_EXAMPLE_TIME));
    expect(await conversationsOf(ctx.app, owner.token)).toEqual([]);

    await customerWrites(ctx.app, ctx.db, owner, customer);

    expect(await stoppedAt(owner, customer)).toBe(new Date(META_EXAMPLE_TIME * 1000).toISOString());
  });

  it('finds a username customer by BSUID alone, and a phone customer by BSUID when the number is hidden', async () => {
    const owner = await connectedOwner(ctx.app);
    const username = bsuid();
    await deliver(
      envelope(owner.phoneNumberId, {
        contacts: [{ profile: { username: '@realsheenanelson' }, user_id: username }],
        messages: [
          {
            from_user_id: username,
            id: `wamid.${username}`,
            timestamp: '1749416383',
            type: 'text',
            text: { body: 'Hi' },
          },
        ],
      }),
    );
    await deliver(preference(owner, { bsuid: username }, 'stop', META_EXAMPLE_TIME));
    expect(await stoppedAt(owner, username)).toBe(new Date(META_EXAMPLE_TIME * 1000).toISOString());

    const phone = newCustomer();
    const phonesBsuid = bsuid();
    await deliver(
      envelope(owner.phoneNumberId, {
        contacts: [{ profile: { name: 'Kim' }, wa_id: phone, user_id: phonesBsuid }],
        messages: [
          {
            from: phone,
            from_user_id: phonesBsuid,
            id: `wamid.${phone}`,
            timestamp: '1749416383',
            type: 'text',
            text: { body: 'Hi' },
          },
        ],
      }),
    );
    await deliver(preference(owner, { bsuid: phonesBsuid }, 'stop', META_EXAMPLE_TIME));
    expect(await stoppedAt(owner, phone)).toBe(new Date(META_EXAMPLE_TIME * 1000).toISOString());
    // An older stop by number, then a newer resume by BSUID: the newest wins, whichever names the customer.
    await deliver(preference(owner, { phone, bsuid: phonesBsuid }, 'resume', META_EXAMPLE_TIME + 5));
    expect(await stoppedAt(owner, phone)).toBeNull();
  });

  it('keeps the stop of a customer whose BSUID changed (system user_changed_user_id)', async () => {
    const owner = await connectedOwner(ctx.app);
    const before = bsuid();
    const after = bsuid();
    const says = (from: string, message: Json) =>
      deliver(
        envelope(owner.phoneNumberId, {
          contacts: [{ profile: { username: '@mara' }, user_id: from }],
          messages: [{ from_user_id: from, id: `wamid.${Math.random()}`, timestamp: '1749416383', ...message }],
        }),
      );
    await says(before, { type: 'text', text: { body: 'Hi' } });
    await deliver(preference(owner, { bsuid: before }, 'stop', META_EXAMPLE_TIME));
    await says(after, {
      type: 'system',
      system: {
        body: 'Mara changed their business-scoped user ID',
        type: 'user_changed_user_id',
        user_id: after,
        previous_user_id: before,
      },
    });

    // The conversation keeps its id (the first BSUID) and its customer's stop, now kept by the new BSUID.
    expect(await stoppedAt(owner, before)).toBe(new Date(META_EXAMPLE_TIME * 1000).toISOString());
    expect((await preferencesOf(owner)).map((row) => row.customer)).toEqual([after]);
    // What Meta says of the new BSUID from now on applies, an older retry of the old one does not.
    await deliver(preference(owner, { bsuid: after }, 'resume', META_EXAMPLE_TIME + 5));
    await deliver(preference(owner, { bsuid: before }, 'stop', META_EXAMPLE_TIME));
    expect(await stoppedAt(owner, before)).toBeNull();
  });

  it("tells the owner's open tabs that the conversation changed", async () => {
    const owner = await connectedOwner(ctx.app);
    const customer = newCustomer();
    await customerWrites(ctx.app, ctx.db, owner, customer);
    const heard: string[] = [];
    const stop = await ctx.db.listen('threadline_events', {
      onPayload: (payload) => heard.push(payload),
      onInterrupted: () => undefined,
    });
    try {
      await deliver(preference(owner, { phone: customer }, 'stop', META_EXAMPLE_TIME));
      const changed = { type: 'conversation.changed', conversationId: `${customer}@c.us` };
      const heardOf = () =>
        heard
          .map((payload) => parseNotification(payload))
          .filter((n) => n?.userId === owner.userId)
          .flatMap((n) => n?.events ?? []);
      // PostgreSQL delivers notifications to a listener a moment after the commit.
      await eventually(async () => (heardOf().some((event) => isEqual(event, changed)) ? true : undefined));
    } finally {
      await stop();
    }
  });

  it("records nothing for another owner's customer, a number nobody connected, or an entry of another shape", async () => {
    const owner = await connectedOwner(ctx.app);
    const stranger = await connectedOwner(ctx.app);
    const customer = newCustomer();
    await customerWrites(ctx.app, ctx.db, owner, customer);
    await deliver(preference(stranger, { phone: customer }, 'stop', META_EXAMPLE_TIME));
    await deliver(preference({ ...owner, phoneNumberId: '999000111' }, { phone: customer }, 'stop', META_EXAMPLE_TIME));
    const odd = preference(owner, { phone: customer }, 'stop', META_EXAMPLE_TIME) as unknown as {
      entry: { changes: { value: { user_preferences: unknown[] } }[] }[];
    };
    odd.entry[0].changes[0].value.user_preferences = [
      { wa_id: customer, category: 'marketing_messages', value: 'maybe', timestamp: META_EXAMPLE_TIME },
      { wa_id: customer, category: 'other', value: 'stop', timestamp: META_EXAMPLE_TIME },
      { wa_id: customer, category: 'marketing_messages', value: 'stop', timestamp: 'yesterday' },
      null,
      { category: 'marketing_messages', value: 'stop', timestamp: META_EXAMPLE_TIME },
    ];
    await deliver(odd as unknown as Json);

    expect(await stoppedAt(owner, customer)).toBeNull();
    expect(await preferencesOf(owner)).toEqual([]);
    const raw = await ctx.db.query('select 1 from webhook_events where user_id = $1 and raw_body like $2', [
      owner.userId,
      '%"maybe"%',
    ]);
    expect(raw).toHaveLength(1);
  });
});

/** A customer who wrote, and the owner's marketing template to them, sent and waiting for its statuses. */
async function marketingTemplateSent() {
  const owner = await connectedOwner(ctx.app);
  const customer = newCustomer();
  await customerWrites(ctx.app, ctx.db, owner, customer);
  const conversation = await ctx.db.one<{ id: number }>(
    'select id from conversations where user_id = $1 and wa_id = $2',
    [owner.userId, customer],
  );
  const wamid = `wamid.marketing.${customer}`;
  await ctx.db.query(
    `insert into messages (user_id, conversation_id, wamid, direction, sender, type, body, raw, status, sent_at)
     values ($1, $2, $3, 'outbound', 'human', 'template', 'Our summer sale', '{}'::jsonb, 'sent', now())`,
    [owner.userId, conversation.id, wamid],
  );
  return { owner, customer, wamid };
}

describe('POST /api/v1/whatsapp/webhook: a marketing template failed with 131050', () => {
  it('explains the failure under the message and records that the customer stopped', async () => {
    const { owner, customer, wamid } = await marketingTemplateSent();

    await deliver(
      envelope(owner.phoneNumberId, {
        statuses: [
          {
            id: wamid,
            status: 'failed',
            timestamp: String(META_EXAMPLE_TIME),
            recipient_id: customer,
            errors: [
              {
                code: 131050,
                title: 'User has stopped marketing messages',
                message: 'User has stopped marketing messages',
                error_data: {
                  details:
                    'Unable to deliver the message. This recipient has chosen to stop receiving marketing messages on WhatsApp from your business.',
                },
              },
            ],
          },
        ],
      }),
    );

    const messages = (
      await ctx.app.inject({ method: 'GET', url: inboxUrl(customer), headers: bearer(owner.token) })
    ).json<Message[]>();
    expect(messages.find((message) => message.id === wamid)).toMatchObject({
      status: 'failed',
      status_reason: expect.stringContaining('stopped marketing messages from this business'),
    });
    expect(await stoppedAt(owner, customer)).toBe(new Date(META_EXAMPLE_TIME * 1000).toISOString());
    expect(await preferencesOf(owner)).toEqual([expect.objectContaining({ stopped: true, source: 'status_131050' })]);
  });

  it('explains 131049 (not delivered to keep engagement healthy) without recording a stop', async () => {
    const { owner, customer, wamid } = await marketingTemplateSent();
    await deliver(
      envelope(owner.phoneNumberId, {
        statuses: [
          {
            id: wamid,
            status: 'failed',
            timestamp: String(META_EXAMPLE_TIME),
            recipient_id: customer,
            errors: [
              { code: 131049, title: 'This message was not delivered to maintain healthy ecosystem engagement.' },
            ],
          },
        ],
      }),
    );

    const listed: Conversation[] = await conversationsOf(ctx.app, owner.token);
    expect(listed[0].marketing_stopped_at).toBeNull();
    const messages = (
      await ctx.app.inject({ method: 'GET', url: inboxUrl(customer), headers: bearer(owner.token) })
    ).json<Message[]>();
    expect(messages.find((message) => message.id === wamid)?.status_reason).toMatch(
      /^WhatsApp did not deliver this marketing message.*utility template/,
    );
  });
});
