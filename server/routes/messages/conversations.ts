import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import {
  ConversationList,
  ConversationsQuery,
  MessageList,
  MessagesQuery,
  NEXT_CURSOR_HEADER,
} from '../../../contract';
import { readConversationList } from '../../services/inbox/conversation-pages';
import { requireConversation } from '../../services/inbox/conversations';
import { readConversation } from '../../services/inbox/messages';
import { sendReadReceipt } from '../../services/inbox/read-receipt';
import { ConversationParams, ErrorResponse, inboxDeps } from '../shared';
import { common } from './common';

const NotModified = Type.Null({ description: 'Not Modified: nothing changed since the ETag in If-None-Match' });

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

/** The inbox's reads: the page of conversations, and one conversation's messages (which marks it read). */
const conversations: FastifyPluginAsyncTypebox = async (app) => {
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
        if (wamid) await sendReadReceipt(inboxDeps(app, request), request.user.id, wamid);
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
};

export default conversations;
