import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { LiveHub } from '../services/live/hub';

declare module 'fastify' {
  interface FastifyInstance {
    /** Live push: the owners' events from the database, to the streams open on this process. */
    live: LiveHub;
  }
}

/** Listens for the database's live events from the start; closing the app ends every stream. */
export default fp(
  async function live(app: FastifyInstance) {
    const hub = new LiveHub(app.db, app.log.child({ component: 'live' }));
    await hub.start();
    app.decorate('live', hub);
    // Open streams would hold the server's close: they end as soon as closing begins.
    app.closing.addEventListener('abort', () => hub.endAll(), { once: true });
    app.addHook('onClose', () => hub.close());
  },
  { name: 'live', dependencies: ['db', 'shutdown'] },
);
