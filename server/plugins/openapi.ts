import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorBody } from '../../contract';

/** Collects every route's schema into the OpenAPI document served at /api/docs. */
export default fp(
  async function openapi(app: FastifyInstance) {
    app.addSchema(ErrorBody);
    await app.register(swagger, {
      // Shared schemas keep their $id as their name in components (ErrorBody, not def-0).
      refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`) },
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Threadline API',
          version: '1',
          description: 'The API behind the Threadline single-page app. Errors always carry ErrorBody.',
        },
        servers: [{ url: '/' }],
        components: {
          securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
      },
    });
    app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'openapi' },
);
