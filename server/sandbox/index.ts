import type { FastifyInstance } from 'fastify';
import graph from './graph/routes';
import pages from './pages';
import phone from './phone/routes';
import signup from './signup';
import { SandboxWebhooks } from './webhooks';

/** The WhatsApp sandbox under /sandbox, mounted by app.ts only while no Meta app is configured. */
export default async function sandbox(app: FastifyInstance) {
  // Webhooks go to this very process over loopback HTTP, so only while it listens.
  const webhooks = new SandboxWebhooks({
    db: app.db,
    settings: app.whatsapp.settings,
    log: app.log.child({ module: 'sandbox-webhooks' }),
    canDeliver: () => app.server.listening,
    signal: app.closing,
  });
  app.addHook('onClose', () => webhooks.close());
  await app.register(graph, { prefix: '/graph', webhooks });
  await app.register(signup);
  await app.register(pages);
  await app.register(phone, { prefix: '/phone', webhooks });
}
