import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Conversation } from '../../../contract';
import { markDone } from '../../services/inbox/conversations';
import { handBack, takeOver } from '../../services/inbox/ownership';
import { BEARER_AUTH, ConversationParams, ErrorResponse } from '../shared';

/**
 * Who attends to a conversation, from the chat header: POST …/handback (the AI answers this customer
 * again), POST …/takeover (the owner answers, the AI stays silent) and POST …/done (the owner is done
 * with it until the customer writes again).
 */
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

  app.post(
    '/messages/conversations/:id/takeover',
    {
      schema: {
        tags: ['messages'],
        security: BEARER_AUTH,
        summary:
          'Take the conversation over from the AI: the owner answers and the AI stays silent until handed back; ' +
          'open hand-overs are resolved. Answers the conversation',
        params: ConversationParams,
        response: { 200: Conversation, 401: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => takeOver(app.db, request.user.id, request.params.id),
  );

  app.post(
    '/messages/conversations/:id/done',
    {
      schema: {
        tags: ['messages'],
        security: BEARER_AUTH,
        summary:
          'Mark the conversation done: open hand-overs are resolved, and the customer’s next message reopens it. ' +
          'Answers the conversation',
        params: ConversationParams,
        response: { 200: Conversation, 401: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => markDone(app.db, request.user.id, request.params.id),
  );
};

export default handback;
