import type { Conversation } from '../../../contract';
import { DAY_PASSED_HOURS } from '../../../server/sandbox/day-passed';
import { NO_CONVERSATION_YET } from '../../../server/sandbox/phone/day-passed';
import { CUSTOMER_TOKEN_HEADER } from '../../../server/sandbox/phone/customers';
import { windowIsOpen } from '../../../server/sandbox/graph/window';
import type { Thread } from '../../../server/sandbox/phone/service';
import { bearer, registerUser, SANDBOX_CUSTOMER, useTestApp } from '../support/helpers';
import { buildListeningSandboxApp, connectWhatsApp } from '../support/whatsapp-helpers';

const ctx = useTestApp((db) => buildListeningSandboxApp(db));

let customers = 0;
function customerNumber() {
  customers += 1;
  const tail = String(700 + customers).padStart(4, '0');
  return { phoneNumber: `+1 650 555 ${tail}`, waId: `1650555${tail}` };
}

/** An owner with a sandbox number, and a customer who just wrote to it from the phone. */
async function customerWrote() {
  const { token } = await registerUser(ctx.app);
  const { signup } = await connectWhatsApp(ctx.app, token);
  const customer = customerNumber();
  const sent = await ctx.app.inject({
    method: 'POST',
    url: '/sandbox/phone/messages',
    headers: SANDBOX_CUSTOMER,
    payload: {
      phone_number_id: signup.phone_number_id,
      name: 'Sheena Nelson',
      phone_number: customer.phoneNumber,
      text: 'Is my cake ready?',
    },
  });
  expect(sent.statusCode).toBe(201);
  return { token, phoneNumberId: signup.phone_number_id, waId: customer.waId };
}

function dayPassed(token: string, waId: string) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1/sandbox/conversations/${waId}%40c.us/day-passed`,
    headers: bearer(token),
  });
}

async function lastInboundAt(waId: string): Promise<Date> {
  const row = await ctx.db.one<{ last_inbound_at: Date }>(
    'select last_inbound_at from conversations where wa_id = $1',
    [waId],
  );
  return row.last_inbound_at;
}

describe('POST /api/v1/sandbox/conversations/{id}/day-passed', () => {
  it("closes the conversation's 24-hour window here and in the simulator, and the phone still shows the thread", async () => {
    const { token, phoneNumberId, waId } = await customerWrote();
    const before = await lastInboundAt(waId);
    expect(await windowIsOpen(ctx.db, phoneNumberId, waId)).toBe(true);

    const response = await dayPassed(token, waId);

    expect(response.statusCode).toBe(200);
    const conversation = response.json<Conversation>();
    expect(conversation.id).toBe(`${waId}@c.us`);
    expect(Date.parse(conversation.window_closes_at!)).toBeLessThan(Date.now());
    expect(before.getTime() - (await lastInboundAt(waId)).getTime()).toBe(DAY_PASSED_HOURS * 3_600_000);
    expect(await windowIsOpen(ctx.db, phoneNumberId, waId)).toBe(false);
    const list = await ctx.app.inject({ method: 'GET', url: '/api/v1/messages/conversations', headers: bearer(token) });
    expect(list.json<Conversation[]>()).toEqual([
      expect.objectContaining({ window_closes_at: conversation.window_closes_at }),
    ]);
    const thread = await ctx.app.inject({
      method: 'GET',
      url: `/sandbox/phone/thread?phone_number_id=${phoneNumberId}&wa_id=${waId}`,
      headers: SANDBOX_CUSTOMER,
    });
    expect(thread.json<Thread>().messages.map((message) => message.text)).toEqual(['Is my cake ready?']);
  });

  it("answers another owner's conversation with 404 and moves nothing", async () => {
    const { phoneNumberId, waId } = await customerWrote();
    const before = await lastInboundAt(waId);
    const stranger = await registerUser(ctx.app);
    await connectWhatsApp(ctx.app, stranger.token);

    const response = await dayPassed(stranger.token, waId);

    expect(response.statusCode).toBe(404);
    expect(await lastInboundAt(waId)).toEqual(before);
    expect(await windowIsOpen(ctx.db, phoneNumberId, waId)).toBe(true);
  });

  it('needs a signed-in owner', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/sandbox/conversations/16505550001%40c.us/day-passed',
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /sandbox/phone/day-passed', () => {
  function dayPassedOnPhone(
    phoneNumberId: string,
    phoneNumber: string,
    headers: Record<string, string> = SANDBOX_CUSTOMER,
  ) {
    return ctx.app.inject({
      method: 'POST',
      url: '/sandbox/phone/day-passed',
      headers,
      payload: { phone_number_id: phoneNumberId, name: 'Sheena Nelson', phone_number: phoneNumber },
    });
  }

  it("closes the business's window for the customer's own thread, as the inbox shows it", async () => {
    const { token, phoneNumberId, waId } = await customerWrote();
    const before = await lastInboundAt(waId);

    const response = await dayPassedOnPhone(phoneNumberId, `+${waId}`);

    expect(response.statusCode).toBe(200);
    const answer = response.json<{ hours: number; window_closes_at: string }>();
    expect(answer.hours).toBe(DAY_PASSED_HOURS);
    expect(Date.parse(answer.window_closes_at)).toBeLessThan(Date.now());
    expect(before.getTime() - (await lastInboundAt(waId)).getTime()).toBe(DAY_PASSED_HOURS * 3_600_000);
    expect(await windowIsOpen(ctx.db, phoneNumberId, waId)).toBe(false);
    const list = await ctx.app.inject({ method: 'GET', url: '/api/v1/messages/conversations', headers: bearer(token) });
    expect(list.json<Conversation[]>()).toEqual([
      expect.objectContaining({ window_closes_at: answer.window_closes_at }),
    ]);
  });

  it('refuses another browser than the one that owns the customer number with 403, moving nothing', async () => {
    const { phoneNumberId, waId } = await customerWrote();
    const before = await lastInboundAt(waId);

    const response = await dayPassedOnPhone(phoneNumberId, `+${waId}`, {
      [CUSTOMER_TOKEN_HEADER]: 'another-browser-entirely-0123456789abcdef',
    });

    expect(response.statusCode).toBe(403);
    expect(await lastInboundAt(waId)).toEqual(before);
    expect(await windowIsOpen(ctx.db, phoneNumberId, waId)).toBe(true);
  });

  it('answers 404 saying to write first when the customer has no conversation with the business', async () => {
    const { phoneNumberId } = await customerWrote();
    const silent = customerNumber();

    const response = await dayPassedOnPhone(phoneNumberId, silent.phoneNumber);

    expect(response.statusCode).toBe(404);
    expect(response.json<{ detail: string }>().detail).toBe(NO_CONVERSATION_YET);
  });
});
