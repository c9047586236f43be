import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Conversation } from '../../../contract';
import { handBack } from '../../services/replies/ownership';
import { BEARER_AUTH, ErrorResponse } from '../shared';

const ConversationParams = Type.Object({ id: Type.String({ description: '<wa_id>@c.us' }) });

/** POST /messages/conversations/{id}/handback: the AI answers this customer again (the chat header's button). */
const handback: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/messages/conversations/:id/handback',
    {
      schema: {
        tags: ['messages'],
        security: BEARER_AUTH,
        summary: 'Hand the conversation back to the AI; open hand-overs are resolved. Answers the conversation',
        params: ConversationParams,
        response: { 200: Conversation, 401: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => handBack(app.db, request.user.id, request.params.id),
  );
};

export default handback;
