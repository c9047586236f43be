import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { RateLimiter } from '../services/rate-limit';

declare module 'fastify' {
  interface FastifyInstance {
    rateLimiter: RateLimiter;
  }
}

const SWEEP_INTERVAL_MS = 60_000;

/** One in-memory rate limiter per API node; the limits themselves are in `config.rateLimits`. */
export default fp(
  async function rateLimit(app: FastifyInstance) {
    const limiter = new RateLimiter();
    const sweeper = setInterval(() => limiter.sweep(), SWEEP_INTERVAL_MS);
    sweeper.unref();
    app.addHook('onClose', async () => clearInterval(sweeper));
    app.decorate('rateLimiter', limiter);
  },
  { name: 'rate-limit' },
);
