import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { InboxSettings } from '../../../contract';
import { readInboxSettings, saveInboxSettings } from '../../services/inbox/settings';
import { ErrorResponse } from '../shared';
import { common } from './common';

/** GET and PUT /messages/settings: how the inbox behaves towards customers. */
const settings: FastifyPluginAsyncTypebox = async (app) => {
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
};

export default settings;
