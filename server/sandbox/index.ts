import type { FastifyInstance } from 'fastify';
import graph from './graph/routes';
import pages from './pages';
import signup from './signup';

/** The WhatsApp sandbox under /sandbox, mounted by app.ts only while no Meta app is configured. */
export default async function sandbox(app: FastifyInstance) {
  await app.register(graph, { prefix: '/graph' });
  await app.register(signup);
  await app.register(pages);
}
