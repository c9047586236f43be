import type { Conversation, Message, Template } from '../../../contract';
import { bsuidOf } from '../../../server/sandbox/graph/ids';
import type { PromotionsChanged } from '../../../server/sandbox/phone/preferences';
import type { Thread } from '../../../server/sandbox/phone/service';
import { bearer, registerUser, SANDBOX_CUSTOMER, useTestApp } from '../support/helpers';
import { storedFor, type Json } from '../support/webhook-fixtures';
import { buildListeningSandboxApp, connectWhatsApp } from '../support/whatsapp-helpers';

/**
 * The sandbox phone's "Stop promotions" / "Resume promotions" (issue 28, item 8): the signed
 * `user_preferences` webhook as Meta sends it, and a marketing template to a customer who stopped
 * accepted, then failed with 131050 as Meta fails it.
 */

const ctx = useTestApp((db) => buildListeningSandboxApp(db, { sandboxTemplateReviewMs: 30 }));

let customers = 0;

function customerNumber(): { phoneNumber: string; waId: string } {
  customers += 1;
  const tail = String(300 + customers).padStart(4, '0');
  return { phoneNumber: `+1 650 555 ${tail}`, waId: `1650555${tail}` };
}

async function connected() {
  const { token, user } = await registerUser(ctx.app);
  const { signup } = await connectWhatsApp(ctx.app, token);
  return { token, userId: user.id, phoneNumberId: signup.phone_number_id, customer: customerNumber() };
}

function phone(url: string, payload: Json) {
  return ctx.app.inject({ method: 'POST', url: `/sandbox/phone${url}`, payload, headers: SANDBOX_CUSTOMER });
}

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`still waiting; last seen ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function conversations(token: string): Promise<Conversation[]> {
  return (await ctx.app.inject({ method: 'GET', url: '/api/v1/messages/conversations', headers: bearer(token) })).json<
    Conversation[]
  >();
}

function userPreferencesOf(events: { raw_body: string }[]): Json[] {
  return events
    .map((event) => JSON.parse(event.raw_body) as { entry: { changes: { field: string; value: Json }[] }[] })
    .flatMap((body) => body.entry[0].changes)
    .filter((change) => change.field === 'user_preferences')
    .map((change) => change.value);
}

describe('POST /sandbox/phone/promotions', () => {
  it("stops and resumes the business's promotions, told to Threadline as Meta tells it", async () => {
    const { token, userId, phoneNumberId, customer } = await connected();
    const sender = { phone_number_id: phoneNumberId, name: 'Sheena Nelson', phone_number: customer.phoneNumber };
    expect((await phone('/messages', { ...sender, text: 'Hi' })).statusCode).toBe(201);

    const stopped = await phone('/promotions', { ...sender, value: 'stop' });
    expect(stopped.statusCode).toBe(200);
    expect(stopped.json<PromotionsChanged>()).toEqual({ promotions_stopped: true, webhook: 'delivered' });
    const [stop] = userPreferencesOf((await storedFor(ctx.db, userId)).events);
    expect(stop).toMatchObject({
      contacts: [{ profile: { name: 'Sheena Nelson' }, wa_id: customer.waId, user_id: bsuidOf(customer.waId) }],
      user_preferences: [
        {
          wa_id: customer.waId,
          user_id: bsuidOf(customer.waId),
          detail: 'User requested to stop marketing messages',
          category: 'marketing_messages',
          value: 'stop',
          timestamp: expect.any(Number),
        },
      ],
    });
    expect((await conversations(token))[0].marketing_stopped_at).toEqual(expect.any(String));
    const thread = await ctx.app.inject({
      method: 'GET',
      url: `/sandbox/phone/thread?phone_number_id=${phoneNumberId}&wa_id=${customer.waId}`,
      headers: SANDBOX_CUSTOMER,
    });
    expect(thread.json<Thread>().promotions_stopped).toBe(true);

    // Meta's timestamps are seconds: a resume in the same second as the stop would not be newer.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const resumed = await phone('/promotions', { ...sender, value: 'resume' });
    expect(resumed.json<PromotionsChanged>()).toEqual({ promotions_stopped: false, webhook: 'delivered' });
    expect((await conversations(token))[0].marketing_stopped_at).toBeNull();
  });

  it('names the customer by BSUID alone when the number is hidden behind a username', async () => {
    const { userId, phoneNumberId, customer } = await connected();
    const sender = {
      phone_number_id: phoneNumberId,
      name: 'Sheena Nelson',
      phone_number: customer.phoneNumber,
      username: 'sheena.n',
    };
    expect((await phone('/promotions', { ...sender, value: 'stop' })).statusCode).toBe(200);

    const { events } = await storedFor(ctx.db, userId);
    const [stop] = userPreferencesOf(events);
    expect(stop.user_preferences).toEqual([
      expect.objectContaining({ user_id: bsuidOf(customer.waId), value: 'stop' }),
    ]);
    expect(JSON.stringify(stop)).not.toContain(customer.waId);
    expect(
      await ctx.db.query('select customer, phone, stopped from marketing_preferences where user_id = $1', [userId]),
    ).toEqual([{ customer: bsuidOf(customer.waId), phone: null, stopped: true }]);
  });

  it('refuses a choice other than stop or resume with 422 on value', async () => {
    const { phoneNumberId, customer } = await connected();
    const refused = await phone('/promotions', {
      phone_number_id: phoneNumberId,
      name: 'Sheena Nelson',
      phone_number: customer.phoneNumber,
      value: 'pause',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ field: 'value' });
  });
});

describe('a marketing template to a customer who stopped promotions', () => {
  it('is accepted by the sandbox Graph, then fails with 131050, explained, and the stop is recorded', async () => {
    const { token, userId, phoneNumberId, customer } = await connected();
    const sender = { phone_number_id: phoneNumberId, name: 'Sheena Nelson', phone_number: customer.phoneNumber };
    expect((await phone('/messages', { ...sender, text: 'Hi' })).statusCode).toBe(201);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/templates',
      headers: bearer(token),
      payload: { name: 'summer_sale', language: 'en_US', category: 'MARKETING', body: 'Hello {{1}}, our sale is on.' },
    });
    expect(created.statusCode).toBe(201);
    const template = created.json<Template>();
    await eventually(
      async () =>
        (await ctx.app.inject({ method: 'GET', url: '/api/v1/templates', headers: bearer(token) })).json<Template[]>(),
      (list) => list.some((t) => t.id === template.id && t.status === 'APPROVED'),
    );
    // The customer stopped promotions but Threadline was never told (a webhook lost): only the send tells it.
    await ctx.db.query(
      `insert into sandbox_marketing_preferences (phone_number_id, wa_id, stopped) values ($1, $2, true)`,
      [phoneNumberId, customer.waId],
    );

    const sent = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/messages/conversations/${customer.waId}%40c.us/template`,
      headers: bearer(token),
      payload: { template_id: template.id, body_values: ['Sheena'] },
    });
    expect(sent.statusCode).toBe(201);
    const failed = await eventually(
      async () =>
        (
          await ctx.app.inject({
            method: 'GET',
            url: `/api/v1/messages/conversations/${customer.waId}%40c.us`,
            headers: bearer(token),
          })
        ).json<Message[]>(),
      (messages) => messages.some((message) => message.status === 'failed'),
    );
    expect(failed.find((message) => message.status === 'failed')?.status_reason).toMatch(
      /stopped marketing messages from this business/,
    );
    const thread = await ctx.app.inject({
      method: 'GET',
      url: `/sandbox/phone/thread?phone_number_id=${phoneNumberId}&wa_id=${customer.waId}`,
      headers: SANDBOX_CUSTOMER,
    });
    expect(thread.json<Thread>().messages.map((message) => message.from)).toEqual(['customer']);
    expect((await conversations(token))[0].marketing_stopped_at).toEqual(expect.any(String));
    expect(await ctx.db.query('select source from marketing_preferences where user_id = $1', [userId])).toEqual([
      { source: 'status_131050' },
    ]);
  });
});
