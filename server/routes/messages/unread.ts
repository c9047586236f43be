import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { UnreadSummary } from '../../../contract';
import { unreadSummary } from '../../services/inbox/conversations';
import { ErrorResponse } from '../shared';
import { common } from './common';

/** GET /messages/unread: the sidebar's badge. */
const unread: FastifyPluginAsyncTypebox = async (app) => {
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

export default unread;
