import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppEvents } from '../events';

declare module 'fastify' {
  interface FastifyInstance {
    events: AppEvents;
  }
}

export default fp(
  async function events(app: FastifyInstance) {
    app.decorate(
      'events',
      new AppEvents((error, name) => app.log.error({ err: error, event: name }, 'event listener failed')),
    );
  },
  { name: 'events' },
);
