import type { EmbeddedSignupConfig } from '../../../contract';
import type { WhatsAppSettings } from './settings';

/** What the SPA needs to launch Embedded Signup: Meta's SDK and origins, or the sandbox's stand-ins. */
export function embeddedSignupConfig(settings: WhatsAppSettings): EmbeddedSignupConfig {
  return {
    app_id: settings.appId,
    config_id: settings.configId,
    graph_version: settings.graphVersion,
    sdk_url: settings.sdkUrl,
    trusted_origins: settings.trustedOrigins,
    sandbox: settings.sandbox,
  };
}
