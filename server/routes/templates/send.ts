import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Message, TemplateSendBody } from '../../../contract';
import { requireConversation } from '../../services/inbox/conversations';
import { sendTemplate } from '../../services/templates/send';
import { BEARER_AUTH, ConversationParams, GRAPH_BUSY, inboxDeps, SEND_FAILURES } from '../shared';

/** POST /messages/conversations/{id}/template: an approved template to the customer. */
const templateSend: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/messages/conversations/:id/template',
    {
      schema: {
        tags: ['messages'],
        security: BEARER_AUTH,
        summary: 'Send an approved template with a value for each variable (works outside the 24-hour window)',
        params: ConversationParams,
        body: TemplateSendBody,
        response: { 201: Message, ...SEND_FAILURES, ...GRAPH_BUSY },
      },
    },
    async (request, reply) => {
      const conversation = await requireConversation(app.db, request.user.id, request.params.id);
      const message = await sendTemplate(inboxDeps(app, request), request.user.id, conversation.id, request.body);
      return reply.code(201).send(message);
    },
  );
};

export default templateSend;
