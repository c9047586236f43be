import type { App } from '../../../server/app';
import { recordInboundMessage } from '../../../server/sandbox/graph/messages';
import { type GraphClient, type NewTemplate } from '../../../server/services/whatsapp/graph-client';
import {
  GraphBadParameter,
  GraphError,
  GraphObjectMissing,
  GraphOutsideWindow,
} from '../../../server/services/whatsapp/graph-errors';
import { textPng } from '../../fixtures/images';
import { textPdf } from '../../fixtures/pdf';
import { sendBrokenMultipart } from '../support/documents-helpers';
import { recordingGraph, type Exchange } from '../support/graph-recorder';
import { openTestDb, type TestDb } from '../support/helpers';
import { MetaOpenApi, shapeOf } from '../support/meta-openapi';
import { buildListeningSandboxApp, startSignup } from '../support/whatsapp-helpers';

/**
 * The Graph client's media and template calls against the sandbox's simulator, each held to Meta's
 * OpenAPI file: what the client sends, and what the simulator answers.
 */

const REVIEW_MS = 50;
let testDb: TestDb;
let app: App;
let meta: MetaOpenApi;
let graph: GraphClient;
let last: () => Exchange;

beforeAll(async () => {
  meta = MetaOpenApi.load();
  testDb = await openTestDb();
  app = await buildListeningSandboxApp(testDb.db, { sandboxTemplateReviewMs: REVIEW_MS });
  ({ graph, last } = recordingGraph(app));
});

afterAll(async () => {
  await app.close();
  await testDb.dispose();
});

/** A signed-up, registered number whose customer wrote a moment ago. */
async function business() {
  const signup = await startSignup(app);
  const { access_token: token } = await graph.exchangeCode(signup.code);
  await graph.registerPhoneNumber(token, signup.phone_number_id, '123456');
  const inbound = await recordInboundMessage(testDb.db, {
    phoneNumberId: signup.phone_number_id,
    from: '+16505551234',
    text: 'Can you send me the menu?',
  });
  return { ...signup, token, inbound };
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 3_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('media', () => {
  const uploadPath = '/{Version}/{Phone-Number-ID}/media';
  const mediaPath = '/{Version}/{Media-ID}';
  const messagesPath = '/{Version}/{Phone-Number-ID}/messages';

  it('uploads a file as multipart form data and answers its id, as Meta documents it', async () => {
    const { token, phone_number_id: phoneNumberId } = await business();
    const png = textPng(['MENU']);
    const uploaded = await graph.uploadMedia(token, phoneNumberId, {
      bytes: png,
      mimeType: 'image/png',
      filename: 'menu.png',
    });
    expect(uploaded).toEqual({ id: expect.stringMatching(/^\d+$/) });
    const { url, method, authorization, requestBody, responseBody } = last();
    expect(method).toBe('POST');
    expect(url.pathname).toBe(`/sandbox/graph/v23.0/${phoneNumberId}/media`);
    expect(authorization).toBe(`Bearer ${token}`);
    expect(requestBody).toEqual({
      messaging_product: 'whatsapp',
      type: 'image/png',
      file: { filename: 'menu.png', type: 'image/png', size: png.length },
    });
    const multipart = (meta.spec.paths[uploadPath].post.requestBody?.content['multipart/form-data'] ?? {}) as {
      schema?: { properties?: Record<string, unknown> };
    };
    expect(Object.keys(multipart.schema?.properties ?? {})).toEqual(['file', 'messaging_product']);
    expect(shapeOf(responseBody)).toEqual(shapeOf(meta.example(uploadPath, 'post', '200', 'Upload Image JSON')));
  });

  it('answers a multipart body that is cut short or malformed as a bad parameter (100), never a 5xx', async () => {
    const { token, phone_number_id: phoneNumberId } = await business();
    const answers = await sendBrokenMultipart(app, `/sandbox/graph/v23.0/${phoneNumberId}/media`, {
      authorization: `Bearer ${token}`,
    });
    for (const [payload, status, body] of answers) {
      expect([payload, status, body]).toEqual([
        payload,
        400,
        {
          error: expect.objectContaining({
            code: 100,
            error_data: expect.objectContaining({ details: 'The multipart body is malformed or cut short.' }),
          }),
        },
      ]);
    }
  });

  it('gives a five-minute URL for a media id, which downloads only with the business token', async () => {
    const { token, phone_number_id: phoneNumberId } = await business();
    const pdf = textPdf([['Menu of the day']]);
    const { id } = await graph.uploadMedia(token, phoneNumberId, {
      bytes: pdf,
      mimeType: 'application/pdf',
      filename: 'menu.pdf',
    });

    const info = await graph.getMediaUrl(token, id, phoneNumberId);
    expect(last().url.searchParams.get('phone_number_id')).toBe(phoneNumberId);
    expect(info).toEqual({
      messaging_product: 'whatsapp',
      id,
      url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/sandbox\/graph\/whatsapp_business\/attachments\/\?mid=/),
      mime_type: 'application/pdf',
      sha256: expect.any(String),
      file_size: String(pdf.length),
    });
    expect(shapeOf(info)).toEqual(shapeOf(meta.example(mediaPath, 'get', '200', 'Retrieve Media URL')));

    const downloaded = await graph.downloadMedia(token, info.url, 1024 * 1024);
    expect(downloaded.bytes.equals(pdf)).toBe(true);
    expect(downloaded.contentType).toBe('application/pdf');
    expect(last().authorization).toBe(`Bearer ${token}`);

    const withoutToken = await fetch(info.url);
    expect(withoutToken.status).toBe(401);
    expect(meta.errors('GraphAPIError', await withoutToken.json())).toEqual([]);
  });

  it('stops a download past the caller’s cap', async () => {
    const { token, phone_number_id: phoneNumberId } = await business();
    const { id } = await graph.uploadMedia(token, phoneNumberId, {
      bytes: textPng(['A LARGER PICTURE']),
      mimeType: 'image/png',
      filename: 'large.png',
    });
    const info = await graph.getMediaUrl(token, id);
    await expect(graph.downloadMedia(token, info.url, 100)).rejects.toMatchObject({
      name: 'MediaTooLarge',
      maxBytes: 100,
    });
  });

  it('hides another business’s media and deletes its own', async () => {
    const mine = await business();
    const theirs = await business();
    const { id } = await graph.uploadMedia(mine.token, mine.phone_number_id, {
      bytes: textPng(['HI']),
      mimeType: 'image/png',
      filename: 'hi.png',
    });
    await expect(graph.getMediaUrl(theirs.token, id)).rejects.toBeInstanceOf(GraphObjectMissing);
    await expect(graph.getMediaUrl(mine.token, id, theirs.phone_number_id)).rejects.toBeInstanceOf(GraphObjectMissing);

    expect(await graph.deleteMedia(mine.token, id)).toEqual({ success: true });
    expect(last().method).toBe('DELETE');
    expect(last().responseBody).toEqual(meta.example(mediaPath, 'delete', '200', 'Delete Media'));
    await expect(graph.getMediaUrl(mine.token, id)).rejects.toBeInstanceOf(GraphObjectMissing);
  });

  it('refuses a type Meta does not take (100) and a file over its kind’s limit (131053)', async () => {
    const { token, phone_number_id: phoneNumberId } = await business();
    const unsupported = graph.uploadMedia(token, phoneNumberId, {
      bytes: Buffer.from('<svg/>'),
      mimeType: 'image/svg+xml',
      filename: 'logo.svg',
    });
    await expect(unsupported).rejects.toBeInstanceOf(GraphBadParameter);
    expect(meta.errors('GraphAPIError', last().responseBody)).toEqual([]);

    const sticker = graph.uploadMedia(token, phoneNumberId, {
      bytes: Buffer.alloc(500 * 1024 + 1),
      mimeType: 'image/webp',
      filename: 'big.webp',
    });
    await expect(sticker).rejects.toMatchObject({
      code: 131053,
      details: expect.stringMatching(/at most 512000 bytes/),
    });
  });

  it('sends an uploaded image with a caption, quoting the customer, in the shape of Meta’s examples', async () => {
    const { token, phone_number_id: phoneNumberId, inbound } = await business();
    const { id } = await graph.uploadMedia(token, phoneNumberId, {
      bytes: textPng(['MENU']),
      mimeType: 'image/png',
      filename: 'menu.png',
    });
    const sent = await graph.sendMedia(token, phoneNumberId, {
      to: '16505551234',
      kind: 'image',
      mediaId: id,
      caption: 'Today’s menu',
      replyTo: inbound.wamid,
    });
    expect(sent.messages[0].id).toMatch(/^wamid\./);
    const { requestBody, responseBody } = last();
    expect(requestBody).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '16505551234',
      type: 'image',
      image: { id, caption: 'Today’s menu' },
      context: { message_id: inbound.wamid },
    });
    expect(meta.errors('ImageMessageMerged', requestBody)).toEqual([]);
    expect(meta.errors('MessageResponsePayload', responseBody)).toEqual([]);
  });

  it('sends a document with its file name, and audio and video, each as its schema says', async () => {
    const { token, phone_number_id: phoneNumberId } = await business();
    const upload = (bytes: Buffer, mimeType: string, filename: string) =>
      graph.uploadMedia(token, phoneNumberId, { bytes, mimeType, filename });

    const pdf = await upload(textPdf([['Menu']]), 'application/pdf', 'menu.pdf');
    await graph.sendMedia(token, phoneNumberId, {
      to: '16505551234',
      kind: 'document',
      mediaId: pdf.id,
      caption: 'The menu',
      filename: 'menu.pdf',
    });
    expect(meta.errors('DocumentMessageMerged', last().requestBody)).toEqual([]);
    expect(shapeOf(last().requestBody)).toEqual(
      shapeOf(meta.example(messagesPath, 'post', 'request', 'Send Document Message by ID')),
    );

    const ogg = await upload(Buffer.from('OggS\0fake voice'), 'audio/ogg', 'voice.ogg');
    await graph.sendMedia(token, phoneNumberId, { to: '16505551234', kind: 'audio', mediaId: ogg.id });
    expect(meta.errors('AudioMessageMerged', last().requestBody)).toEqual([]);
    expect(shapeOf(last().requestBody)).toEqual(
      shapeOf(meta.example(messagesPath, 'post', 'request', 'Send Audio Message by ID')),
    );

    const mp4 = await upload(Buffer.from('\0\0\0\x18ftypmp42'), 'video/mp4', 'clip.mp4');
    await graph.sendMedia(token, phoneNumberId, { to: '16505551234', kind: 'video', mediaId: mp4.id, caption: 'Hi' });
    expect(meta.errors('VideoMessageMerged', last().requestBody)).toEqual([]);
    expect(shapeOf(last().requestBody)).toEqual(
      shapeOf(meta.example(messagesPath, 'post', 'request', 'Send Video Message by ID')),
    );
  });

  it('refuses media outside the window (131047) and an unknown media id (131053)', async () => {
    const { token, phone_number_id: phoneNumberId } = await business();
    const { id } = await graph.uploadMedia(token, phoneNumberId, {
      bytes: textPng(['X']),
      mimeType: 'image/png',
      filename: 'x.png',
    });
    await expect(
      graph.sendMedia(token, phoneNumberId, { to: '16505550000', kind: 'image', mediaId: id }),
    ).rejects.toBeInstanceOf(GraphOutsideWindow);
    await expect(
      graph.sendMedia(token, phoneNumberId, { to: '16505551234', kind: 'image', mediaId: '123456789012345' }),
    ).rejects.toMatchObject({ code: 131053 });
  });
});

describe('templates', () => {
  const templatesPath = '/{Version}/{WABA-ID}/message_templates';
  const messagesPath = '/{Version}/{Phone-Number-ID}/messages';

  const seasonal: NewTemplate = {
    name: 'seasonal_promotion',
    language: 'en_US',
    category: 'MARKETING',
    components: [
      { type: 'HEADER', format: 'TEXT', text: 'Our {{1}} is on!', example: { header_text: ['Summer Sale'] } },
      {
        type: 'BODY',
        text: 'Hi {{1}}, shop now through {{2}} and use code {{3}} at checkout.',
        example: { body_text: [['Maria', 'the end of August', '25OFF']] },
      },
      { type: 'FOOTER', text: 'Reply STOP to opt out' },
      { type: 'BUTTONS', buttons: [{ type: 'QUICK_REPLY', text: 'Stop promotions' }] },
    ],
  };

  async function listed(token: string, wabaId: string) {
    return (await graph.listTemplates(token, wabaId)).data;
  }

  it('submits a template as Meta’s examples do; the review approves it a moment later', async () => {
    const { token, waba_id: wabaId } = await business();
    const created = await graph.createTemplate(token, wabaId, seasonal);
    expect(created).toEqual({ id: expect.stringMatching(/^\d+$/), status: 'PENDING', category: 'MARKETING' });
    expect(shapeOf(last().requestBody)).toEqual(
      shapeOf(
        meta.example(
          templatesPath,
          'post',
          'request',
          'Create template w/ text header, text body, text footer, and 2 quick reply buttons',
        ),
      ),
    );
    expect(shapeOf(last().responseBody)).toEqual(
      shapeOf(meta.example(templatesPath, 'post', '200', 'Example response')),
    );

    const [pending] = await listed(token, wabaId);
    expect(pending).toMatchObject({ id: created.id, name: 'seasonal_promotion', language: 'en_US', status: 'PENDING' });
    const { data: exampleData } = meta.example(templatesPath, 'get', '200', 'Example response') as {
      data: Record<string, unknown>[];
    };
    const { previous_category: _previous, ...exampleItem } = exampleData[1];
    const { rejected_reason: _reason, ...item } = pending as unknown as Record<string, unknown>;
    expect(Object.keys(item).sort()).toEqual(Object.keys(exampleItem).sort());
    expect(last().url.searchParams.get('fields')).toBe('id,name,language,status,category,components,rejected_reason');

    const approved = await waitFor(
      () => listed(token, wabaId),
      (data) => data[0]?.status !== 'PENDING',
    );
    expect(approved[0]).toMatchObject({ status: 'APPROVED', rejected_reason: 'NONE' });
  });

  it('rejects in review a body that ends with a variable (INVALID_FORMAT)', async () => {
    const { token, waba_id: wabaId } = await business();
    await graph.createTemplate(token, wabaId, {
      name: 'bare_code',
      language: 'en',
      category: 'UTILITY',
      components: [{ type: 'BODY', text: 'Your code is {{1}}', example: { body_text: [['1234']] } }],
    });
    const reviewed = await waitFor(
      () => listed(token, wabaId),
      (data) => data[0]?.status !== 'PENDING',
    );
    expect(reviewed[0]).toMatchObject({ status: 'REJECTED', rejected_reason: 'INVALID_FORMAT' });
  });

  it('refuses an invalid submission with Meta’s error object and a reason for the person', async () => {
    const { token, waba_id: wabaId } = await business();
    const failure = graph.createTemplate(token, wabaId, { ...seasonal, name: 'Not A Valid Name' });
    await expect(failure).rejects.toBeInstanceOf(GraphBadParameter);
    expect(meta.errors('GraphAPIError', last().responseBody)).toEqual([]);
    const { error } = last().responseBody as { error: Record<string, unknown> };
    expect(error).toMatchObject({ code: 100, error_user_title: 'Invalid template name' });

    const gaps = graph.createTemplate(token, wabaId, {
      ...seasonal,
      components: [{ type: 'BODY', text: 'Hi {{2}}', example: { body_text: [['x']] } }],
    });
    await expect(gaps).rejects.toMatchObject({ graph: { error_user_title: 'Invalid variable parameters' } });

    await graph.createTemplate(token, wabaId, seasonal);
    await expect(graph.createTemplate(token, wabaId, seasonal)).rejects.toMatchObject({
      graph: { error_user_title: 'Content in This Language Already Exists' },
    });
  });

  it('sends an approved template outside the window, in the shape of “Send Message Template Text”', async () => {
    const { token, waba_id: wabaId, phone_number_id: phoneNumberId } = await business();
    const { id } = await graph.createTemplate(token, wabaId, seasonal);
    await waitFor(
      () => listed(token, wabaId),
      (data) => data.find((template) => template.id === id)?.status === 'APPROVED',
    );
    const sent = await graph.sendTemplate(token, phoneNumberId, {
      to: '16505550000',
      name: 'seasonal_promotion',
      language: 'en_US',
      headerParameters: ['Summer Sale'],
      bodyParameters: ['Ana', 'Sunday', 'SUN10'],
    });
    expect(sent.messages[0].id).toMatch(/^wamid\./);
    const { requestBody, responseBody } = last();
    expect(meta.errors('TemplateMessageMerged', requestBody)).toEqual([]);
    const { components: _header, ...withoutComponents } = (requestBody as { template: Record<string, unknown> })
      .template;
    expect(withoutComponents).toEqual({ name: 'seasonal_promotion', language: { code: 'en_US' } });
    const example = meta.example(messagesPath, 'post', 'request', 'Send Message Template Text') as {
      template: { components: { parameters: unknown[] }[] };
    };
    const bodyComponent = (requestBody as { template: { components: unknown[] } }).template.components[1];
    expect(shapeOf(bodyComponent)).toEqual(shapeOf(example.template.components[0]));
    expect(meta.errors('MessageResponsePayload', responseBody)).toEqual([]);

    const stored = await testDb.db.one<{ body: { body: string } }>(
      'select body from sandbox_messages where wamid = $1',
      [sent.messages[0].id],
    );
    expect(stored.body.body).toBe(
      'Our Summer Sale is on!\n\nHi Ana, shop now through Sunday and use code SUN10 at checkout.\n\nReply STOP to opt out',
    );
  });

  it('refuses a template that is not approved (132001) or given the wrong number of values (132000)', async () => {
    const { token, waba_id: wabaId, phone_number_id: phoneNumberId } = await business();
    await graph.createTemplate(token, wabaId, seasonal);
    const early = graph.sendTemplate(token, phoneNumberId, {
      to: '16505551234',
      name: 'seasonal_promotion',
      language: 'en_US',
      bodyParameters: ['a', 'b', 'c'],
      headerParameters: ['d'],
    });
    await expect(early).rejects.toMatchObject({ code: 132001 });
    expect(meta.errors('GraphAPIError', last().responseBody)).toEqual([]);
    await waitFor(
      () => listed(token, wabaId),
      (data) => data[0]?.status === 'APPROVED',
    );
    const short = graph.sendTemplate(token, phoneNumberId, {
      to: '16505551234',
      name: 'seasonal_promotion',
      language: 'en_US',
      bodyParameters: ['only one'],
      headerParameters: ['d'],
    });
    await expect(short).rejects.toBeInstanceOf(GraphError);
    await expect(short).rejects.toMatchObject({ code: 132000 });
  });

  it('deletes a template by name, as Meta’s example answers', async () => {
    const { token, waba_id: wabaId } = await business();
    await graph.createTemplate(token, wabaId, seasonal);
    expect(await graph.deleteTemplate(token, wabaId, 'seasonal_promotion')).toEqual({ success: true });
    expect(last().url.searchParams.get('name')).toBe('seasonal_promotion');
    expect(last().responseBody).toEqual(meta.example(templatesPath, 'delete', '200', 'Example response'));
    expect(await listed(token, wabaId)).toEqual([]);
    await expect(graph.deleteTemplate(token, wabaId, 'seasonal_promotion')).rejects.toBeInstanceOf(GraphBadParameter);
  });

  it('pages the list with Graph’s cursors', async () => {
    const { token, waba_id: wabaId } = await business();
    for (const name of ['first_one', 'second_one', 'third_one']) {
      await graph.createTemplate(token, wabaId, { ...seasonal, name });
    }
    const first = await graph.listTemplates(token, wabaId, { limit: 2 });
    expect(first.data.map((template) => template.name)).toEqual(['first_one', 'second_one']);
    const second = await graph.listTemplates(token, wabaId, { limit: 2, after: first.paging?.cursors?.after });
    expect(second.data.map((template) => template.name)).toEqual(['third_one']);
  });
});
