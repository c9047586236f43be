import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The security events of the API (OWASP ASVS 5.0 V16): each answer of these routes is one log line
 * with `security` naming the event and `outcome` what came of it, who (`userId` when signed in) and
 * from where, and never a secret (no password, token or link). Read by route and status, so that a
 * new refusal in a service is logged without anyone remembering to.
 */
const SECURITY_EVENTS: Record<string, string> = {
  'POST /api/v1/auth/login': 'sign-in',
  'POST /api/v1/auth/register': 'account-created',
  'POST /api/v1/auth/logout': 'sign-out',
  'POST /api/v1/auth/change-password': 'password-changed',
  'POST /api/v1/auth/password-reset/request': 'password-reset-requested',
  'POST /api/v1/auth/password-reset/confirm': 'password-reset',
  'POST /api/v1/auth/verify-email': 'email-verified',
  'DELETE /api/v1/users/me': 'account-deleted',
  'POST /api/v1/whatsapp/webhook': 'webhook',
  'GET /api/v1/whatsapp/webhook': 'webhook-handshake',
};

export type SecurityOutcome = 'success' | 'refused' | 'throttled' | 'failed';

export function outcomeOf(statusCode: number): SecurityOutcome {
  if (statusCode < 400) return 'success';
  if (statusCode === 429) return 'throttled';
  return statusCode < 500 ? 'refused' : 'failed';
}

/** The signed-in owner's id, when the route had one (reading `request.user` without one throws). */
function userIdOf(request: FastifyRequest): number | undefined {
  try {
    return request.user.id;
  } catch {
    return undefined;
  }
}

export default fp(
  async function securityLog(app: FastifyInstance) {
    app.addHook('onResponse', async (request, reply) => {
      const event = SECURITY_EVENTS[`${request.method} ${request.routeOptions.url}`];
      if (!event) return;
      const outcome = outcomeOf(reply.statusCode);
      // A delivery Meta signed is routine; only refused ones are events.
      if (event === 'webhook' && outcome === 'success') return;
      const line = {
        security: event,
        outcome,
        statusCode: reply.statusCode,
        userId: userIdOf(request),
        address: request.ip,
        userAgent: request.headers['user-agent']?.slice(0, 200),
      };
      if (outcome === 'success') request.log.info(line, `security: ${event}`);
      else request.log.warn(line, `security: ${event} ${outcome}`);
    });
  },
  { name: 'security-log', dependencies: ['auth'] },
);
