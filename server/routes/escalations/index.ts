import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { EscalationList, EscalationsQuery } from '../../../contract';
import { listEscalations } from '../../services/inbox/ownership';
import { BEARER_AUTH, ErrorResponse } from '../shared';

/** The open hand-overs: GET /escalations (the header's bell). Handing back is in messages/handback.ts. */
const escalations: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/escalations',
    {
      schema: {
        tags: ['messages'],
        security: BEARER_AUTH,
        summary:
          'Open hand-overs to the owner, newest first (the header’s bell; its badge is their count); ' +
          '`status=all`: the latest 50, open or resolved',
        querystring: EscalationsQuery,
        response: { 200: EscalationList, 401: ErrorResponse, 422: ErrorResponse },
      },
    },
    async (request) => listEscalations(app.db, request.user.id, request.query.status),
  );
};

export default escalations;
