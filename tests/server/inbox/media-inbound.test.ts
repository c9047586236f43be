import type { Message } from '../../../contract';
import type { App } from '../../../server/app';
import { recordInboundMedia } from '../../../server/sandbox/graph/messages';
import { FETCH_MEDIA_JOB, MEDIA_FAILURES } from '../../../server/services/media/fetch-job';
import { textPng } from '../../fixtures/images';
import { textPdf } from '../../fixtures/pdf';
import { bearer, openTestDb, registerUser, type TestDb } from '../support/helpers';
import { connectedOwner, CUSTOMER, inbound, postWebhook, wamid } from '../support/webhook-fixtures';
import { apiGet, buildListeningSandboxApp } from '../support/whatsapp-helpers';

/**
 * A customer's photo, voice note, file, sticker or location: the webhook stores the message and
 * queues the media job in the same statement; the job fetches the media through Graph, decides its
 * type by its bytes, caps its size and keeps it; the owner gets it through an authenticated route.
 */

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

/** The customer sends a file to the owner's number: kept by the simulator, then the webhook Meta would send. */
async function customerSends(
  phoneNumberId: string,
  kind: 'image' | 'audio' | 'document' | 'sticker',
  bytes: Buffer,
  mimeType: string,
  extra: { caption?: string; filename?: string; voice?: boolean } = {},
) {
  const recorded = await recordInboundMedia(testDb.db, {
    phoneNumberId,
    from: CUSTOMER,
    kind,
    mimeType,
    bytes,
    ...extra,
  });
  const id = recorded.wamid;
  const message = { from: CUSTOMER, id, timestamp: recorded.timestamp, type: kind, [kind]: recorded.media };
  const response = await postWebhook(app, inbound(phoneNumberId, [message]));
  expect(response.statusCode).toBe(200);
  return { wamid: id, mediaId: recorded.media.id };
}

async function messagesOf(token: string): Promise<Message[]> {
  const response = await apiGet(app, `/messages/conversations/${CONVERSATION}`, token);
  expect(response.statusCode).toBe(200);
  return response.json<Message[]>();
}

async function messageOf(token: string, id: string): Promise<Message> {
  const found = (await messagesOf(token)).find((message) => message.id === id);
  if (!found) throw new Error(`message ${id} not listed`);
  return found;
}

describe('webhook → media job → stored media', () => {
  it('queues the media job before the reply, due at once, once per message', async () => {
    const { userId, phoneNumberId } = await connectedOwner(app);
    const before = Date.now();
    const { wamid: id } = await customerSends(phoneNumberId, 'image', textPng(['CAKE']), 'image/png', {
      caption: 'Is this cake available?',
    });
    const jobs = await testDb.db.query<{ name: string; key: string; run_at: Date; queue: string }>(
      `select name, key, run_at, queue from jobs where (payload ->> 'userId')::bigint = $1 order by id`,
      [userId],
    );
    expect(jobs.map((job) => job.name)).toEqual([FETCH_MEDIA_JOB, 'reply', 'extract-memories']);
    expect(jobs[0].key).toBe(`media:${id}`);
    expect(jobs[0].run_at.getTime()).toBeLessThanOrEqual(Date.now());
    expect(jobs[0].run_at.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(new Set(jobs.map((job) => job.queue)).size).toBe(1);
  });

  it('shows the photo pending, then ready with its type from its bytes, served to its owner only', async () => {
    const { token, phoneNumberId } = await connectedOwner(app);
    const png = textPng(['CAKE']);
    const { wamid: id } = await customerSends(phoneNumberId, 'image', png, 'image/jpeg', {
      caption: 'Is this cake available?',
    });

    const pending = await messageOf(token, id);
    expect(pending.body).toBe('[image] Is this cake available?');
    expect(pending.media).toEqual({
      kind: 'image',
      status: 'pending',
      mime_type: 'image/jpeg',
      size_bytes: null,
      filename: null,
      caption: 'Is this cake available?',
      duration_seconds: null,
      voice: false,
      url: null,
      failure: null,
      location: null,
      transcript: null,
    });

    await app.jobs.runUntilIdle();
    const ready = await messageOf(token, id);
    const url = `/api/v1/messages/conversations/${encodeURIComponent(CONVERSATION)}/media/${encodeURIComponent(id)}`;
    expect(ready.media).toMatchObject({ status: 'ready', mime_type: 'image/png', size_bytes: png.length, url });

    const file = await app.inject({ method: 'GET', url, headers: bearer(token) });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    // A customer's photo is kept by no browser or proxy cache.
    expect(file.headers['cache-control']).toBe('no-store');
    expect(file.rawPayload.equals(png)).toBe(true);

    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const stranger = await registerUser(app);
    expect((await app.inject({ method: 'GET', url, headers: bearer(stranger.token) })).statusCode).toBe(404);
  });

  it('keeps a voice note and a document with their names and kinds', async () => {
    const { token, phoneNumberId } = await connectedOwner(app);
    const voice = await customerSends(phoneNumberId, 'audio', Buffer.from('OggS\0\x02voice-note-bytes'), 'audio/ogg', {
      voice: true,
    });
    const pdf = textPdf([['Order 42']]);
    const document = await customerSends(phoneNumberId, 'document', pdf, 'application/pdf', { filename: 'order.pdf' });
    await app.jobs.runUntilIdle();

    expect((await messageOf(token, voice.wamid)).media).toMatchObject({
      kind: 'audio',
      status: 'ready',
      mime_type: 'audio/ogg',
      voice: true,
    });
    const listed = await messageOf(token, document.wamid);
    expect(listed.body).toBe('[document] order.pdf');
    expect(listed.media).toMatchObject({ kind: 'document', status: 'ready', mime_type: 'application/pdf' });
    const file = await app.inject({ method: 'GET', url: listed.media?.url ?? '', headers: bearer(token) });
    expect(file.headers['content-disposition']).toBe(`inline; filename="order.pdf"; filename*=UTF-8''order.pdf`);
    expect(file.rawPayload.equals(pdf)).toBe(true);
  });

  it('fails a photo whose bytes are not a picture, and a sticker over its size limit, without retrying', async () => {
    const { userId, token, phoneNumberId } = await connectedOwner(app);
    const fake = await customerSends(phoneNumberId, 'image', textPdf([['Not a photo']]), 'image/jpeg');
    const huge = await customerSends(phoneNumberId, 'sticker', Buffer.alloc(600 * 1024, 1), 'image/webp');
    await app.jobs.runUntilIdle();

    expect((await messageOf(token, fake.wamid)).media).toMatchObject({
      status: 'failed',
      url: null,
      failure: MEDIA_FAILURES.wrongType('image'),
    });
    expect((await messageOf(token, huge.wamid)).media).toMatchObject({
      status: 'failed',
      failure: MEDIA_FAILURES.tooLarge(500 * 1024),
    });
    const jobs = await testDb.db.query<{ status: string; attempts: number }>(
      `select status, attempts from jobs where name = $1 and (payload ->> 'userId')::bigint = $2`,
      [FETCH_MEDIA_JOB, userId],
    );
    expect(jobs).toEqual([
      { status: 'done', attempts: 1 },
      { status: 'done', attempts: 1 },
    ]);
    const blobs = await testDb.db.query('select key from media_blobs where user_id = $1', [userId]);
    expect(blobs).toEqual([]);
  });

  it('retries a download Graph cannot give, then marks the media failed', async () => {
    const { userId, token, phoneNumberId } = await connectedOwner(app);
    const sent = await customerSends(phoneNumberId, 'image', textPng(['GONE']), 'image/png');
    await testDb.db.query('delete from sandbox_media where id = $1', [sent.mediaId]);

    let job: { status: string; attempts: number; max_attempts: number } | undefined;
    for (let round = 0; round < 10; round += 1) {
      await app.jobs.runUntilIdle();
      job = await testDb.db.one(
        `select status, attempts, max_attempts from jobs where key = $1 and (payload ->> 'userId')::bigint = $2`,
        [`media:${sent.wamid}`, userId],
      );
      if (job.status === 'failed') break;
      expect((await messageOf(token, sent.wamid)).media?.status).toBe('pending');
      // Skips the backoff: the retry is due now.
      await testDb.db.query(`update jobs set run_at = now() where key = $1 and status = 'pending'`, [
        `media:${sent.wamid}`,
      ]);
    }
    expect(job?.status).toBe('failed');
    expect(job?.attempts).toBe(job?.max_attempts);
    expect((await messageOf(token, sent.wamid)).media).toMatchObject({
      status: 'failed',
      failure: MEDIA_FAILURES.unavailable,
    });
  });

  it('shows a shared location with its coordinates, name and address', async () => {
    const { token, phoneNumberId } = await connectedOwner(app);
    const id = wamid();
    const location = { latitude: 38.7075, longitude: -9.1364, name: 'Praça do Comércio', address: 'Lisbon' };
    await postWebhook(
      app,
      inbound(phoneNumberId, [{ from: CUSTOMER, id, timestamp: '1749416383', type: 'location', location }]),
    );
    const message = await messageOf(token, id);
    expect(message.body).toBe('[location] Praça do Comércio, Lisbon');
    expect(message.media).toMatchObject({ kind: 'location', status: 'ready', url: null, location });
  });

  it('answers 404 for a text message’s media and for a message of another conversation', async () => {
    const { token, phoneNumberId } = await connectedOwner(app);
    const id = wamid();
    await postWebhook(
      app,
      inbound(phoneNumberId, [{ from: CUSTOMER, id, timestamp: '1749416383', type: 'text', text: { body: 'Hi' } }]),
    );
    const url = `/api/v1/messages/conversations/${CONVERSATION}/media/${encodeURIComponent(id)}`;
    const response = await app.inject({ method: 'GET', url, headers: bearer(token) });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'media_not_found' });
    const elsewhere = await app.inject({
      method: 'GET',
      url: `/api/v1/messages/conversations/16505550000@c.us/media/${encodeURIComponent(id)}`,
      headers: bearer(token),
    });
    expect(elsewhere.statusCode).toBe(404);
  });
});
