import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ValidationFailed } from '../../errors';
import { uploadFailure } from '../../routes/uploads';
import { ErrorResponse } from '../../routes/shared';
import type { Db } from '../../db/client';
import type { SandboxWebhooks } from '../webhooks';
import { CUSTOMER_TOKEN_HEADER } from './customers';
import {
  PHONE_MEDIA_MAX_BYTES,
  readPhoneMedia,
  sendLocationFromPhone,
  sendMediaFromPhone,
  type PhoneFile,
} from './media';
import { choosePromotions } from './preferences';
import { letADayPassOnPhone } from './day-passed';
import { reactFromPhone } from './reactions';
import {
  CustomerHeaders,
  customerSendSchema,
  DayPassedBody,
  DayPassedOnPhone,
  MediaQuery,
  PhoneLocationBody,
  PhoneMessageBody,
  PhoneMessageSent,
  PhoneReactionBody,
  PromotionsBody,
  PromotionsChanged,
  SandboxNumber,
  Thread,
  ThreadQuery,
} from './schemas';
import { listNumbers, readThread, sendFromPhone } from './service';

type PhoneApp = Parameters<FastifyPluginAsyncTypebox>[0];

/** What every route of the phone works with. */
interface PhoneContext {
  db: Db;
  webhooks: SandboxWebhooks;
  /** Anyone can open the phone: a script must not fill an owner's inbox from it. */
  consumeRate: (ip: string) => void;
  /** Nor claim customer numbers by the thousand, or read without end. */
  consumeReadRate: (ip: string) => void;
}

const common = { tags: ['sandbox'] };

/** A multipart upload from the phone: its text fields, and the file when one came (at most 16 MB). */
async function readPhoneUpload(request: FastifyRequest) {
  const fields: Record<string, string> = {};
  let file: PhoneFile | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of part.file as AsyncIterable<Buffer>) chunks.push(chunk);
      if (part.file.truncated) throw new ValidationFailed('The phone sends files up to 16 MB.', 'file');
      file = { bytes: Buffer.concat(chunks), filename: part.filename || 'file', mimeType: part.mimetype };
    }
  } catch (error) {
    throw uploadFailure(error);
  }
  return { fields, file };
}

function mediaUploadRoute(app: PhoneApp, { db, webhooks, consumeRate }: PhoneContext) {
  app.post(
    '/media',
    {
      schema: {
        ...common,
        summary:
          'Sandbox only: a customer sends a photo, file or audio (multipart: file, the sender fields, caption, voice)',
        consumes: ['multipart/form-data'],
        headers: CustomerHeaders,
        response: { 201: PhoneMessageSent, 403: ErrorResponse, 422: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request, reply) => {
      consumeRate(request.ip);
      if (!request.isMultipart()) throw new ValidationFailed('Choose a file to send.', 'file');
      const { fields, file } = await readPhoneUpload(request);
      const sender = {
        phone_number_id: fields.phone_number_id ?? '',
        name: fields.name ?? '',
        phone_number: fields.phone_number ?? '',
        username: fields.username,
        caption: fields.caption,
        voice: fields.voice === 'true',
      };
      const sent = await sendMediaFromPhone(db, webhooks, sender, file, request.headers[CUSTOMER_TOKEN_HEADER]);
      return reply.status(201).send(sent);
    },
  );
}

function locationRoute(app: PhoneApp, { db, webhooks, consumeRate }: PhoneContext) {
  const schema = customerSendSchema('Sandbox only: a customer shares a place', PhoneLocationBody);
  app.post('/location', { schema }, async (request, reply) => {
    consumeRate(request.ip);
    const token = request.headers[CUSTOMER_TOKEN_HEADER];
    return reply.status(201).send(await sendLocationFromPhone(db, webhooks, request.body, token));
  });
}

function promotionsRoute(app: PhoneApp, { db, webhooks, consumeRate }: PhoneContext) {
  app.post(
    '/promotions',
    {
      schema: {
        ...common,
        summary: "Sandbox only: a customer stops or resumes a business's promotions (the user_preferences webhook)",
        headers: CustomerHeaders,
        body: PromotionsBody,
        response: { 200: PromotionsChanged, 403: ErrorResponse, 422: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request) => {
      consumeRate(request.ip);
      return choosePromotions(db, webhooks, request.body, request.headers[CUSTOMER_TOKEN_HEADER]);
    },
  );
}

function dayPassedRoute(app: PhoneApp, { db, consumeRate }: PhoneContext) {
  app.post(
    '/day-passed',
    {
      schema: {
        ...common,
        summary:
          "Sandbox only: a day passes in the customer's thread with this business number, closing the business's 24-hour window",
        headers: CustomerHeaders,
        body: DayPassedBody,
        response: {
          200: DayPassedOnPhone,
          403: ErrorResponse,
          404: ErrorResponse,
          422: ErrorResponse,
          429: ErrorResponse,
        },
      },
    },
    async (request) => {
      consumeRate(request.ip);
      return letADayPassOnPhone(db, request.body, request.headers[CUSTOMER_TOKEN_HEADER]);
    },
  );
}

function mediaDownloadRoute(app: PhoneApp, { db, consumeReadRate }: PhoneContext) {
  app.get(
    '/media',
    {
      schema: {
        ...common,
        summary: "Sandbox only: a file of the customer's thread (either side's)",
        headers: CustomerHeaders,
        querystring: MediaQuery,
        response: {
          200: Type.Unknown(),
          403: ErrorResponse,
          404: ErrorResponse,
          422: ErrorResponse,
          429: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      consumeReadRate(request.ip);
      const file = await readPhoneMedia(db, request.query, request.headers[CUSTOMER_TOKEN_HEADER]);
      // Only media the phone plays is served as itself; anything else downloads, never renders here.
      const playable = /^(image|audio|video)\//.test(file.mime_type) && file.mime_type !== 'image/svg+xml';
      reply.header('cache-control', 'private, no-store').header('x-content-type-options', 'nosniff');
      if (!playable) reply.header('content-disposition', 'attachment');
      return reply.type(playable ? file.mime_type : 'application/octet-stream').send(file.bytes);
    },
  );
}

function numbersRoute(app: PhoneApp, { db, consumeReadRate }: PhoneContext) {
  app.get(
    '/numbers',
    {
      schema: {
        ...common,
        summary: 'Sandbox only: the registered business numbers the customer phone can text',
        response: { 200: Type.Array(SandboxNumber), 429: ErrorResponse },
      },
    },
    async (request) => {
      consumeReadRate(request.ip);
      return listNumbers(db);
    },
  );
}

function messagesRoute(app: PhoneApp, { db, webhooks, consumeRate }: PhoneContext) {
  const schema = customerSendSchema(
    'Sandbox only: a customer texts a business number (stored, then delivered as a signed webhook)',
    PhoneMessageBody,
  );
  app.post('/messages', { schema }, async (request, reply) => {
    consumeRate(request.ip);
    const token = request.headers[CUSTOMER_TOKEN_HEADER];
    return reply.status(201).send(await sendFromPhone(db, webhooks, request.body, token));
  });
}

function reactionsRoute(app: PhoneApp, { db, webhooks, consumeRate }: PhoneContext) {
  const schema = customerSendSchema(
    "Sandbox only: a customer reacts to a business's message (kept, then delivered as a signed webhook)",
    PhoneReactionBody,
  );
  app.post('/reactions', { schema }, async (request, reply) => {
    consumeRate(request.ip);
    const token = request.headers[CUSTOMER_TOKEN_HEADER];
    return reply.status(201).send(await reactFromPhone(db, webhooks, request.body, token));
  });
}

function threadRoute(app: PhoneApp, { db, webhooks, consumeReadRate }: PhoneContext) {
  app.get(
    '/thread',
    {
      schema: {
        ...common,
        summary: "Sandbox only: a customer's thread with a business number (marks the business's messages read)",
        headers: CustomerHeaders,
        querystring: ThreadQuery,
        response: { 200: Thread, 403: ErrorResponse, 422: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request) => {
      consumeReadRate(request.ip);
      return readThread(db, webhooks, request.query, request.headers[CUSTOMER_TOKEN_HEADER]);
    },
  );
}

/**
 * The customer phone's JSON API under /sandbox/phone (public, like texting a real number): the
 * business numbers to text, sending a message (stored, then a signed webhook to our own
 * endpoint), and the thread with a number; both only as a customer number the browser owns.
 */
const phone: FastifyPluginAsyncTypebox<{ webhooks: SandboxWebhooks }> = async (app, { webhooks }) => {
  await app.register(multipart, {
    limits: { fileSize: PHONE_MEDIA_MAX_BYTES + 1, files: 1, fields: 6, parts: 7, fieldSize: 8 * 1024 },
    throwFileSizeLimit: false,
  });
  const context: PhoneContext = {
    db: app.db,
    webhooks,
    consumeRate: (ip) => app.rateLimiter.consume('sandbox-phone', ip, app.config.rateLimits.sandboxPhonePerAddress),
    consumeReadRate: (ip) =>
      app.rateLimiter.consume('sandbox-phone-reads', ip, app.config.rateLimits.sandboxPhoneReadsPerAddress),
  };
  // Registered in this order, as /api/docs lists them.
  mediaUploadRoute(app, context);
  locationRoute(app, context);
  promotionsRoute(app, context);
  dayPassedRoute(app, context);
  mediaDownloadRoute(app, context);
  numbersRoute(app, context);
  messagesRoute(app, context);
  reactionsRoute(app, context);
  threadRoute(app, context);
};

export default phone;
