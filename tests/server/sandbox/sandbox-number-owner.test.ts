import { WHATSAPP_ERRORS } from '../../../contract';
import { bearer, registerUser, SANDBOX_CUSTOMER, useTestApp } from '../support/helpers';
import {
  buildListeningSandboxApp,
  connectWhatsApp,
  exchange,
  startSignup,
  uniquePhoneNumber,
} from '../support/whatsapp-helpers';

const ctx = useTestApp((db) => buildListeningSandboxApp(db));

async function disconnect(token: string) {
  const response = await ctx.app.inject({
    method: 'DELETE',
    url: '/api/v1/whatsapp/disconnect',
    headers: bearer(token),
  });
  expect(response.statusCode).toBe(200);
}

async function customerTexts(phoneNumberId: string, text: string) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/sandbox/phone/messages',
    headers: SANDBOX_CUSTOMER,
    payload: { phone_number_id: phoneNumberId, name: 'Sheena Nelson', phone_number: '+1 650 555 0199', text },
  });
  expect(response.statusCode).toBe(201);
}

async function messagesOf(userId: number): Promise<string[]> {
  const rows = await ctx.db.query<{ body: string }>(
    "select body from messages where user_id = $1 and direction = 'inbound' order by id",
    [userId],
  );
  return rows.map((row) => row.body);
}

describe('a sandbox number after its owner disconnects', () => {
  it('stays its owner’s: another owner is refused it, gets another, and never its customers’ messages', async () => {
    const ownerNumber = uniquePhoneNumber();
    const owner = await registerUser(ctx.app);
    const { signup: first } = await connectWhatsApp(ctx.app, owner.token, ownerNumber);
    await disconnect(owner.token);

    const stranger = await registerUser(ctx.app);
    const squat = await startSignup(ctx.app, ownerNumber);
    expect(squat.phone_number_id).toBe(first.phone_number_id);
    const refused = await exchange(ctx.app, stranger.token, squat);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'whatsapp_number_taken', message: WHATSAPP_ERRORS.numberTaken });

    const { signup: own } = await connectWhatsApp(ctx.app, stranger.token);
    expect(own.phone_number_id).not.toBe(first.phone_number_id);
    await customerTexts(first.phone_number_id, 'For the shop I wrote to');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await messagesOf(stranger.user.id)).toEqual([]);
  });

  it('comes back to its owner when they connect it again', async () => {
    const ownerNumber = uniquePhoneNumber();
    const owner = await registerUser(ctx.app);
    const { signup: first } = await connectWhatsApp(ctx.app, owner.token, ownerNumber);
    await disconnect(owner.token);
    const { signup: again } = await connectWhatsApp(ctx.app, owner.token, ownerNumber);
    expect(again.phone_number_id).toBe(first.phone_number_id);
    await customerTexts(first.phone_number_id, 'Back again?');
    const deadline = Date.now() + 10_000;
    while ((await messagesOf(owner.user.id)).length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await messagesOf(owner.user.id)).toEqual(['Back again?']);
  });
});
