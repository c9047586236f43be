import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Message, ReactionBody, ReplyBody } from '../../../contract';
import { requireConversation } from '../../services/inbox/conversations';
import { reactToMessage } from '../../services/inbox/reaction';
import { sendReply } from '../../services/inbox/reply';
import { ConversationParams, inboxDeps, SEND_FAILURES } from '../shared';
import { common, MessageParams } from './common';

/** What the owner sends from the chat: a text reply, and a reaction to a customer's message. */
const replies: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/messages/conversations/:id/reply',
    {
      schema: {
        ...common,
        summary: 'Send a text to the customer (quoting one of their messages when asked); answers the stored message',
        params: ConversationParams,
        body: ReplyBody,
        response: { 201: Message, ...SEND_FAILURES },
      },
    },
    async (request, reply) => {
      const conversation = await requireConversation(app.db, request.user.id, request.params.id);
      const message = await sendReply(inboxDeps(app, request), {
        userId: request.user.id,
        conversationId: conversation.id,
        text: request.body.text,
        inReplyTo: request.body.in_reply_to_message_id,
        sender: 'human',
      });
      return reply.code(201).send(message);
    },
  );

  app.post(
    '/messages/conversations/:id/messages/:messageId/reaction',
    {
      schema: {
        ...common,
        summary: 'React to a customer’s message on WhatsApp with one emoji ("" takes it back); answers the message',
        params: MessageParams,
        body: ReactionBody,
        response: { 200: Message, ...SEND_FAILURES },
      },
    },
    async (request) => {
      const conversation = await requireConversation(app.db, request.user.id, request.params.id);
      return reactToMessage(inboxDeps(app, request), {
        userId: request.user.id,
        conversation,
        messageId: request.params.messageId,
        emoji: request.body.emoji,
      });
    },
  );
};

export default replies;
