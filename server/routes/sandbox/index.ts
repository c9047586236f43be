import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { OutboxResponse } from '../../../contract';
import { listOutbox } from '../../services/mail/outbox';
import { BEARER_AUTH, ErrorResponse } from '../shared';

/**
 * The dev outbox, for people trying the product and for end-to-end tests: the signed-in owner's own
 * mails that would have been sent, with their links. Mounted only while no SMTP server is configured.
 */
const sandbox: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/sandbox/outbox',
    {
      schema: {
        tags: ['sandbox'],
        summary: "The signed-in owner's mails kept by the dev outbox, newest first (only without SMTP)",
        security: BEARER_AUTH,
        response: { 200: OutboxResponse, 401: ErrorResponse },
      },
    },
    async (request) => listOutbox(app.db, app.secrets, request.user.id),
  );
};

export default sandbox;
