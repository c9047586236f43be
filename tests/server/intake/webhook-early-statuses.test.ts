import type { Message } from '../../../contract';
import { useTestApp } from '../support/helpers';
import { connectedOwner as ownerWithInbox, customerWrites, newCustomer, reply } from '../support/inbox-fixtures';
import { connectedOwner, envelope, postWebhook, storedReply, wamid, type Json } from '../support/webhook-fixtures';
import { buildListeningSandboxApp } from '../support/whatsapp-helpers';

/**
 * Statuses that come before their message is stored (migration 0057). Meta promises no order: a customer
 * who reads a reply at once may have it `read` while our send is still storing the message it answered.
 * Such a status is kept for the message and taken when the send stores it; a status and the send take
 * turns per message, so neither misses the other.
 */

const ctx = useTestApp((db) => buildListeningSandboxApp(db));

const PRICING = { billable: false, pricing_model: 'PMP', category: 'service', type: 'free_customer_service' };

function status(id: string, value: string, extra: Json = {}): Json {
  return { id, status: value, timestamp: '1750263773', recipient_id: '16505551234', ...extra };
}

function statuses(phoneNumberId: string, ...updates: Json[]) {
  return envelope(phoneNumberId, { statuses: updates });
}

async function kept(userId: number, id: string) {
  return ctx.db.maybeOne<Json>(
    `select status, status_error, status_error_code, billable, pricing_model, pricing_category, pricing_type
       from early_statuses where user_id = $1 and wamid = $2`,
    [userId, id],
  );
}

async function storedStatus(id: string) {
  return ctx.db.one<Json>('select status, billable, pricing_category, pricing_type from messages where wamid = $1', [
    id,
  ]);
}

describe('a status that comes before its message is stored', () => {
  it('is taken by the send: a reply read before it was stored shows read, with its price', async () => {
    const owner = await ownerWithInbox(ctx.app);
    const customer = newCustomer();
    await customerWrites(ctx.app, ctx.db, owner, customer, { text: 'Do you open on Sundays?' });
    const graph = ctx.app.whatsapp.graph;
    const send = graph.sendText.bind(graph);
    // Meta's answer has come back, but before our send stores the message, its statuses arrive.
    const sendText = jest.spyOn(graph, 'sendText').mockImplementation(async (...args) => {
      const answer = await send(...args);
      const id = answer.messages[0].id;
      const early = statuses(owner.phoneNumberId, status(id, 'delivered', { pricing: PRICING }), status(id, 'read'));
      expect((await postWebhook(ctx.app, early)).statusCode).toBe(200);
      return answer;
    });

    const response = await reply(ctx.app, owner.token, customer, { text: 'From 10 to 4.' });
    sendText.mockRestore();

    expect(response.statusCode).toBe(201);
    const sent = response.json<Message>();
    expect(sent.status).toBe('read');
    expect(await storedStatus(sent.id)).toEqual({
      status: 'read',
      billable: false,
      pricing_category: 'service',
      pricing_type: 'free_customer_service',
    });
    expect(await kept(owner.userId, sent.id)).toBeUndefined();
  });

  it('keeps what came out of order as a stored message would: forward only, the first price, failed only early', async () => {
    const { userId, phoneNumberId } = await connectedOwner(ctx.app);
    const id = wamid();
    const marketing = { billable: true, pricing_model: 'PMP', category: 'marketing', type: 'regular' };

    await postWebhook(ctx.app, statuses(phoneNumberId, status(id, 'read')));
    await postWebhook(ctx.app, statuses(phoneNumberId, status(id, 'delivered', { pricing: marketing })));
    await postWebhook(ctx.app, statuses(phoneNumberId, status(id, 'sent', { pricing: PRICING })));
    await postWebhook(
      ctx.app,
      statuses(phoneNumberId, status(id, 'failed', { errors: [{ code: 131026, title: 'Message undeliverable' }] })),
    );

    expect(await kept(userId, id)).toEqual({
      status: 'read',
      status_error: null,
      status_error_code: null,
      billable: true,
      pricing_model: 'PMP',
      pricing_category: 'marketing',
      pricing_type: 'regular',
    });
  });

  it('keeps a failure that came first, with its reason', async () => {
    const { userId, phoneNumberId } = await connectedOwner(ctx.app);
    const id = wamid();

    await postWebhook(
      ctx.app,
      statuses(phoneNumberId, status(id, 'failed', { errors: [{ code: 131026, title: 'Message undeliverable' }] })),
    );
    await postWebhook(ctx.app, statuses(phoneNumberId, status(id, 'delivered')));

    expect(await kept(userId, id)).toMatchObject({ status: 'failed', status_error_code: 131026 });
  });

  it('waits for a send storing its message at that moment, and then finds it', async () => {
    const { userId, phoneNumberId } = await connectedOwner(ctx.app);
    const id = wamid();
    let lockTaken: () => void = () => undefined;
    const taken = new Promise<void>((resolve) => {
      lockTaken = resolve;
    });
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    // A send that has taken the message's turn (as outbound.ts does) and has not stored it yet.
    const storing = ctx.db.transaction(async (tx) => {
      await tx.query('select lock_message_status($1, $2)', [userId, id]);
      lockTaken();
      await released;
      await storedReply(tx, userId, 'pending', id);
    });
    await taken;

    const delivery = postWebhook(ctx.app, statuses(phoneNumberId, status(id, 'read')));
    // Long enough for the delivery to reach its statuses on PostgreSQL (on PGlite it queues behind the send).
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    await storing;
    expect((await delivery).statusCode).toBe(200);

    expect(await storedStatus(id)).toMatchObject({ status: 'read' });
    expect(await kept(userId, id)).toBeUndefined();
  });

  it('is kept for its own owner only, a day at most, and never for a number nobody connected', async () => {
    const { userId, phoneNumberId } = await connectedOwner(ctx.app);
    const stale = wamid();
    await postWebhook(ctx.app, statuses(phoneNumberId, status(stale, 'delivered')));
    await ctx.db.query(`update early_statuses set received_at = now() - interval '25 hours' where wamid = $1`, [stale]);

    const fresh = wamid();
    await postWebhook(ctx.app, statuses(phoneNumberId, status(fresh, 'delivered')));
    const stray = wamid();
    await postWebhook(ctx.app, statuses('999000111222333', status(stray, 'delivered')));

    expect(await kept(userId, stale)).toBeUndefined();
    expect(await kept(userId, fresh)).toMatchObject({ status: 'delivered' });
    const owners = await ctx.db.query<{ wamid: string; user_id: number }>(
      'select wamid, user_id::integer as user_id from early_statuses where wamid = any($1) order by wamid',
      [[stale, fresh, stray]],
    );
    expect(owners).toEqual([{ wamid: fresh, user_id: userId }]);
  });
});
