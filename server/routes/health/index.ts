import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { HealthResponse } from '../../../contract';
import { health } from '../../services/whatsapp/account';
import { ErrorResponse } from '../shared';

const healthRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness, and whether the caller (when a valid token is sent) has a connected WhatsApp number',
        response: { 200: HealthResponse, 429: ErrorResponse },
      },
    },
    async (request) => {
      app.rateLimiter.consume('health', request.ip, app.config.rateLimits.healthPerAddress);
      return health(app.db, (await app.identify(request))?.id);
    },
  );
};

export default healthRoute;
