import type { Message } from '../../../contract';
import type { PhoneMessageSent, Thread } from '../../../server/sandbox/phone/service';
import { textPng } from '../../fixtures/images';
import { bearer, registerUser, SANDBOX_CUSTOMER, useTestApp } from '../support/helpers';
import { buildListeningSandboxApp, connectWhatsApp } from '../support/whatsapp-helpers';
import { sendBrokenMultipart } from '../support/documents-helpers';

const ctx = useTestApp((db) => buildListeningSandboxApp(db));

let customers = 0;
function customerNumber() {
  customers += 1;
  const tail = String(300 + customers).padStart(4, '0');
  return { phoneNumber: `+1 650 555 ${tail}`, waId: `1650555${tail}` };
}

async function connected() {
  const { token } = await registerUser(ctx.app);
  const { signup } = await connectWhatsApp(ctx.app, token);
  return { token, phoneNumberId: signup.phone_number_id, customer: customerNumber() };
}

function form(file: { filename: string; content: Buffer; contentType: string } | null, fields: Record<string, string>) {
  const boundary = '----phone-test-boundary';
  const parts: Uint8Array[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function inboxMessages(token: string, waId: string): Promise<Message[]> {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/messages/conversations/${waId}%40c.us`,
    headers: bearer(token),
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}

function thread(phoneNumberId: string, waId: string) {
  return ctx.app.inject({
    method: 'GET',
    url: `/sandbox/phone/thread?phone_number_id=${phoneNumberId}&wa_id=${waId}`,
    headers: SANDBOX_CUSTOMER,
  });
}

describe('POST /sandbox/phone/media', () => {
  it("sends the customer's photo with its caption to the owner's inbox", async () => {
    const { token, phoneNumberId, customer } = await connected();
    const png = textPng(['MENU']);
    const body = form(
      { filename: 'menu.png', content: png, contentType: 'image/png' },
      {
        phone_number_id: phoneNumberId,
        name: 'Sheena Nelson',
        phone_number: customer.phoneNumber,
        caption: 'This one?',
      },
    );
    const sent = await ctx.app.inject({
      method: 'POST',
      url: '/sandbox/phone/media',
      payload: body.payload,
      headers: { ...body.headers, ...SANDBOX_CUSTOMER },
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json<PhoneMessageSent>()).toMatchObject({ delivered: true, webhook: 'delivered' });

    const [message] = await inboxMessages(token, customer.waId);
    expect(message.media).toMatchObject({ kind: 'image', caption: 'This one?' });

    const shown = (await thread(phoneNumberId, customer.waId)).json<Thread>().messages[0];
    expect(shown.media).toMatchObject({ kind: 'image', caption: 'This one?', media_id: expect.any(String) });
    const file = await ctx.app.inject({
      method: 'GET',
      url: `/sandbox/phone/media?phone_number_id=${phoneNumberId}&wa_id=${customer.waId}&media_id=${shown.media?.media_id}`,
      headers: SANDBOX_CUSTOMER,
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(png)).toBe(true);

    const stranger = await ctx.app.inject({
      method: 'GET',
      url: `/sandbox/phone/media?phone_number_id=${phoneNumberId}&wa_id=${customer.waId}&media_id=${shown.media?.media_id}`,
      headers: { 'x-sandbox-customer-token': 'another-browser-token-0123456789abcdef' },
    });
    expect(stranger.statusCode).toBe(403);
  });

  it('refuses a send without a file with 422 on file', async () => {
    const { phoneNumberId, customer } = await connected();
    const body = form(null, { phone_number_id: phoneNumberId, name: 'Sheena', phone_number: customer.phoneNumber });
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/sandbox/phone/media',
      payload: body.payload,
      headers: { ...body.headers, ...SANDBOX_CUSTOMER },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ field: 'file' });
    for (const [payload, status, body] of await sendBrokenMultipart(
      ctx.app,
      '/sandbox/phone/media',
      SANDBOX_CUSTOMER,
    )) {
      expect([payload, status, body]).toEqual([payload, 422, expect.objectContaining({ field: 'file' })]);
    }
  });
});

describe('POST /sandbox/phone/location', () => {
  it("shares a place, which the owner's inbox shows as a location", async () => {
    const { token, phoneNumberId, customer } = await connected();
    const sent = await ctx.app.inject({
      method: 'POST',
      url: '/sandbox/phone/location',
      headers: SANDBOX_CUSTOMER,
      payload: {
        phone_number_id: phoneNumberId,
        name: 'Sheena Nelson',
        phone_number: customer.phoneNumber,
        latitude: 52.52,
        longitude: 13.405,
        place_name: 'Alexanderplatz',
        address: '10178 Berlin',
      },
    });
    expect(sent.statusCode).toBe(201);
    const [message] = await inboxMessages(token, customer.waId);
    expect(message.media).toMatchObject({
      kind: 'location',
      location: { latitude: 52.52, longitude: 13.405, name: 'Alexanderplatz', address: '10178 Berlin' },
    });
    const shown = (await thread(phoneNumberId, customer.waId)).json<Thread>().messages[0];
    expect(shown.media).toMatchObject({ kind: 'location', location: { name: 'Alexanderplatz' } });
  });

  it('refuses a latitude out of range with 422', async () => {
    const { phoneNumberId, customer } = await connected();
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/sandbox/phone/location',
      headers: SANDBOX_CUSTOMER,
      payload: {
        phone_number_id: phoneNumberId,
        name: 'S',
        phone_number: customer.phoneNumber,
        latitude: 91,
        longitude: 0,
      },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ field: 'latitude' });
  });
});

describe("the business's media on the phone", () => {
  it('shows a photo the owner sends, and serves its bytes to the customer', async () => {
    const { token, phoneNumberId, customer } = await connected();
    await ctx.app.inject({
      method: 'POST',
      url: '/sandbox/phone/messages',
      headers: SANDBOX_CUSTOMER,
      payload: { phone_number_id: phoneNumberId, name: 'Sheena', phone_number: customer.phoneNumber, text: 'Photo?' },
    });
    const png = textPng(['CAKE']);
    const body = form({ filename: 'cake.png', content: png, contentType: 'image/png' }, { caption: 'Here it is' });
    const sent = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/messages/conversations/${customer.waId}%40c.us/media`,
      payload: body.payload,
      headers: { ...body.headers, ...bearer(token) },
    });
    expect(sent.statusCode).toBe(201);
    const shown = (await thread(phoneNumberId, customer.waId)).json<Thread>().messages.at(-1);
    expect(shown).toMatchObject({ from: 'business', media: { kind: 'image', caption: 'Here it is' } });
    const file = await ctx.app.inject({
      method: 'GET',
      url: `/sandbox/phone/media?phone_number_id=${phoneNumberId}&wa_id=${customer.waId}&media_id=${shown?.media?.media_id}`,
      headers: SANDBOX_CUSTOMER,
    });
    expect(file.rawPayload.equals(png)).toBe(true);
  });
});
