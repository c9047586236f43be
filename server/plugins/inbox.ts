import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { withMediaJob } from '../services/media/fetch-job';
import { replyJobs } from '../services/replies/jobs';
import { DeliveryBatcher } from '../services/intake/batch';

declare module 'fastify' {
  interface FastifyInstance {
    /** Stores Meta's webhook deliveries by group commit, with the jobs of their new messages. */
    deliveries: DeliveryBatcher;
  }
}

/**
 * The inbox's intake: the webhook hands its deliveries over to one batcher, which stores them with
 * the media, reply and memory jobs of their new messages; closing the app waits for those handed over.
 */
export default fp(
  async function inbox(app: FastifyInstance) {
    const batcher = new DeliveryBatcher({
      db: app.db,
      events: app.events,
      log: app.log,
      messageJobs: () => withMediaJob(replyJobs(app.config.replyDebounceMs)),
      runner: app.jobs,
    });
    app.decorate('deliveries', batcher);
    app.addHook('onClose', () => batcher.drain());
  },
  { name: 'inbox', dependencies: ['db', 'events', 'jobs'] },
);
