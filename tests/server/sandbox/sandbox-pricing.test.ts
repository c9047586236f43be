import crypto from 'node:crypto';
import type { PhoneMessageSent } from '../../../server/sandbox/phone/service';
import { bsuidOf } from '../../../server/sandbox/graph/ids';
import { registerUser, SANDBOX_CUSTOMER, useTestApp } from '../support/helpers';
import type { Json } from '../support/webhook-fixtures';
import { buildListeningSandboxApp, businessTokenOf, connectWhatsApp } from '../support/whatsapp-helpers';

/**
 * The sandbox's statuses carry `pricing` as Meta's do since per-message pricing (2025-07-01; Meta's
 * "Pricing on the WhatsApp Business Platform" and "Status messages webhook reference"): a free-form reply
 * in the customer service window is a free `service` message, a marketing template is billed `regular`,
 * a utility template inside the window is free; `read` carries none, and a customer sent to by BSUID
 * alone gets statuses without `recipient_id`.
 */

const ctx = useTestApp((db) => buildListeningSandboxApp(db));

let customers = 0;

async function connected() {
  const { token, user } = await registerUser(ctx.app);
  const { signup } = await connectWhatsApp(ctx.app, token);
  customers += 1;
  const tail = String(300 + customers).padStart(4, '0');
  return { userId: user.id, signup, phoneNumber: `+1 650 555 ${tail}`, waId: `1650555${tail}` };
}

async function customerWrites(phoneNumberId: string, phoneNumber: string): Promise<PhoneMessageSent> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/sandbox/phone/messages',
    payload: { phone_number_id: phoneNumberId, name: 'Sheena Nelson', phone_number: phoneNumber, text: 'Hi' },
    headers: SANDBOX_CUSTOMER,
  });
  if (response.statusCode !== 201) throw new Error(`the phone answered ${response.statusCode}: ${response.body}`);
  return response.json<PhoneMessageSent>();
}

async function approvedTemplate(wabaId: string, category: string): Promise<string> {
  const name = `offer_${crypto.randomBytes(4).toString('hex')}`;
  await ctx.db.query(
    `insert into sandbox_templates (id, waba_id, name, language, category, components, status)
     values ($1, $2, $3, 'en_US', $4, $5::jsonb, 'APPROVED')`,
    [crypto.randomUUID(), wabaId, name, category, JSON.stringify([{ type: 'BODY', text: 'Ten percent off today.' }])],
  );
  return name;
}

/** POST /{phone-number-id}/messages on the simulator, as our Graph client sends it. */
async function graphSend(userId: number, phoneNumberId: string, body: Json): Promise<string> {
  const token = await businessTokenOf(ctx.app, ctx.db, userId);
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/sandbox/graph/v23.0/${phoneNumberId}/messages`,
    headers: { authorization: `Bearer ${token}` },
    payload: { messaging_product: 'whatsapp', ...body },
  });
  if (response.statusCode !== 200) throw new Error(`Graph answered ${response.statusCode}: ${response.body}`);
  return response.json<{ messages: { id: string }[] }>().messages[0].id;
}

/** Every status the simulator delivered about `wamid` (kept as raw webhook events). */
async function statusesOf(userId: number, wamid: string): Promise<Json[]> {
  const rows = await ctx.db.query<{ raw_body: string }>('select raw_body from webhook_events where user_id = $1', [
    userId,
  ]);
  return rows.flatMap((row) => {
    const body = JSON.parse(row.raw_body) as { entry: { changes: { value: { statuses?: Json[] } }[] }[] };
    return body.entry.flatMap((entry) =>
      entry.changes.flatMap((change) => (change.value.statuses ?? []).filter((status) => status.id === wamid)),
    );
  });
}

/** Waits (not a timing assertion) until both `sent` and `delivered` arrived. */
async function sentAndDelivered(userId: number, wamid: string): Promise<Json[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const statuses = await statusesOf(userId, wamid);
    if (statuses.length >= 2) return statuses.sort((a, b) => String(a.status).localeCompare(String(b.status)));
    if (Date.now() > deadline) throw new Error(`still waiting; seen ${JSON.stringify(statuses)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the sandbox: statuses with pricing', () => {
  it('prices a free-form reply in the window as a free service message', async () => {
    const { userId, signup, phoneNumber, waId } = await connected();
    await customerWrites(signup.phone_number_id, phoneNumber);

    const wamid = await graphSend(userId, signup.phone_number_id, { to: waId, type: 'text', text: { body: 'Hello!' } });

    const statuses = await sentAndDelivered(userId, wamid);
    expect(statuses.map((status) => status.status)).toEqual(['delivered', 'sent']);
    for (const status of statuses) {
      expect(status).toMatchObject({
        recipient_id: waId,
        recipient_user_id: bsuidOf(waId),
        pricing: { billable: false, pricing_model: 'PMP', category: 'service', type: 'free_customer_service' },
      });
    }
  });

  it("bills a marketing template at the template's category, regular", async () => {
    const { userId, signup, phoneNumber, waId } = await connected();
    await customerWrites(signup.phone_number_id, phoneNumber);
    const name = await approvedTemplate(signup.waba_id, 'MARKETING');

    const wamid = await graphSend(userId, signup.phone_number_id, {
      to: waId,
      type: 'template',
      template: { name, language: { code: 'en_US' } },
    });

    for (const status of await sentAndDelivered(userId, wamid)) {
      expect(status.pricing).toEqual({ billable: true, pricing_model: 'PMP', category: 'marketing', type: 'regular' });
    }
  });

  it('does not bill a utility template inside the customer service window', async () => {
    const { userId, signup, phoneNumber, waId } = await connected();
    await customerWrites(signup.phone_number_id, phoneNumber);
    const name = await approvedTemplate(signup.waba_id, 'UTILITY');

    const wamid = await graphSend(userId, signup.phone_number_id, {
      to: waId,
      type: 'template',
      template: { name, language: { code: 'en_US' } },
    });

    for (const status of await sentAndDelivered(userId, wamid)) {
      expect(status.pricing).toEqual({
        billable: false,
        pricing_model: 'PMP',
        category: 'utility',
        type: 'free_customer_service',
      });
    }
  });

  it('names a customer sent to by BSUID alone without their number, and prices it as well', async () => {
    const { userId, signup, phoneNumber, waId } = await connected();
    await customerWrites(signup.phone_number_id, phoneNumber);

    const wamid = await graphSend(userId, signup.phone_number_id, {
      recipient: bsuidOf(waId),
      type: 'text',
      text: { body: 'Hello!' },
    });

    for (const status of await sentAndDelivered(userId, wamid)) {
      expect(status).not.toHaveProperty('recipient_id');
      expect(status).toMatchObject({ recipient_user_id: bsuidOf(waId), pricing: { category: 'service' } });
    }
  });

  it('sends `read` without pricing', async () => {
    const { userId, signup, phoneNumber, waId } = await connected();
    await customerWrites(signup.phone_number_id, phoneNumber);
    const wamid = await graphSend(userId, signup.phone_number_id, { to: waId, type: 'text', text: { body: 'Hi!' } });
    await sentAndDelivered(userId, wamid);

    const shown = await ctx.app.inject({
      method: 'GET',
      url: `/sandbox/phone/thread?phone_number_id=${signup.phone_number_id}&wa_id=${waId}`,
      headers: SANDBOX_CUSTOMER,
    });
    expect(shown.statusCode).toBe(200);

    const deadline = Date.now() + 10_000;
    let read: Json | undefined;
    while (!read && Date.now() < deadline) {
      read = (await statusesOf(userId, wamid)).find((status) => status.status === 'read');
      if (!read) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(read).toMatchObject({ recipient_id: waId });
    expect(read).not.toHaveProperty('pricing');
  });
});
