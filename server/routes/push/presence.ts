import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PushPresenceBody } from '../../../contract';
import { presenceReported } from '../../services/push/presence';
import { BEARER_AUTH, ErrorResponse, NoContent } from '../shared';

/** Whether a tab of the member's is seen now: no push rings for what it shows. */
const presence: FastifyPluginAsyncTypebox = async (app) => {
  app.put(
    '/push/presence',
    {
      schema: {
        tags: ['push'],
        security: BEARER_AUTH,
        summary: 'This session’s tab is visible and focused (repeat every 30 s), or no longer: no push meanwhile',
        body: PushPresenceBody,
        response: { 204: NoContent, 401: ErrorResponse, 422: ErrorResponse },
      },
    },
    async (request, reply) => {
      await presenceReported(app.db, request.user, request.body.focused);
      return reply.status(204).send(null);
    },
  );
};

export default presence;
