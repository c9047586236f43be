import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ErrorResponse } from '../../routes/shared';
import type { SandboxWebhooks } from '../webhooks';
import { CUSTOMER_TOKEN_HEADER } from './customers';
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
      status: Type.Union([Type.Literal('sent'), Type.Literal('delivered'), Type.Literal('read'), Type.Null()]),
    }),
  ),
});

/**
 * The customer phone's JSON API under /sandbox/phone (public, like texting a real number): the
 * business numbers to text, sending a message (stored, then a signed webhook to our own
 * endpoint), and the thread with a number; both only as a customer number the browser owns.
 */
const phone: FastifyPluginAsyncTypebox<{ webhooks: SandboxWebhooks }> = async (app, { webhooks }) => {
  const common = { tags: ['sandbox'] };

  app.get(
    '/numbers',
    {
      schema: {
        ...common,
        summary: 'Sandbox only: the registered business numbers the customer phone can text',
        response: { 200: Type.Array(SandboxNumber) },
      },
    },
    async () => listNumbers(app.db),
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
      // Anyone can open the phone: a script must not fill an owner's inbox from it.
      app.rateLimiter.consume('sandbox-phone', request.ip, app.config.rateLimits.sandboxPhonePerAddress);
      const token = request.headers[CUSTOMER_TOKEN_HEADER];
      return reply.status(201).send(await sendFromPhone(app.db, webhooks, request.body, token));
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
        response: { 200: Thread, 403: ErrorResponse, 422: ErrorResponse },
      },
    },
    async (request) => readThread(app.db, webhooks, request.query, request.headers[CUSTOMER_TOKEN_HEADER]),
  );
};

export default phone;
