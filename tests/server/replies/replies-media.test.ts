import type { LanguageModelV3CallOptions, TranscriptionModelV3 } from '@ai-sdk/provider';
import { APICallError } from 'ai';
import { MockTranscriptionModelV3 } from 'ai/test';
import type { AgentBody } from '../../../contract';
import { recordInboundMedia } from '../../../server/sandbox/graph/messages';
import { MAX_PROMPT_IMAGES } from '../../../server/services/replies/media-turns';
import { DEFAULT_HANDOVER_MESSAGE, HANDOVER_REASONS } from '../../../server/services/inbox/ownership';
import { PHRASES } from '../../../server/services/replies/phrasing';
import { textPng } from '../../fixtures/images';
import { useTestApp } from '../support/helpers';
import { deliver, later, reply } from '../support/inbox-fixtures';
import {
  addContext,
  customerReceived,
  customerWrites,
  drain,
  escalationsOf,
  lastUserText,
  messagesIn,
  mockModel,
  newCustomer,
  ownerWithAgent,
  repliesApp,
  replyCalls,
  restoreModels,
  type AgentOwner,
} from '../support/replies-helpers';

/**
 * The AI and a customer's media: photos reach models that see images as image parts (a note for
 * the others), an OpenAI agent's voice notes are transcribed and answered, a voice note the agent
 * cannot listen to is met as the agent's setting says, the offline model hands over media without
 * text, and no reply runs before the media it answers is kept or failed.
 */

const ctx = useTestApp((db) => repliesApp(db));
afterEach(() => restoreModels(ctx.app));

const VOICE_NOTE = Buffer.from('OggS\0\x02voice-note-bytes');

/** The customer sends a photo, voice note or sticker: kept by the simulator, then Meta's webhook. */
async function customerSends(
  owner: AgentOwner,
  customer: string,
  kind: 'image' | 'audio' | 'sticker',
  bytes: Buffer,
  mimeType: string,
  extra: { caption?: string; voice?: boolean } = {},
) {
  const recorded = await recordInboundMedia(ctx.db, {
    phoneNumberId: owner.phoneNumberId,
    from: customer,
    kind,
    mimeType,
    bytes,
    ...extra,
  });
  await deliver(
    ctx.app,
    owner,
    customer,
    { from: customer, id: recorded.wamid, timestamp: String(later()), type: kind, [kind]: recorded.media },
    'Sheena Nelson',
  );
  return { wamid: recorded.wamid, mediaId: recorded.media.id };
}

/** The image parts of the last user message a model was called with. */
function imageParts(call: LanguageModelV3CallOptions) {
  const user = call.prompt.filter((message) => message.role === 'user').at(-1);
  if (!user || user.role !== 'user') return [];
  return user.content.filter((part) => part.type === 'file');
}

/** A mock transcription model for OpenAI agents (none for the others); its calls are recorded. */
function transcriber(answer: TranscriptionModelV3['doGenerate']) {
  const calls: Parameters<TranscriptionModelV3['doGenerate']>[0][] = [];
  const model = new MockTranscriptionModelV3({
    provider: 'openai.transcription',
    doGenerate: (options) => {
      calls.push(options);
      return answer(options);
    },
  });
  ctx.app.replies.transcriptionModel = (choice) => (choice.model.startsWith('openai/') ? model : undefined);
  return calls;
}

function transcribed(text: string): ReturnType<TranscriptionModelV3['doGenerate']> {
  return Promise.resolve({
    text,
    segments: [],
    language: 'en',
    durationInSeconds: 3,
    warnings: [],
    response: { timestamp: new Date(), modelId: 'gpt-4o-mini-transcribe' },
  });
}

async function attemptOf(wamid: string) {
  return ctx.db.maybeOne<{ state: string }>('select state from reply_attempts where wamid = $1', [wamid]);
}

const agentOn = (model: string, overrides: Partial<AgentBody> = {}) =>
  ownerWithAgent(ctx, { model, api_key: model.startsWith('local/') ? '' : 'sk-test-key-wxyz', ...overrides });

describe('photos in the prompt', () => {
  it('gives a vision model the customer’s photo as an image part, with the caption as text', async () => {
    const owner = await agentOn('anthropic/claude-haiku-4-5');
    const customer = newCustomer();
    const model = mockModel('Yes, we have that cake in chocolate.');
    ctx.app.replies.languageModel = () => model;
    const png = textPng(['CAKE']);

    const photo = await customerSends(owner, customer, 'image', png, 'image/png', { caption: 'Do you have this?' });
    await drain(ctx.app);

    const [call] = replyCalls(model);
    expect(lastUserText(call)).toContain('[The customer sent this photo: Do you have this?]');
    const parts = imageParts(call);
    expect(parts).toHaveLength(1);
    expect(parts[0]).toMatchObject({ type: 'file', mediaType: 'image/png' });
    expect(Buffer.from(parts[0].type === 'file' ? (parts[0].data as Uint8Array) : []).equals(png)).toBe(true);
    expect(await customerReceived(ctx.db, owner, customer)).toEqual([
      expect.objectContaining({ text: 'Yes, we have that cake in chocolate.', context_wamid: photo.wamid }),
    ]);
  });

  it(`attaches at most the latest ${MAX_PROMPT_IMAGES} photos of the conversation`, async () => {
    const owner = await agentOn('openai/gpt-4o-mini');
    const customer = newCustomer();
    const model = mockModel('They are all lovely.');
    ctx.app.replies.languageModel = () => model;
    transcriber(() => transcribed('unused'));

    for (const word of ['ONE', 'TWO', 'THREE', 'FOUR']) {
      await customerSends(owner, customer, 'image', textPng([word]), 'image/png');
    }
    await drain(ctx.app);

    const [call] = replyCalls(model);
    const attached = imageParts(call).map((part) =>
      part.type === 'file' ? Buffer.from(part.data as Uint8Array) : null,
    );
    expect(attached).toEqual([textPng(['TWO']), textPng(['THREE']), textPng(['FOUR'])]);
    expect(lastUserText(call)).toContain('[The customer sent a photo]\n[The customer sent this photo]');
  });

  it('gives a model that sees no images a note of the photo and its caption instead', async () => {
    const owner = await agentOn('openai-compatible/llama3.1');
    const customer = newCustomer();
    const model = mockModel('A person will look at it.');
    ctx.app.replies.languageModel = () => model;

    await customerSends(owner, customer, 'image', textPng(['CAKE']), 'image/png', { caption: 'Is this in stock?' });
    await drain(ctx.app);

    const [call] = replyCalls(model);
    expect(imageParts(call)).toEqual([]);
    expect(lastUserText(call)).toContain('[The customer sent a photo: Is this in stock?]');
  });
});

describe('voice notes', () => {
  it('transcribes an OpenAI agent’s voice note, shows the transcript and answers it', async () => {
    const owner = await agentOn('openai/gpt-4o-mini');
    await addContext(ctx, owner, 'We are open on Sundays from 9 to 12.');
    const customer = newCustomer();
    const transcriptions = transcriber(() => transcribed('Are you open on Sundays?'));
    const model = mockModel('Yes, from 9 to 12.');
    ctx.app.replies.languageModel = () => model;

    const voice = await customerSends(owner, customer, 'audio', VOICE_NOTE, 'audio/ogg', { voice: true });
    await drain(ctx.app);

    expect(transcriptions).toHaveLength(1);
    expect(Buffer.from(transcriptions[0].audio as Uint8Array).equals(VOICE_NOTE)).toBe(true);
    expect(transcriptions[0].mediaType).toBe('audio/ogg');
    const stored = await ctx.db.one<{ transcript: string; transcript_status: string }>(
      `select mm.transcript, mm.transcript_status from message_media mm join messages m on m.id = mm.message_id
        where m.wamid = $1`,
      [voice.wamid],
    );
    expect(stored).toEqual({ transcript: 'Are you open on Sundays?', transcript_status: 'done' });
    const listed = (await messagesIn(ctx, owner, customer)).find((message) => message.id === voice.wamid);
    expect(listed?.media).toMatchObject({
      kind: 'audio',
      status: 'ready',
      voice: true,
      transcript: 'Are you open on Sundays?',
    });

    const [call] = replyCalls(model);
    expect(lastUserText(call)).toContain('Are you open on Sundays?');
    expect(lastUserText(call)).toContain('We are open on Sundays from 9 to 12.');
    expect(lastUserText(call)).not.toContain('[audio]');
    expect(await customerReceived(ctx.db, owner, customer)).toEqual([
      expect.objectContaining({ text: 'Yes, from 9 to 12.', context_wamid: voice.wamid }),
    ]);
  });

  it('retries a transcription the provider refused for now, and the reply waits for it', async () => {
    const owner = await agentOn('openai/gpt-4o-mini');
    const customer = newCustomer();
    const calls = transcriber(() => {
      if (calls.length === 1) {
        return Promise.reject(
          new APICallError({ message: 'busy', url: 'https://api.openai.com', requestBodyValues: {}, statusCode: 503 }),
        );
      }
      return transcribed('Do you deliver?');
    });
    const model = mockModel('We do.');
    ctx.app.replies.languageModel = () => model;

    const voice = await customerSends(owner, customer, 'audio', VOICE_NOTE, 'audio/ogg', { voice: true });
    await drain(ctx.app);
    expect(calls).toHaveLength(1);
    expect(replyCalls(model)).toHaveLength(0);
    expect(await attemptOf(voice.wamid)).toEqual({ state: 'awaiting_media' });
    expect(await customerReceived(ctx.db, owner, customer)).toEqual([]);

    await ctx.db.query(`update jobs set run_at = now() where key = $1`, [`transcribe:${voice.wamid}`]);
    await drain(ctx.app);
    expect(calls).toHaveLength(2);
    expect(replyCalls(model)).toHaveLength(1);
    expect(lastUserText(replyCalls(model)[0])).toContain('Do you deliver?');
    expect(await customerReceived(ctx.db, owner, customer)).toEqual([expect.objectContaining({ text: 'We do.' })]);
    expect(await attemptOf(voice.wamid)).toEqual({ state: 'sent' });
  });

  it('asks for text, in the customer’s language, when the transcription fails for good', async () => {
    const owner = await agentOn('openai/gpt-4o-mini');
    const customer = newCustomer();
    transcriber(() =>
      Promise.reject(
        new APICallError({
          message: 'bad audio',
          url: 'https://api.openai.com',
          requestBodyValues: {},
          statusCode: 400,
        }),
      ),
    );
    const model = mockModel('Hola, ¿en qué puedo ayudarte?');
    ctx.app.replies.languageModel = () => model;
    await customerWrites(ctx.app, ctx.db, owner, customer, { text: 'Hola, ¿tenéis pan sin gluten para mañana?' });
    await drain(ctx.app);

    const voice = await customerSends(owner, customer, 'audio', VOICE_NOTE, 'audio/ogg', { voice: true });
    await drain(ctx.app);

    const listed = (await messagesIn(ctx, owner, customer)).find((message) => message.id === voice.wamid);
    expect(listed?.media).toMatchObject({ status: 'ready', transcript: null });
    expect(replyCalls(model)).toHaveLength(1);
    expect((await customerReceived(ctx.db, owner, customer)).at(-1)).toMatchObject({
      text: PHRASES.es.voiceNote(),
      context_wamid: voice.wamid,
    });
  });

  it('asks a customer of an agent whose provider cannot listen to type their voice note', async () => {
    const owner = await agentOn('google/gemini-2.5-flash');
    const customer = newCustomer();
    const transcriptions = transcriber(() => transcribed('never'));
    const model = mockModel('unused');
    ctx.app.replies.languageModel = () => model;

    await customerSends(owner, customer, 'audio', VOICE_NOTE, 'audio/ogg', { voice: true });
    await drain(ctx.app);

    expect(transcriptions).toEqual([]);
    expect(replyCalls(model)).toHaveLength(0);
    expect(await customerReceived(ctx.db, owner, customer)).toEqual([
      expect.objectContaining({ text: PHRASES.en.voiceNote() }),
    ]);
    expect(await escalationsOf(ctx, owner)).toEqual([]);
  });

  it('hands over, telling the customer once, when the agent is set to hand voice notes over', async () => {
    const owner = await agentOn('anthropic/claude-haiku-4-5', { voice_notes: 'hand_over' });
    const customer = newCustomer();
    const model = mockModel('unused');
    ctx.app.replies.languageModel = () => model;

    await customerSends(owner, customer, 'audio', VOICE_NOTE, 'audio/ogg', { voice: true });
    await drain(ctx.app);
    await customerSends(owner, customer, 'audio', VOICE_NOTE, 'audio/ogg', { voice: true });
    await drain(ctx.app);

    expect(replyCalls(model)).toHaveLength(0);
    expect(await customerReceived(ctx.db, owner, customer)).toEqual([
      expect.objectContaining({ text: DEFAULT_HANDOVER_MESSAGE }),
    ]);
    expect(await escalationsOf(ctx, owner)).toEqual([
      expect.objectContaining({ kind: 'media', reason: HANDOVER_REASONS.voiceNote }),
    ]);
  });
});

describe('the offline model and media', () => {
  it('hands a photo without a caption over politely, once, and answers a captioned one from its caption', async () => {
    const owner = await agentOn('local/knowledge-base');
    await addContext(ctx, owner, 'Our cakes cost 25 euros each.');
    const customer = newCustomer();

    await customerSends(owner, customer, 'image', textPng(['CAKE']), 'image/png');
    await drain(ctx.app);
    await customerSends(owner, customer, 'image', textPng(['PIE']), 'image/png');
    await drain(ctx.app);
    expect(await customerReceived(ctx.db, owner, customer)).toEqual([
      expect.objectContaining({ text: DEFAULT_HANDOVER_MESSAGE }),
    ]);
    expect(await escalationsOf(ctx, owner)).toEqual([
      expect.objectContaining({ kind: 'media', reason: HANDOVER_REASONS.media }),
    ]);

    const other = newCustomer();
    await customerSends(owner, other, 'image', textPng(['CAKE']), 'image/png', { caption: 'How much do cakes cost?' });
    await drain(ctx.app);
    expect(await customerReceived(ctx.db, owner, other)).toEqual([
      expect.objectContaining({ text: expect.stringContaining('25 euros') }),
    ]);
  });

  it('answers the words of a burst of media, not the voice note beside them', async () => {
    const owner = await agentOn('local/knowledge-base');
    await addContext(ctx, owner, 'Our cakes cost 25 euros each.');
    const customer = newCustomer();

    await customerSends(owner, customer, 'image', textPng(['CAKE']), 'image/png', {
      caption: 'How much do cakes cost?',
    });
    await customerSends(owner, customer, 'audio', VOICE_NOTE, 'audio/ogg', { voice: true });
    await drain(ctx.app);

    expect(await customerReceived(ctx.db, owner, customer)).toEqual([
      expect.objectContaining({ text: expect.stringContaining('25 euros') }),
    ]);
    expect(await escalationsOf(ctx, owner)).toEqual([]);
  });

  it('leaves a sticker alone unanswered, without a hand-over', async () => {
    const owner = await agentOn('local/knowledge-base');
    const customer = newCustomer();
    const webp = Buffer.concat([Buffer.from('RIFF\x10\0\0\0WEBPVP8 '), Buffer.alloc(16, 1)]);

    const sticker = await customerSends(owner, customer, 'sticker', webp, 'image/webp');
    await drain(ctx.app);

    expect(await customerReceived(ctx.db, owner, customer)).toEqual([]);
    expect(await escalationsOf(ctx, owner)).toEqual([]);
    expect(await attemptOf(sticker.wamid)).toEqual({ state: 'skipped' });
  });
});

describe('media before the reply', () => {
  it('answers a photo only once it is kept: the reply steps back while the media job retries', async () => {
    const owner = await agentOn('openai/gpt-4o-mini');
    const customer = newCustomer();
    const model = mockModel('What a nice cake.');
    ctx.app.replies.languageModel = () => model;
    const png = textPng(['CAKE']);

    const photo = await customerSends(owner, customer, 'image', png, 'image/png', { caption: 'Look!' });
    // Graph cannot give the file for now: the media job fails and waits its backoff.
    await ctx.db.query(`update sandbox_media set id = id || '-away' where id = $1`, [photo.mediaId]);
    await drain(ctx.app);

    expect(replyCalls(model)).toHaveLength(0);
    expect(await customerReceived(ctx.db, owner, customer)).toEqual([]);
    expect(await attemptOf(photo.wamid)).toEqual({ state: 'awaiting_media' });
    const listed = (await messagesIn(ctx, owner, customer)).find((message) => message.id === photo.wamid);
    expect(listed?.media?.status).toBe('pending');

    await ctx.db.query(`update sandbox_media set id = $1 where id = $1 || '-away'`, [photo.mediaId]);
    await ctx.db.query(`update jobs set run_at = now() where key = $1 and status = 'pending'`, [
      `media:${photo.wamid}`,
    ]);
    await drain(ctx.app);

    expect(replyCalls(model)).toHaveLength(1);
    expect(imageParts(replyCalls(model)[0])).toHaveLength(1);
    expect(await customerReceived(ctx.db, owner, customer)).toEqual([
      expect.objectContaining({ text: 'What a nice cake.', context_wamid: photo.wamid }),
    ]);
    // Nothing is left to run again: the reply was sent once.
    await drain(ctx.app);
    expect(await customerReceived(ctx.db, owner, customer)).toHaveLength(1);
  });

  it('answers with a note once the media failed for good', async () => {
    const owner = await agentOn('openai/gpt-4o-mini');
    const customer = newCustomer();
    const model = mockModel('Sorry, the photo did not come through.');
    ctx.app.replies.languageModel = () => model;

    const photo = await customerSends(owner, customer, 'image', textPng(['GONE']), 'image/png');
    await ctx.db.query('delete from sandbox_media where id = $1', [photo.mediaId]);
    for (let round = 0; round < 10; round += 1) {
      await drain(ctx.app);
      const pending = await ctx.db.query(
        `update jobs set run_at = now() where key = $1 and status = 'pending' returning id`,
        [`media:${photo.wamid}`],
      );
      if (pending.length === 0) break;
    }
    await drain(ctx.app);

    const [call] = replyCalls(model);
    expect(imageParts(call)).toEqual([]);
    expect(lastUserText(call)).toContain('[The customer sent a photo]');
    expect(await customerReceived(ctx.db, owner, customer)).toHaveLength(1);
  });

  it('sends nothing when the owner answered by hand while the photo was on its way', async () => {
    const owner = await agentOn('openai/gpt-4o-mini');
    const customer = newCustomer();
    const model = mockModel('unused');
    ctx.app.replies.languageModel = () => model;

    const photo = await customerSends(owner, customer, 'image', textPng(['CAKE']), 'image/png');
    await ctx.db.query(`update sandbox_media set id = id || '-away' where id = $1`, [photo.mediaId]);
    await drain(ctx.app);
    expect(await attemptOf(photo.wamid)).toEqual({ state: 'awaiting_media' });
    const byHand = await reply(ctx.app, owner.token, customer, { text: 'Lovely, I will check.' });
    expect(byHand.statusCode).toBe(201);

    await ctx.db.query(`update sandbox_media set id = $1 where id = $1 || '-away'`, [photo.mediaId]);
    await ctx.db.query(`update jobs set run_at = now() where key = $1 and status = 'pending'`, [
      `media:${photo.wamid}`,
    ]);
    await drain(ctx.app);

    expect(replyCalls(model)).toHaveLength(0);
    expect(await customerReceived(ctx.db, owner, customer)).toEqual([
      expect.objectContaining({ text: 'Lovely, I will check.' }),
    ]);
  });
});
