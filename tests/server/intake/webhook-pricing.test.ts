import type { Message } from '../../../contract';
import { bearer, useTestApp } from '../support/helpers';
import { openStream } from '../support/live-stream';
import {
  connectedOwner,
  CUSTOMER,
  envelope,
  postWebhook,
  storedReply,
  wamid,
  type Json,
} from '../support/webhook-fixtures';
import { buildListeningSandboxApp } from '../support/whatsapp-helpers';

/**
 * What each message costs (issue 28, item 6): statuses as Meta sends them since per-message pricing
 * (2025-07-01). The payloads follow Meta's "Status messages webhook reference" (updated 2026-05-21) and
 * "Pricing updates on the WhatsApp Business Platform" examples: `pricing_model` "PMP" with a `type`, the
 * older conversation-based ("CBP") shape with a `conversation`, and a customer known only by BSUID.
 */

const ctx = useTestApp((db) => buildListeningSandboxApp(db));

const BSUID = 'US.13491208655302741918';

function statusOf(phoneNumberId: string, status: Json) {
  return envelope(phoneNumberId, { statuses: [status] });
}

/** Meta's example of a delivered marketing template under per-message pricing. */
function pmpMarketing(id: string, status = 'sent'): Json {
  return {
    id,
    status,
    timestamp: '1750263773',
    recipient_id: CUSTOMER,
    recipient_user_id: BSUID,
    pricing: { billable: true, pricing_model: 'PMP', category: 'marketing', type: 'regular' },
  };
}

/** A free-form reply inside the customer service window: free, `free_customer_service`. */
function pmpService(id: string, status = 'delivered'): Json {
  return {
    id,
    status,
    timestamp: '1750263774',
    recipient_id: CUSTOMER,
    recipient_user_id: BSUID,
    pricing: { billable: false, pricing_model: 'PMP', category: 'service', type: 'free_customer_service' },
  };
}

async function pricingOf(id: string) {
  return ctx.db.one<Json>(
    'select status, billable, pricing_model, pricing_category, pricing_type from messages where wamid = $1',
    [id],
  );
}

describe('POST /api/v1/whatsapp/webhook: what each message costs', () => {
  it('keeps the pricing of a billed marketing template (PMP, regular)', async () => {
    const { userId, phoneNumberId } = await connectedOwner(ctx.app);
    const id = await storedReply(ctx.db, userId);

    expect((await postWebhook(ctx.app, statusOf(phoneNumberId, pmpMarketing(id, 'delivered')))).statusCode).toBe(200);

    expect(await pricingOf(id)).toEqual({
      status: 'delivered',
      billable: true,
      pricing_model: 'PMP',
      pricing_category: 'marketing',
      pricing_type: 'regular',
    });
  });

  it('keeps a free service reply as free_customer_service', async () => {
    const { userId, phoneNumberId } = await connectedOwner(ctx.app);
    const id = await storedReply(ctx.db, userId);

    await postWebhook(ctx.app, statusOf(phoneNumberId, pmpService(id)));

    expect(await pricingOf(id)).toMatchObject({
      billable: false,
      pricing_category: 'service',
      pricing_type: 'free_customer_service',
    });
  });

  it('stores an older conversation-based status as it came, with no type', async () => {
    const { userId, phoneNumberId } = await connectedOwner(ctx.app);
    const id = await storedReply(ctx.db, userId);
    const cbp = {
      id,
      status: 'sent',
      timestamp: '1719000000',
      recipient_id: CUSTOMER,
      conversation: { id: 'CONVERSATION_ID', expiration_timestamp: '1719086400', origin: { type: 'utility' } },
      pricing: { billable: true, pricing_model: 'CBP', category: 'utility' },
    };

    await postWebhook(ctx.app, statusOf(phoneNumberId, cbp));

    expect(await pricingOf(id)).toEqual({
      status: 'sent',
      billable: true,
      pricing_model: 'CBP',
      pricing_category: 'utility',
      pricing_type: null,
    });
  });

  it('matches by message id a status that names the customer by BSUID only', async () => {
    const { userId, phoneNumberId } = await connectedOwner(ctx.app);
    const id = await storedReply(ctx.db, userId);
    const { recipient_id: _phone, ...byBsuid } = pmpMarketing(id);

    await postWebhook(ctx.app, statusOf(phoneNumberId, byBsuid));

    expect(await pricingOf(id)).toMatchObject({ status: 'sent', billable: true, pricing_category: 'marketing' });
  });

  it('sets the pricing once: a duplicate or a later status changes nothing, a later one fills what was missing', async () => {
    const { userId, phoneNumberId } = await connectedOwner(ctx.app);
    const id = await storedReply(ctx.db, userId);
    const partial = { ...pmpMarketing(id), pricing: { billable: true, pricing_model: 'PMP', category: 'marketing' } };
    await postWebhook(ctx.app, statusOf(phoneNumberId, partial));
    const first = await ctx.db.one<{ updated_at: Date }>('select updated_at from messages where wamid = $1', [id]);

    // Retried as it was: nothing changes, not even the row's time (the inbox's ETag stays).
    await postWebhook(ctx.app, statusOf(phoneNumberId, partial));
    expect(await ctx.db.one('select updated_at from messages where wamid = $1', [id])).toEqual(first);

    // A later status with other words keeps the first ones and fills the missing type.
    await postWebhook(ctx.app, statusOf(phoneNumberId, pmpService(id, 'read')));
    expect(await pricingOf(id)).toEqual({
      status: 'read',
      billable: true,
      pricing_model: 'PMP',
      pricing_category: 'marketing',
      pricing_type: 'free_customer_service',
    });
  });

  it('takes the first pricing of one message when a delivery carries several statuses of it', async () => {
    const { userId, phoneNumberId } = await connectedOwner(ctx.app);
    const id = await storedReply(ctx.db, userId);

    await postWebhook(
      ctx.app,
      envelope(phoneNumberId, { statuses: [pmpMarketing(id, 'sent'), pmpService(id, 'delivered')] }),
    );

    expect(await pricingOf(id)).toEqual({
      status: 'delivered',
      billable: true,
      pricing_model: 'PMP',
      pricing_category: 'marketing',
      pricing_type: 'regular',
    });
  });

  it('keeps an unknown category as given and never refuses a status for its pricing', async () => {
    const { userId, phoneNumberId } = await connectedOwner(ctx.app);
    const known = await storedReply(ctx.db, userId);
    const odd = await storedReply(ctx.db, userId);
    const delivery = envelope(phoneNumberId, {
      statuses: [
        {
          ...pmpMarketing(known),
          pricing: { billable: true, pricing_model: 'PMP', category: 'authentication_international', type: 'regular' },
        },
        { ...pmpMarketing(odd), pricing: { billable: 'yes', category: 'x'.repeat(500), type: 7 } },
      ],
    });

    expect((await postWebhook(ctx.app, delivery)).statusCode).toBe(200);

    expect(await pricingOf(known)).toMatchObject({ pricing_category: 'authentication_international' });
    expect(await pricingOf(odd)).toEqual({
      status: 'sent',
      billable: null,
      pricing_model: null,
      pricing_category: null,
      pricing_type: null,
    });
  });

  it('stores the status even when its pricing is not an object', async () => {
    const { userId, phoneNumberId } = await connectedOwner(ctx.app);
    const id = await storedReply(ctx.db, userId);

    await postWebhook(ctx.app, statusOf(phoneNumberId, { ...pmpMarketing(id, 'delivered'), pricing: 'PMP' }));

    expect(await pricingOf(id)).toMatchObject({ status: 'delivered', billable: null, pricing_category: null });
  });

  it("does not write another owner's message that has the same id", async () => {
    const first = await connectedOwner(ctx.app);
    const second = await connectedOwner(ctx.app);
    const id = await storedReply(ctx.db, first.userId);

    await postWebhook(ctx.app, statusOf(second.phoneNumberId, pmpMarketing(id)));

    expect(await pricingOf(id)).toMatchObject({ status: 'sent', billable: null, pricing_category: null });
  });
});

describe('GET /api/v1/events: a price told late', () => {
  it('tells the open conversation when a status that changes nothing else brings the price', async () => {
    const { userId, phoneNumberId, token } = await connectedOwner(ctx.app);
    const id = await storedReply(ctx.db, userId, 'read');
    const { port } = ctx.app.server.address() as { port: number };
    const live = await openStream(`http://127.0.0.1:${port}`, token);
    try {
      await live.next((event) => event.type === 'inbox.version');

      await postWebhook(ctx.app, statusOf(phoneNumberId, pmpMarketing(id, 'delivered')));

      const { id: messageId } = await ctx.db.one<{ id: number }>('select id from messages where wamid = $1', [id]);
      expect(await live.next((event) => event.type === 'message.status')).toEqual({
        type: 'message.status',
        conversationId: `${CUSTOMER}@c.us`,
        messageId: Number(messageId),
        status: 'read',
      });
    } finally {
      live.close();
    }
  });
});

describe('GET /api/v1/messages/conversations/{id}: what each message cost', () => {
  it("shows our message's pricing, and none on the customer's", async () => {
    const { userId, phoneNumberId, token } = await connectedOwner(ctx.app);
    const id = await storedReply(ctx.db, userId);
    await postWebhook(
      ctx.app,
      envelope(phoneNumberId, {
        contacts: [{ profile: { name: 'Sheena Nelson' }, wa_id: CUSTOMER }],
        messages: [{ from: CUSTOMER, id: wamid(), timestamp: '1750263000', type: 'text', text: { body: 'Hi' } }],
      }),
    );
    await postWebhook(ctx.app, statusOf(phoneNumberId, pmpMarketing(id)));

    const thread = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/messages/conversations/${CUSTOMER}@c.us`,
      headers: bearer(token),
    });

    expect(thread.statusCode).toBe(200);
    const messages = thread.json<Message[]>();
    expect(messages.find((message) => message.id === id)?.pricing).toEqual({
      billable: true,
      category: 'marketing',
      type: 'regular',
    });
    expect(messages.find((message) => !message.is_from_us)?.pricing).toBeUndefined();
  });
});
