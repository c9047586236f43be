import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import {
  accessiblePhoneNumber,
  accessibleWaba,
  exchangeCode,
  register,
  subscribe,
  subscribedApps,
  unsubscribe,
  wabaOfToken,
  type CodeExchange,
} from './accounts';
import { graphErrors, SandboxGraphError } from './errors';
import { postMessage } from './messages';
import { readNode } from './nodes';
import { businessMessageSent } from '../statuses';
import type { SandboxWebhooks } from '../webhooks';

/**
 * The Graph API simulator, mounted at /sandbox/graph while no Meta app is configured: exactly the
 * calls Threadline makes, with Meta's shapes and Meta's error objects (never our ErrorBody).
 * Hidden from /api/docs: it is Meta's API, not ours.
 */

const BEARER = /^Bearer\s+(\S+)\s*$/i;
const VERSION = /^v[0-9]+\.[0-9]+$/;

type Params = { version: string; id: string };

function tokenOf(request: FastifyRequest): string | undefined {
  const fromHeader = BEARER.exec(request.headers.authorization ?? '')?.[1];
  return fromHeader ?? (request.query as { access_token?: string }).access_token;
}

function toGraphError(app: FastifyInstance, error: FastifyError): SandboxGraphError {
  if (error instanceof SandboxGraphError) return error;
  if ((error.statusCode ?? 500) < 500) return graphErrors.badParameter('Invalid parameter', error.message);
  app.log.error({ err: error }, 'sandbox graph failed');
  return graphErrors.unavailable();
}

export default async function sandboxGraph(app: FastifyInstance, options: { webhooks: SandboxWebhooks }) {
  const { settings } = app.whatsapp;
  const sandboxApp = { id: settings.appId, name: settings.appName, secret: settings.appSecret };
  const db = app.db;
  const hidden = { schema: { hide: true } };

  app.setErrorHandler((error: FastifyError, _request, reply) => {
    const graphError = toGraphError(app, error);
    return reply.status(graphError.httpStatus).send(graphError.toBody());
  });
  app.setNotFoundHandler((request, reply) => {
    const graphError = graphErrors.unknownPath(request.url.split('?')[0]);
    return reply.status(graphError.httpStatus).send(graphError.toBody());
  });
  app.addHook('preHandler', async (request) => {
    const { version } = request.params as Partial<Params>;
    if (version !== undefined && !VERSION.test(version)) throw graphErrors.unknownPath(`Unknown version ${version}`);
  });

  /** The WABA the request's token was issued for. */
  const callerWaba = (request: FastifyRequest) => wabaOfToken(db, tokenOf(request));

  app.get('/:version/oauth/access_token', hidden, async (request) =>
    exchangeCode(db, sandboxApp, request.query as CodeExchange),
  );

  app.get<{ Params: Params }>('/:version/:id/subscribed_apps', hidden, async (request) => {
    const waba = await accessibleWaba(db, await callerWaba(request), request.params.id);
    return subscribedApps(db, waba.id);
  });

  app.post<{ Params: Params }>('/:version/:id/subscribed_apps', hidden, async (request) => {
    const waba = await accessibleWaba(db, await callerWaba(request), request.params.id);
    return subscribe(db, waba.id, sandboxApp);
  });

  app.delete<{ Params: Params }>('/:version/:id/subscribed_apps', hidden, async (request) => {
    const waba = await accessibleWaba(db, await callerWaba(request), request.params.id);
    return unsubscribe(db, waba.id, sandboxApp.id);
  });

  app.post<{ Params: Params }>('/:version/:id/register', hidden, async (request) => {
    const phone = await accessiblePhoneNumber(db, await callerWaba(request), request.params.id);
    return register(db, phone, request.body);
  });

  app.post<{ Params: Params }>('/:version/:id/messages', hidden, async (request) => {
    const phone = await accessiblePhoneNumber(db, await callerWaba(request), request.params.id);
    return postMessage(db, phone, request.body, {
      sent: (wamid, waId) => businessMessageSent(options.webhooks, db, phone, wamid, waId),
    });
  });

  app.get<{ Params: Params; Querystring: { fields?: string } }>('/:version/:id', hidden, async (request) =>
    readNode(db, await callerWaba(request), request.params.id, request.query.fields),
  );
}
