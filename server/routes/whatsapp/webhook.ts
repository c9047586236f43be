import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { applyAccountUpdate } from '../../services/intake/account-update';
import { receiveWebhook } from '../../services/intake/receive';
import { answerVerification, SIGNATURE_HEADER } from '../../services/intake/signature';
import { ErrorResponse, limitRefusals, whatsappDeps } from '../shared';

/** Meta sends up to 3 MB per delivery (WHATSAPP.md §3); a little room on top. */
export const WEBHOOK_BODY_LIMIT_BYTES = 4 * 1024 * 1024;
const CHALLENGE_MAX_LENGTH = 256;

const VerificationQuery = Type.Object({
  'hub.mode': Type.Optional(Type.String()),
  'hub.verify_token': Type.Optional(Type.String()),
  'hub.challenge': Type.Optional(Type.String({ maxLength: CHALLENGE_MAX_LENGTH })),
});

const WebhookAck = Type.Object({ received: Type.Literal(true) });

/**
 * Meta's webhook (public). Its own encapsulated context: here, and only here, every body is kept
 * as the raw Buffer, because the signature covers the exact bytes; the rest of the API parses JSON
 * as before. Deliveries are handed over to the inbox's batcher (plugins/inbox.ts).
 */
const webhook: FastifyPluginAsyncTypebox = async (app) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT_BYTES }, (_request, body, done) =>
    done(null, body),
  );
  const { settings } = app.whatsapp;
  const refusals = app.config.rateLimits.webhookRefusalsPerAddress;

  app.get(
    '/whatsapp/webhook',
    {
      schema: {
        tags: ['whatsapp'],
        summary: "Meta's verification handshake: echoes hub.challenge when hub.verify_token is ours",
        querystring: VerificationQuery,
        response: { 200: Type.String(), 403: ErrorResponse, 422: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .send(
          await limitRefusals(app, request, 'webhook-refused', refusals, () =>
            answerVerification(request.query, settings.verifyToken),
          ),
        ),
  );

  app.post(
    '/whatsapp/webhook',
    {
      bodyLimit: WEBHOOK_BODY_LIMIT_BYTES,
      // Browser security headers mean nothing to Meta's servers, and @fastify/helmet builds its
      // middleware again for every request: a few percent of the webhook's budget.
      helmet: false,
      schema: {
        tags: ['whatsapp'],
        summary:
          'Signed deliveries from Meta (X-Hub-Signature-256 over the raw body): messages, statuses and template reviews',
        response: { 200: WebhookAck, 400: ErrorResponse, 401: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request) =>
      limitRefusals(app, request, 'webhook-refused', refusals, () =>
        receiveWebhook(
          {
            appSecret: settings.appSecret,
            batcher: app.deliveries,
            db: app.db,
            log: request.log,
            onAccountUpdate: (value) => applyAccountUpdate(whatsappDeps(app, request), value),
          },
          request.body as Buffer,
          request.headers[SIGNATURE_HEADER],
        ),
      ),
  );
};

export default webhook;
