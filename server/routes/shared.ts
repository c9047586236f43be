import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { ErrorBody } from '../../contract';
import type { RateLimit } from '../config';
import { AppError } from '../errors';
import type { ClientInfo } from '../services/auth/sessions';
import type { AccountDeps } from '../services/accounts/deps';
import type { InboxDeps } from '../services/inbox/deps';
import type { WhatsAppDeps } from '../services/whatsapp/deps';

/** The shared ErrorBody schema (added by the openapi plugin), for the error statuses of a route. */
export const ErrorResponse = Type.Unsafe<ErrorBody>({ $ref: 'ErrorBody#' });

/** A 204's (empty) body. */
export const NoContent = Type.Null();

/**
 * A row id in a path or query: a positive, finite integer a bigint column can hold (without the
 * maximum, `Infinity` would pass the integer check and reach SQL).
 */
export const RowId = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });

/** A conversation in a path (`/messages/conversations/:id…`): the customer's chat id. */
export const ConversationParams = Type.Object({
  id: Type.String({ description: '<phone>@c.us, or <BSUID>@bsuid for a customer met without a number' }),
});

/**
 * What a route that sends to a customer may answer besides its success: not signed in, no such
 * conversation, not sendable now (409), a refused input, Graph failed.
 */
export const SEND_FAILURES = {
  401: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
  422: ErrorResponse,
  502: ErrorResponse,
};

/** Graph's own refusals of a busy caller, for a route that writes to WhatsApp: rate-limited, unavailable. */
export const GRAPH_BUSY = { 429: ErrorResponse, 503: ErrorResponse };

/** An onSend hook: access tokens and answers about credentials are never kept by a browser or a proxy cache. */
export async function noStore(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header('cache-control', 'no-store');
}

/** OpenAPI: the route needs `Authorization: Bearer <access_token>`. */
export const BEARER_AUTH = [{ bearer: [] }];

export function clientOf(request: FastifyRequest): ClientInfo {
  return { address: request.ip, userAgent: request.headers['user-agent'] };
}

export function accountDeps(app: FastifyInstance): AccountDeps {
  return {
    db: app.db,
    jwtKey: app.secrets.jwtKey,
    mailer: app.mailer,
    limiter: app.rateLimiter,
    loginThrottle: app.loginThrottle,
    config: app.config,
  };
}

export function whatsappDeps(app: FastifyInstance, request: FastifyRequest): WhatsAppDeps {
  return {
    db: app.db,
    secrets: app.secrets,
    graph: app.whatsapp.graph,
    settings: app.whatsapp.settings,
    log: request.log,
  };
}

/** What the inbox services need for a request: the database, Graph, the secrets and the request's log. */
export function inboxDeps(app: FastifyInstance, request: FastifyRequest): InboxDeps {
  return {
    db: app.db,
    graph: app.whatsapp.graph,
    secrets: app.secrets,
    log: request.log,
  };
}

/** The refusals that count against a client: a token, signature or verify token that was not right. */
const REFUSED = new Set([400, 401, 403]);

/**
 * Answers unless this client (its address) was refused `limit.max` times in the window, then 429:
 * only refusals count, so a business's own traffic (Meta's deliveries, a person's link) never is.
 */
export async function limitRefusals<T>(
  app: FastifyInstance,
  request: FastifyRequest,
  rule: string,
  limit: RateLimit,
  answer: () => T | Promise<T>,
): Promise<T> {
  app.rateLimiter.check(rule, request.ip, limit);
  try {
    return await answer();
  } catch (error) {
    if (error instanceof AppError && REFUSED.has(error.statusCode)) app.rateLimiter.record(rule, request.ip, limit);
    throw error;
  }
}
