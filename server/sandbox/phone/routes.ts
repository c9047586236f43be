import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import multipart from '@fastify/multipart';
import { Type } from 'typebox';
import { ValidationFailed } from '../../errors';
import { uploadFailure } from '../../routes/uploads';
import { ErrorResponse } from '../../routes/shared';
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
import { reactFromPhone } from './reactions';
import { listNumbers, readThread, sendFromPhone } from './service';

const CustomerHeaders = Type.Object({
  [CUSTOMER_TOKEN_HEADER]: Type.Optional(
    Type.String({ description: 'The random token of the browser that owns the pretend customer number' }),
  ),
});

const SandboxNumber = Type.Object({
  phone_number_id: Type.String(),
  display_phone_number: Type.String(),
  verified_name: Type.String(),
});

export const PhoneMessageBody = Type.Object({
  phone_number_id: Type.String(),
  name: Type.String(),
  phone_number: Type.String(),
  username: Type.Optional(Type.String({ maxLength: 64 })),
  text: Type.String(),
  context_message_id: Type.Optional(Type.String()),
});

const PhoneMessageSent = Type.Object({
  id: Type.String({ description: 'The wamid of the customer’s message' }),
  wa_id: Type.String(),
  delivered: Type.Boolean({ description: 'Whether our webhook acknowledged the first delivery' }),
  webhook: Type.Union([Type.Literal('delivered'), Type.Literal('failed'), Type.Literal('not_subscribed')]),
});

const ThreadQuery = Type.Object({ phone_number_id: Type.String(), wa_id: Type.String() });

const Side = Type.Union([Type.Literal('customer'), Type.Literal('business')]);

const Thread = Type.Object({
  business: SandboxNumber,
  wa_id: Type.String(),
  typing: Type.Boolean(),
  promotions_stopped: Type.Boolean(),
  messages: Type.Array(
    Type.Object({
      id: Type.String(),
      from: Side,
      text: Type.String(),
      timestamp: Type.String({ format: 'date-time' }),
      context: Type.Union([
        Type.Object({
          id: Type.String(),
          from: Type.Union([Side, Type.Null()]),
          text: Type.Union([Type.String(), Type.Null()]),
        }),
        Type.Null(),
      ]),
      typed: Type.Optional(Type.Boolean()),
      status: Type.Union([Type.Literal('sent'), Type.Literal('delivered'), Type.Literal('read'), Type.Null()]),
      reactions: Type.Array(Type.Object({ from: Side, emoji: Type.String() })),
      media: Type.Union([
        Type.Object({
          kind: Type.String(),
          media_id: Type.Union([Type.String(), Type.Null()]),
          caption: Type.Union([Type.String(), Type.Null()]),
          filename: Type.Union([Type.String(), Type.Null()]),
          location: Type.Union([
            Type.Object({
              latitude: Type.Number(),
              longitude: Type.Number(),
              name: Type.Union([Type.String(), Type.Null()]),
              address: Type.Union([Type.String(), Type.Null()]),
            }),
            Type.Null(),
          ]),
        }),
        Type.Null(),
      ]),
    }),
  ),
});

/**
 * The customer phone's JSON API under /sandbox/phone (public, like texting a real number): the
 * business numbers to text, sending a message (stored, then a signed webhook to our own
 * endpoint), and the thread with a number; both only as a customer number the browser owns.
 */
const PhoneLocationBody = Type.Object({
  phone_number_id: Type.String(),
  name: Type.String(),
  phone_number: Type.String(),
  username: Type.Optional(Type.String({ maxLength: 64 })),
  latitude: Type.Number({ minimum: -90, maximum: 90 }),
  longitude: Type.Number({ minimum: -180, maximum: 180 }),
  place_name: Type.Optional(Type.String({ maxLength: 200 })),
  address: Type.Optional(Type.String({ maxLength: 500 })),
});

const PhoneReactionBody = Type.Object({
  phone_number_id: Type.String(),
  name: Type.String(),
  phone_number: Type.String(),
  username: Type.Optional(Type.String({ maxLength: 64 })),
  message_id: Type.String({ maxLength: 256, description: 'The wamid of the business’s message' }),
  emoji: Type.String({ maxLength: 32, description: 'One emoji; an empty string takes the reaction back' }),
});

const PromotionsBody = Type.Object({
  phone_number_id: Type.String(),
  name: Type.String(),
  phone_number: Type.String(),
  username: Type.Optional(Type.String({ maxLength: 64 })),
  value: Type.String({ description: "'stop' or 'resume'" }),
});

const PromotionsChanged = Type.Object({
  promotions_stopped: Type.Boolean(),
  webhook: Type.Union([Type.Literal('delivered'), Type.Literal('failed'), Type.Literal('not_subscribed')]),
});

const MediaQuery = Type.Object({ phone_number_id: Type.String(), wa_id: Type.String(), media_id: Type.String() });

const phone: FastifyPluginAsyncTypebox<{ webhooks: SandboxWebhooks }> = async (app, { webhooks }) => {
  const common = { tags: ['sandbox'] };
  await app.register(multipart, {
    limits: { fileSize: PHONE_MEDIA_MAX_BYTES + 1, files: 1, fields: 6, parts: 7, fieldSize: 8 * 1024 },
    throwFileSizeLimit: false,
  });
  // Anyone can open the phone: a script must not fill an owner's inbox from it.
  const consumeRate = (ip: string) =>
    app.rateLimiter.consume('sandbox-phone', ip, app.config.rateLimits.sandboxPhonePerAddress);
  // Nor claim customer numbers by the thousand, or read without end.
  const consumeReadRate = (ip: string) =>
    app.rateLimiter.consume('sandbox-phone-reads', ip, app.config.rateLimits.sandboxPhoneReadsPerAddress);

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
      const sender = {
        phone_number_id: fields.phone_number_id ?? '',
        name: fields.name ?? '',
        phone_number: fields.phone_number ?? '',
        username: fields.username,
        caption: fields.caption,
        voice: fields.voice === 'true',
      };
      const sent = await sendMediaFromPhone(app.db, webhooks, sender, file, request.headers[CUSTOMER_TOKEN_HEADER]);
      return reply.status(201).send(sent);
    },
  );

  app.post(
    '/location',
    {
      schema: {
        ...common,
        summary: 'Sandbox only: a customer shares a place',
        headers: CustomerHeaders,
        body: PhoneLocationBody,
        response: { 201: PhoneMessageSent, 403: ErrorResponse, 422: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request, reply) => {
      consumeRate(request.ip);
      const token = request.headers[CUSTOMER_TOKEN_HEADER];
      return reply.status(201).send(await sendLocationFromPhone(app.db, webhooks, request.body, token));
    },
  );

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
      return choosePromotions(app.db, webhooks, request.body, request.headers[CUSTOMER_TOKEN_HEADER]);
    },
  );

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
      const file = await readPhoneMedia(app.db, request.query, request.headers[CUSTOMER_TOKEN_HEADER]);
      // Only media the phone plays is served as itself; anything else downloads, never renders here.
      const playable = /^(image|audio|video)\//.test(file.mime_type) && file.mime_type !== 'image/svg+xml';
      reply.header('cache-control', 'private, no-store').header('x-content-type-options', 'nosniff');
      if (!playable) reply.header('content-disposition', 'attachment');
      return reply.type(playable ? file.mime_type : 'application/octet-stream').send(file.bytes);
    },
  );

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
      return listNumbers(app.db);
    },
  );

  app.post(
    '/messages',
    {
      schema: {
        ...common,
        summary: 'Sandbox only: a customer texts a business number (stored, then delivered as a signed webhook)',
        headers: CustomerHeaders,
        body: PhoneMessageBody,
        response: { 201: PhoneMessageSent, 403: ErrorResponse, 422: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request, reply) => {
      consumeRate(request.ip);
      const token = request.headers[CUSTOMER_TOKEN_HEADER];
      return reply.status(201).send(await sendFromPhone(app.db, webhooks, request.body, token));
    },
  );

  app.post(
    '/reactions',
    {
      schema: {
        ...common,
        summary: "Sandbox only: a customer reacts to a business's message (kept, then delivered as a signed webhook)",
        headers: CustomerHeaders,
        body: PhoneReactionBody,
        response: { 201: PhoneMessageSent, 403: ErrorResponse, 422: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request, reply) => {
      consumeRate(request.ip);
      const token = request.headers[CUSTOMER_TOKEN_HEADER];
      return reply.status(201).send(await reactFromPhone(app.db, webhooks, request.body, token));
    },
  );

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
      return readThread(app.db, webhooks, request.query, request.headers[CUSTOMER_TOKEN_HEADER]);
    },
  );
};

export default phone;
