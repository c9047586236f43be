import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import {
  ConversationList,
  ConversationsQuery,
  Message,
  MessageList,
  MessagesQuery,
  InboxSettings,
  NEXT_CURSOR_HEADER,
  ReactionBody,
  ReplyBody,
  UnreadSummary,
} from '../../../contract';
import { readConversationList } from '../../services/inbox/conversation-pages';
import { inlineDisposition, readMessageFile } from '../../services/inbox/message-file';
import { requireConversation, unreadSummary } from '../../services/inbox/conversations';
import type { InboxDeps } from '../../services/inbox/deps';
import { hideMessage, readConversation } from '../../services/inbox/messages';
import { reactToMessage } from '../../services/inbox/reaction';
import { sendReadReceipt } from '../../services/inbox/read-receipt';
import { readInboxSettings, saveInboxSettings } from '../../services/inbox/settings';
import { sendReply } from '../../services/inbox/reply';
import { BEARER_AUTH, ErrorResponse } from '../shared';

const ConversationParams = Type.Object({
  id: Type.String({ description: '<phone>@c.us, or <BSUID>@bsuid for a customer met without a number' }),
});
const MessageParams = Type.Object({
  id: Type.String({ description: '<phone>@c.us, or <BSUID>@bsuid for a customer met without a number' }),
  messageId: Type.String({ description: 'The message id (wamid)' }),
});
const NotModified = Type.Null({ description: 'Not Modified: nothing changed since the ETag in If-None-Match' });
const NoContent = Type.Null({ description: 'Hidden' });

/** A page of the list, with the headers that lead to the next one (documented for OpenAPI). */
const ConversationPage = {
  ...ConversationList,
  description: 'A page of conversations, newest activity first',
  headers: {
    'X-Next-Cursor': {
      type: 'string',
      description: 'The cursor of the next page (pass it as `before`); absent on the last page',
    },
    Link: { type: 'string', description: 'The next page: `<…?before=…>; rel="next"`; absent on the last page' },
    ETag: { type: 'string', description: 'This page as it is now: send it as If-None-Match to get a 304' },
  },
};

/** The next page's address, relative like the request's: same limit and search, `before` = the cursor. */
function nextPageLink(request: FastifyRequest, query: ConversationsQuery, cursor: string): string {
  const params = new URLSearchParams();
  if (query.limit !== undefined) params.set('limit', String(query.limit));
  if (query.q) params.set('q', query.q);
  params.set('before', cursor);
  return `<${request.url.split('?')[0]}?${params.toString()}>; rel="next"`;
}

/**
 * The ETag makes an unchanged polled read a bodiless 304: the SPA keeps the copy it shows and sends
 * If-None-Match itself, so the answer is still no-store (routes/index.ts).
 */
function withEtag(reply: FastifyReply, etag: string): FastifyReply {
  return reply.header('etag', etag);
}

/** The inbox API of /messages: conversations, their messages, replies. */
const messages: FastifyPluginAsyncTypebox = async (app) => {
  const common = { tags: ['messages'], security: BEARER_AUTH };
  const deps = (request: FastifyRequest): InboxDeps => ({
    db: app.db,
    graph: app.whatsapp.graph,
    secrets: app.secrets,
    log: request.log,
  });
  /** Read receipts owed to WhatsApp, sent once the response has gone out. */
  const readReceipts = new WeakMap<FastifyRequest, string>();

  app.get(
    '/messages/conversations',
    {
      schema: {
        ...common,
        summary:
          'A page of the owner’s conversations, newest activity first; `q` searches name, number and last ' +
          'message; the next page’s cursor comes in X-Next-Cursor (ETag / If-None-Match → 304)',
        querystring: ConversationsQuery,
        response: { 200: ConversationPage, 304: NotModified, 401: ErrorResponse, 422: ErrorResponse },
      },
    },
    async (request, reply) => {
      const read = await readConversationList(app.db, request.user.id, request.query, request.headers['if-none-match']);
      withEtag(reply, read.etag);
      if (!read.page) return reply.code(304).send(null);
      const { conversations, next } = read.page;
      if (next) reply.header(NEXT_CURSOR_HEADER, next).header('link', nextPageLink(request, request.query, next));
      return conversations;
    },
  );

  app.get(
    '/messages/conversations/:id',
    {
      onResponse: async (request) => {
        const wamid = readReceipts.get(request);
        if (wamid) await sendReadReceipt(deps(request), request.user.id, wamid);
      },
      schema: {
        ...common,
        summary:
          'A page of the conversation’s messages, oldest first: the latest, or those before a message. ' +
          'Opening it (no `before`) marks it read (ETag / If-None-Match → 304)',
        params: ConversationParams,
        querystring: MessagesQuery,
        response: { 200: MessageList, 304: NotModified, 401: ErrorResponse, 404: ErrorResponse, 422: ErrorResponse },
      },
    },
    async (request, reply) => {
      const conversation = await requireConversation(app.db, request.user.id, request.params.id);
      const read = await readConversation(app.db, conversation, request.query, request.headers['if-none-match']);
      if (read.readUpTo) readReceipts.set(request, read.readUpTo);
      withEtag(reply, read.etag);
      if (!read.messages) return reply.code(304).send(null);
      return read.messages;
    },
  );

  app.post(
    '/messages/conversations/:id/reply',
    {
      schema: {
        ...common,
        summary: 'Send a text to the customer (quoting one of their messages when asked); answers the stored message',
        params: ConversationParams,
        body: ReplyBody,
        response: {
          201: Message,
          401: ErrorResponse,
          404: ErrorResponse,
          409: ErrorResponse,
          422: ErrorResponse,
          502: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const conversation = await requireConversation(app.db, request.user.id, request.params.id);
      const message = await sendReply(deps(request), {
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
        response: {
          200: Message,
          401: ErrorResponse,
          404: ErrorResponse,
          409: ErrorResponse,
          422: ErrorResponse,
          502: ErrorResponse,
        },
      },
    },
    async (request) => {
      const conversation = await requireConversation(app.db, request.user.id, request.params.id);
      return reactToMessage(deps(request), {
        userId: request.user.id,
        conversation,
        messageId: request.params.messageId,
        emoji: request.body.emoji,
      });
    },
  );

  app.get(
    '/messages/conversations/:id/media/:messageId',
    {
      schema: {
        ...common,
        summary: 'The file of a photo, voice note, video, document or sticker, once its media is ready',
        description:
          'Served with the type its bytes showed (never HTML), to the owner of the conversation only; 404 for a ' +
          'message without a ready file.',
        params: MessageParams,
        produces: ['image/jpeg', 'image/png', 'image/webp', 'audio/ogg', 'video/mp4', 'application/pdf'],
        response: {
          200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description: 'The file' }),
          401: ErrorResponse,
          404: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const conversation = await requireConversation(app.db, request.user.id, request.params.id);
      const file = await readMessageFile(app.db, app.media.store, conversation, request.params.messageId);
      return reply
        .header('content-type', file.mimeType)
        .header('content-length', file.size)
        .header('content-disposition', inlineDisposition(file.filename))
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(file.bytes);
    },
  );

  app.delete(
    '/messages/conversations/:id/messages/:messageId',
    {
      schema: {
        ...common,
        summary: 'Hide one of the owner’s messages from their view (WhatsApp has no unsend)',
        params: MessageParams,
        response: { 204: NoContent, 401: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse },
      },
    },
    async (request, reply) => {
      const conversation = await requireConversation(app.db, request.user.id, request.params.id);
      await hideMessage(app.db, conversation, request.params.messageId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/messages/settings',
    {
      schema: {
        ...common,
        summary: 'How the inbox behaves towards customers (read receipts on opening a conversation)',
        response: { 200: InboxSettings, 401: ErrorResponse },
      },
    },
    async (request) => readInboxSettings(app.db, request.user.id),
  );

  app.put(
    '/messages/settings',
    {
      schema: {
        ...common,
        summary: 'Change how the inbox behaves towards customers; answers the settings as saved',
        body: InboxSettings,
        response: { 200: InboxSettings, 401: ErrorResponse, 422: ErrorResponse },
      },
    },
    async (request) => saveInboxSettings(app.db, request.user.id, request.body),
  );

  app.get(
    '/messages/unread',
    {
      schema: {
        ...common,
        summary: 'How many conversations have unread customer messages (the sidebar badge)',
        response: { 200: UnreadSummary, 401: ErrorResponse },
      },
    },
    async (request) => unreadSummary(app.db, request.user.id),
  );
};

export default messages;
