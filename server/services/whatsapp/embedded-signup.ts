import type { EmbeddedSignupConfig } from '../../../contract';
import type { WhatsAppSettings } from './settings';

/** An http(s) origin, or null for anything else (a Host header can say anything). */
function httpOrigin(candidate: string): string | null {
  try {
    const url = new URL(candidate);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * What the SPA needs to launch Embedded Signup: Meta's SDK and origins, or the sandbox's stand-ins.
 * The sandbox popup is served by this very server and posts from wherever the owner opened the app
 * (http://127.0.0.1:3000 as well as PUBLIC_URL's http://localhost:3000), so in the sandbox, and only
 * there, the origin the request came to is trusted too: it is the asking page's own origin, which
 * its own popup shares. With a Meta app configured only Facebook's origins are ever trusted.
 */
export function embeddedSignupConfig(settings: WhatsAppSettings, requestOrigin?: string): EmbeddedSignupConfig {
  const ownOrigin = settings.sandbox && requestOrigin ? httpOrigin(requestOrigin) : null;
  const trusted =
    ownOrigin && !settings.trustedOrigins.includes(ownOrigin)
      ? [...settings.trustedOrigins, ownOrigin]
      : settings.trustedOrigins;
  return {
    app_id: settings.appId,
    config_id: settings.configId,
    graph_version: settings.graphVersion,
    sdk_url: settings.sdkUrl,
    trusted_origins: trusted,
    sandbox: settings.sandbox,
  };
}
