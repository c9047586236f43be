import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { WhatsAppStatus } from '../../../contract';
import { connectionStatus } from '../../services/whatsapp/account';
import { ErrorResponse } from '../shared';
import { common } from './common';

/**
 * GET /whatsapp/status, first of the connection API of the /whatsapp and onboarding pages (the
 * signed-in owner's); connecting is in signup.ts, the connected number in account.ts.
 */
const whatsapp: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/whatsapp/status',
    {
      schema: {
        ...common,
        summary: 'Whether the owner has a connected number, and whether the sandbox stands in for Meta',
        response: { 200: WhatsAppStatus, 401: ErrorResponse },
      },
    },
    async (request) => ({
      ...(await connectionStatus(app.db, request.user.id)),
      sandbox: app.whatsapp.settings.sandbox,
    }),
  );
};

export default whatsapp;
