import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { GraphClient } from '../services/whatsapp/graph-client';
import type { Secrets } from './secrets';
import { FACEBOOK_ORIGINS } from './security';

/** Meta's app as Threadline uses it: Meta's own, or the sandbox standing in for it. */
export interface WhatsAppSettings {
  /** True while no Meta app is configured: the Graph simulator, stand-in SDK and popup answer instead. */
  sandbox: boolean;
  appId: string;
  appName: string;
  configId: string;
  /** Signs webhooks (X-Hub-Signature-256) and authenticates the code exchange. */
  appSecret: string;
  /** Undefined: the webhook verification handshake is always refused. */
  verifyToken: string | undefined;
  graphVersion: string;
  graphBaseUrl: () => string;
  graphTimeoutMs: number;
  /** Where the SPA loads the SDK from, and which origins may post signup messages to it. */
  sdkUrl: string;
  trustedOrigins: string[];
}

export interface WhatsApp {
  settings: WhatsAppSettings;
  graph: GraphClient;
}

declare module 'fastify' {
  interface FastifyInstance {
    whatsapp: WhatsApp;
  }
}

/** The sandbox's pretend Meta app; numeric like Meta's ids. */
export const SANDBOX_APP = { id: '900000000000001', configId: '900000000000002', name: 'Threadline Sandbox' };
export const GRAPH_API_BASE_URL = 'https://graph.facebook.com';
export const FACEBOOK_SDK_URL = 'https://connect.facebook.net/en_US/sdk.js';
export const SANDBOX_SDK_PATH = '/sandbox/sdk.js';
export const SANDBOX_GRAPH_PATH = '/sandbox/graph';

/**
 * Environment → settings. `listeningPort` gives the port once the server listens (tests listen on
 * port 0), so that the sandbox's Graph calls reach this very process over loopback HTTP.
 */
export function resolveWhatsAppSettings(
  config: Pick<Config, 'whatsapp' | 'port' | 'publicUrl'>,
  secrets: Pick<Secrets, 'derive'>,
  listeningPort: () => number | undefined = () => undefined,
): WhatsAppSettings {
  const meta = config.whatsapp;
  const common = { graphVersion: meta.graphApiVersion, graphTimeoutMs: meta.graphTimeoutMs };
  if (meta.appId && meta.appSecret && meta.configId) {
    const baseUrl = meta.graphApiBaseUrl ?? GRAPH_API_BASE_URL;
    return {
      ...common,
      sandbox: false,
      appId: meta.appId,
      appName: 'Threadline',
      configId: meta.configId,
      appSecret: meta.appSecret,
      verifyToken: meta.verifyToken,
      graphBaseUrl: () => baseUrl,
      sdkUrl: FACEBOOK_SDK_URL,
      trustedOrigins: FACEBOOK_ORIGINS,
    };
  }
  const explicitBaseUrl = meta.graphApiBaseUrl;
  return {
    ...common,
    sandbox: true,
    appId: SANDBOX_APP.id,
    appName: SANDBOX_APP.name,
    configId: SANDBOX_APP.configId,
    appSecret: meta.appSecret ?? secrets.derive('sandbox-app-secret'),
    verifyToken: meta.verifyToken ?? secrets.derive('sandbox-verify-token'),
    graphBaseUrl: () => explicitBaseUrl ?? `http://127.0.0.1:${listeningPort() ?? config.port}${SANDBOX_GRAPH_PATH}`,
    sdkUrl: SANDBOX_SDK_PATH,
    trustedOrigins: [new URL(config.publicUrl).origin],
  };
}

/** Resolves Meta's app (or the sandbox) and the Graph client every WhatsApp service uses. */
export default fp(
  async function whatsapp(app: FastifyInstance) {
    const settings = resolveWhatsAppSettings(app.config, app.secrets, () => {
      const address = app.server.address();
      return address && typeof address === 'object' ? address.port : undefined;
    });
    const { appId, configId } = app.config.whatsapp;
    if (settings.sandbox && (appId || configId)) {
      app.log.warn('META_APP_ID, META_APP_SECRET and META_CONFIG_ID must all be set to use Meta; running the sandbox');
    } else if (settings.sandbox) {
      app.log.info('WhatsApp sandbox: no Meta app configured (META_APP_ID, META_APP_SECRET, META_CONFIG_ID)');
    } else if (!settings.verifyToken) {
      app.log.warn("META_VERIFY_TOKEN is not set: Meta's webhook verification handshake will be refused");
    }
    const graph = new GraphClient({
      baseUrl: settings.graphBaseUrl,
      version: settings.graphVersion,
      timeoutMs: settings.graphTimeoutMs,
      appId: settings.appId,
      appSecret: settings.appSecret,
    });
    app.decorate('whatsapp', { settings, graph });
  },
  { name: 'whatsapp', dependencies: ['secrets'] },
);
