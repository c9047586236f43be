import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerPushJobs } from '../services/notifications/dispatch';
import { createPushSender, type PushSender } from '../services/push/sender';
import { loadVapidKeys } from '../services/push/vapid';

declare module 'fastify' {
  interface FastifyInstance {
    /** Web Push: the VAPID public key browsers subscribe with, and the sender the push jobs use. */
    push: PushSender;
  }
}

/**
 * Web Push to members' devices: the VAPID identity (VAPID_* or DATA_DIR/vapid.json), the sender, and the
 * handler of the push jobs the database queues for hand-overs and new customers.
 */
export default fp(
  async function push(app: FastifyInstance) {
    const { push: settings, dataDir } = app.config;
    const sender = createPushSender({
      keys: loadVapidKeys(settings, dataDir),
      subject: settings.vapidSubject,
      allowHosts: settings.allowHosts,
    });
    app.decorate('push', sender);
    registerPushJobs(app.jobs, sender);
  },
  { name: 'push', dependencies: ['jobs'] },
);
