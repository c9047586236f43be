import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { HealthResponse } from '../../../contract';
import { health } from '../../services/whatsapp/account';

const healthRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness, and whether the caller (when a valid token is sent) has a connected WhatsApp number',
        response: { 200: HealthResponse },
      },
    },
    async (request) => health(app.db, (await app.identify(request))?.id),
  );
};

export default healthRoute;
