import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { LoginThrottle } from '../services/auth/login-throttle';
import { RateLimiter } from '../services/rate-limit';

declare module 'fastify' {
  interface FastifyInstance {
    rateLimiter: RateLimiter;
    loginThrottle: LoginThrottle;
  }
}

const SWEEP_INTERVAL_MS = 60_000;

/**
 * One in-memory rate limiter and sign-in throttle per API node; the limits themselves are in
 * `config.rateLimits` and `config.loginBackoff`.
 */
export default fp(
  async function rateLimit(app: FastifyInstance) {
    const limiter = new RateLimiter();
    const loginThrottle = new LoginThrottle(app.config.loginBackoff);
    const sweeper = setInterval(() => {
      limiter.sweep();
      loginThrottle.sweep();
    }, SWEEP_INTERVAL_MS);
    sweeper.unref();
    app.addHook('onClose', async () => clearInterval(sweeper));
    app.decorate('rateLimiter', limiter);
    app.decorate('loginThrottle', loginThrottle);
  },
  { name: 'rate-limit' },
);
