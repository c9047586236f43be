import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ShuttingDown } from '../shutdown';

declare module 'fastify' {
  interface FastifyInstance {
    /** Aborted (with ShuttingDown) as soon as `close()` starts: outbound calls, retries and jobs give up. */
    closing: AbortSignal;
  }
}

/**
 * The app's shutdown signal, aborted in `preClose`: before the server waits for its in-flight
 * requests, some of which (the sandbox's webhooks, Graph calls to its simulator) are this very
 * process calling itself over loopback.
 */
export default fp(
  async function shutdown(app: FastifyInstance) {
    const controller = new AbortController();
    app.decorate('closing', controller.signal);
    app.addHook('preClose', async () => controller.abort(new ShuttingDown()));
    // Node's server.close() drops only the connections idle at that moment: one whose request was
    // still running stays open for the keep-alive timeout (72 s) once answered, and close() waits.
    app.addHook('onSend', async (_request, reply) => {
      if (controller.signal.aborted) reply.header('connection', 'close');
    });
  },
  { name: 'shutdown' },
);
