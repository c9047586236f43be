import formbody from '@fastify/formbody';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyServerFactory, type FastifyServerOptions } from 'fastify';
import type { Config } from './config';
import type { Db } from './db/client';
import { withRedaction } from './logging';
import auth from './plugins/auth';
import dbPlugin from './plugins/db';
import errorHandler from './plugins/error-handler';
import events from './plugins/events';
import inputGuard from './plugins/input-guard';
import inbox from './plugins/inbox';
import jobs from './plugins/jobs';
import knowledge from './plugins/knowledge';
import live from './plugins/live';
import mailer from './plugins/mailer';
import media from './plugins/media';
import openapi from './plugins/openapi';
import push from './plugins/push';
import rateLimit from './plugins/rate-limit';
import replies from './plugins/replies';
import secrets from './plugins/secrets';
import security from './plugins/security';
import securityLog from './plugins/security-log';
import shutdown from './plugins/shutdown';
import spa from './plugins/spa';
import whatsapp from './plugins/whatsapp';
import routes from './routes';
import sandbox from './sandbox';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
  }
}

export interface BuildOptions {
  /** A database opened (and migrated) by the caller, e.g. one PGlite shared by a test file. */
  db?: Db;
  logger?: FastifyServerOptions['logger'];
  /** Whether this process runs the job queue; by default only the embedded shape's API does. */
  runJobs?: boolean;
  /** The HTTP server to serve on, e.g. one that takes over a port bound before the app was built. */
  serverFactory?: FastifyServerFactory;
}

/** The longest wait between node's checks of the headers and request timeouts. */
const TIMEOUT_CHECK_MAX_INTERVAL_MS = 5_000;

/** The whole API as one Fastify instance: external plugins, our plugins, then routes. */
export async function buildApp(config: Config, options: BuildOptions = {}) {
  const app = Fastify({
    logger: withRedaction(options.logger ?? { level: config.logLevel }),
    // Webhook replays and uploads are capped per route; everything else is small JSON.
    bodyLimit: 1024 * 1024,
    trustProxy: (_address: string, hop: number) => hop < config.trustProxyHops,
    // Opening the database runs the migrations, which on a cold PGlite and a busy machine can take
    // longer than Fastify's default 10 s per plugin.
    pluginTimeout: 120_000,
    // Silent, slow and half-open connections are closed (config.httpTimeouts). Node checks the
    // headers and request timeouts every `connectionsCheckingInterval`, 30 s unless told.
    connectionTimeout: config.httpTimeouts.idleMs,
    requestTimeout: config.httpTimeouts.requestMs,
    http: {
      headersTimeout: Math.min(config.httpTimeouts.headersMs, config.httpTimeouts.requestMs),
      connectionsCheckingInterval: Math.min(TIMEOUT_CHECK_MAX_INTERVAL_MS, config.httpTimeouts.headersMs / 4),
    },
    ajv: { customOptions: { removeAdditional: true, coerceTypes: 'array', useDefaults: true, allErrors: false } },
    serverFactory: options.serverFactory,
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.decorate('config', config);
  // First: everything below that calls out or waits honours `app.closing`.
  await app.register(shutdown);
  await app.register(errorHandler);
  await app.register(inputGuard);
  await app.register(security);
  await app.register(formbody);
  await app.register(openapi);
  await app.register(secrets);
  await app.register(dbPlugin, { config, db: options.db });
  await app.register(jobs, { poll: options.runJobs });
  await app.register(rateLimit);
  await app.register(mailer);
  await app.register(auth);
  await app.register(securityLog);
  await app.register(events);
  await app.register(whatsapp);
  await app.register(knowledge);
  await app.register(media);
  await app.register(inbox);
  await app.register(live);
  await app.register(push);
  app.closing.addEventListener('abort', () => app.whatsapp.graph.close(), { once: true });
  await app.register(routes, { prefix: '/api/v1' });
  await app.register(replies);
  // Meta's stand-in (Graph simulator, signup): only while no Meta app is configured.
  if (app.whatsapp.settings.sandbox) await app.register(sandbox, { prefix: '/sandbox' });
  await app.register(spa, { webDir: config.webDir });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
