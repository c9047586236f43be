import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { OutboxResponse } from '../../../contract';
import { listOutbox } from '../../services/mail/outbox';

/**
 * The dev outbox, for people trying the product and for end-to-end tests: the mails that would
 * have been sent, with their links. Mounted only while no SMTP server is configured.
 */
const sandbox: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/sandbox/outbox',
    {
      schema: {
        tags: ['sandbox'],
        summary: 'Mails kept by the dev outbox, newest first (only without SMTP)',
        querystring: Type.Object({ to: Type.Optional(Type.String({ description: 'Only mails to this address' })) }),
        response: { 200: OutboxResponse },
      },
    },
    async (request) => listOutbox(app.db, request.query.to),
  );
};

export default sandbox;
