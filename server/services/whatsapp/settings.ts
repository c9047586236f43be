import type { Config } from '../../config';
import type { Secrets } from '../../secrets';

/** Where Meta's signup popup and SDK may post from. */
export const FACEBOOK_ORIGINS = ['https://www.facebook.com', 'https://web.facebook.com'];

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
