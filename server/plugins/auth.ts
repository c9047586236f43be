import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AUTH_ERRORS } from '../../contract';
import { Unauthorized } from '../errors';
import { authenticateAccessToken, type AuthUser } from '../services/auth/sessions';

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook of every route that needs a signed-in owner: 401 unless the bearer token's session is live. */
    authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** The owner behind the request's bearer token, or undefined (no token, a dead one): never a 401. */
    identify(request: FastifyRequest): Promise<AuthUser | undefined>;
  }
  interface FastifyRequest {
    /** The signed-in owner; reading it on a route without `app.authenticate` is a 401, never a stranger's id. */
    readonly user: AuthUser;
  }
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

function sessionEnded() {
  return new Unauthorized(AUTH_ERRORS.sessionExpired, 'unauthorized');
}

/**
 * Access tokens are JWTs bound to a session row: logout, a password change or reset, account
 * deletion and a time unused end the session, and with it the token, before the token itself expires.
 */
export default fp(
  async function auth(app: FastifyInstance) {
    const owners = new WeakMap<FastifyRequest, AuthUser>();

    app.decorateRequest('user', {
      getter(this: FastifyRequest) {
        const owner = owners.get(this);
        if (!owner) throw sessionEnded();
        return owner;
      },
    });

    async function identify(request: FastifyRequest): Promise<AuthUser | undefined> {
      const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
      return token ? authenticateAccessToken(app.db, app.secrets.jwtKey, app.config.sessionIdle, token) : undefined;
    }

    app.decorate('identify', identify);
    app.decorate('authenticate', async function authenticate(request: FastifyRequest) {
      const owner = await identify(request);
      if (!owner) throw sessionEnded();
      owners.set(request, owner);
    });
  },
  { name: 'auth', dependencies: ['db', 'secrets'] },
);
