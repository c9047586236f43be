import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { GraphClient } from '../services/whatsapp/graph-client';
import { resolveWhatsAppSettings, type WhatsAppSettings } from '../services/whatsapp/settings';

export interface WhatsApp {
  settings: WhatsAppSettings;
  graph: GraphClient;
}

declare module 'fastify' {
  interface FastifyInstance {
    whatsapp: WhatsApp;
  }
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
