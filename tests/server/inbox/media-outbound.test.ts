import crypto from 'node:crypto';
import { MEDIA_ERRORS, type Message } from '../../../contract';
import type { App } from '../../../server/app';
import { recordInboundMessage } from '../../../server/sandbox/graph/messages';
import { textPng } from '../../fixtures/images';
import { textPdf } from '../../fixtures/pdf';
import { sendBrokenMultipart } from '../support/documents-helpers';
import { bearer, openTestDb, type TestDb } from '../support/helpers';
import { connectedOwner, CUSTOMER, inbound, postWebhook } from '../support/webhook-fixtures';
import { buildListeningSandboxApp } from '../support/whatsapp-helpers';

/** POST /api/v1/messages/conversations/{id}/media: checked against Meta's limits, uploaded, sent, stored. */

let testDb: TestDb;
let app: App;

beforeAll(async () => {
  testDb = await openTestDb();
  app = await buildListeningSandboxApp(testDb.db);
});

afterAll(async () => {
  await app.close();
  await testDb.dispose();
});

const CONVERSATION = `${CUSTOMER}@c.us`;

function form(file: { filename: string; content: Buffer; contentType: string }, fields: Record<string, string> = {}) {
  const boundary = `----threadline${crypto.randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    ...Object.entries(fields).map(([name, value]) =>
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    ),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.filename}"\r\n` +
        `Content-Type: ${file.contentType}\r\n\r\n`,
    ),
    file.content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** An owner whose customer wrote a moment ago (the window is open, in the simulator too). */
async function ownerWithCustomer(writtenSecondsAgo = 5) {
  const owner = await connectedOwner(app);
  const recorded = await recordInboundMessage(testDb.db, {
    phoneNumberId: owner.phoneNumberId,
    from: CUSTOMER,
    text: 'Can I see it?',
  });
  const timestamp = String(Math.floor(Date.now() / 1000) - writtenSecondsAgo);
  const message = { from: CUSTOMER, id: recorded.wamid, timestamp, type: 'text', text: { body: 'Can I see it?' } };
  await postWebhook(app, inbound(owner.phoneNumberId, [message]));
  return { ...owner, customerWamid: recorded.wamid };
}

function send(token: string, body: ReturnType<typeof form>, conversation = CONVERSATION) {
  return app.inject({
    method: 'POST',
    url: `/api/v1/messages/conversations/${conversation}/media`,
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
}

describe('POST /api/v1/messages/conversations/{id}/media', () => {
  it('uploads a photo to Graph, sends it with its caption quoting the customer, and keeps it', async () => {
    const { token, customerWamid } = await ownerWithCustomer();
    const png = textPng(['CAKE']);
    const response = await send(
      token,
      form(
        { filename: 'cake.png', content: png, contentType: 'image/png' },
        { caption: 'Here it is', in_reply_to_message_id: customerWamid },
      ),
    );
    expect(response.statusCode).toBe(201);
    const message = response.json<Message>();
    expect(message).toMatchObject({
      body: '[image] Here it is',
      is_from_us: true,
      status: 'pending',
      sender: 'human',
      in_reply_to_message_id: customerWamid,
      media: { kind: 'image', status: 'ready', mime_type: 'image/png', size_bytes: png.length, caption: 'Here it is' },
    });
    const sent = await testDb.db.one<{ type: string; body: Record<string, unknown>; context_wamid: string }>(
      'select type, body, context_wamid from sandbox_messages where wamid = $1',
      [message.id],
    );
    expect(sent).toMatchObject({ type: 'image', body: { caption: 'Here it is', mime_type: 'image/png' } });
    expect(sent.context_wamid).toBe(customerWamid);

    const file = await app.inject({ method: 'GET', url: message.media?.url ?? '', headers: bearer(token) });
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(png)).toBe(true);
  });

  it('sends a PDF as a document under its file name', async () => {
    const { token } = await ownerWithCustomer();
    const response = await send(token, form({ filename: 'menu.pdf', content: textPdf([['Menu']]), contentType: '' }));
    expect(response.statusCode).toBe(201);
    expect(response.json<Message>()).toMatchObject({
      body: '[document] menu.pdf',
      media: { kind: 'document', filename: 'menu.pdf', mime_type: 'application/pdf' },
    });
  });

  it('refuses a type WhatsApp does not take (415) and a photo over 5 MB (413), naming the limit', async () => {
    const { token, userId } = await ownerWithCustomer();
    const svg = await send(
      token,
      form({ filename: 'logo.svg', content: Buffer.from('<svg xmlns="x"/>'), contentType: 'image/svg+xml' }),
    );
    expect(svg.statusCode).toBe(415);
    expect(svg.json()).toMatchObject({ detail: MEDIA_ERRORS.unsupported('logo.svg'), field: 'file' });

    const big = Buffer.concat([textPng(['BIG']), Buffer.alloc(5 * 1024 * 1024)]);
    const tooLarge = await send(token, form({ filename: 'big.png', content: big, contentType: 'image/png' }));
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ detail: 'big.png: WhatsApp takes images up to 5 MB.' });

    const voice = await send(
      token,
      form({ filename: 'v.ogg', content: Buffer.from('OggS\0voice'), contentType: 'audio/ogg' }, { caption: 'Hi' }),
    );
    expect(voice.statusCode).toBe(422);
    expect(voice.json()).toMatchObject({ field: 'caption', detail: MEDIA_ERRORS.noCaption('audio') });

    const stored = await testDb.db.query(`select 1 from messages where user_id = $1 and direction = 'outbound'`, [
      userId,
    ]);
    expect(stored).toEqual([]);
  });

  it('answers 409 once the 24-hour window has closed, sending nothing', async () => {
    const { token, userId } = await ownerWithCustomer(25 * 3600);
    const response = await send(token, form({ filename: 'a.png', content: textPng(['A']), contentType: 'image/png' }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'whatsapp_window_closed' });
    expect(await testDb.db.query('select 1 from media_blobs where user_id = $1', [userId])).toEqual([]);
  });

  it('stores a send Graph refuses as failed, with the reason in plain words', async () => {
    const { token, userId } = await ownerWithCustomer();
    await testDb.db.query(
      `update sandbox_tokens set revoked_at = now()
        where waba_id = (select waba_id from whatsapp_connections where user_id = $1)`,
      [userId],
    );
    const response = await send(token, form({ filename: 'a.png', content: textPng(['A']), contentType: 'image/png' }));
    expect(response.statusCode).toBe(502);
    const messages = await app.inject({
      method: 'GET',
      url: `/api/v1/messages/conversations/${CONVERSATION}`,
      headers: bearer(token),
    });
    const failed = messages.json<Message[]>().find((message) => message.is_from_us);
    expect(failed).toMatchObject({
      status: 'failed',
      status_reason: response.json<{ detail: string }>().detail,
      media: { kind: 'image', status: 'ready' },
    });
  });

  it('answers 422 without a file and 404 for a conversation that is not the owner’s', async () => {
    const { token } = await ownerWithCustomer();
    const noFile = await app.inject({
      method: 'POST',
      url: `/api/v1/messages/conversations/${CONVERSATION}/media`,
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(noFile.statusCode).toBe(422);
    const answers = await sendBrokenMultipart(
      app,
      `/api/v1/messages/conversations/${CONVERSATION}/media`,
      bearer(token),
    );
    for (const [payload, status, body] of answers) {
      expect([payload, status, body]).toEqual([payload, 422, expect.objectContaining({ field: 'file' })]);
    }
    const elsewhere = await send(
      token,
      form({ filename: 'a.png', content: textPng(['A']), contentType: 'image/png' }),
      '16505550000@c.us',
    );
    expect(elsewhere.statusCode).toBe(404);
  });
});
