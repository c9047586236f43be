import crypto from 'node:crypto';
import { loadConfig } from '../../../server/config';
import { createSecrets } from '../../../server/secrets';
import { FACEBOOK_ORIGINS, resolveWhatsAppSettings } from '../../../server/services/whatsapp/settings';
import { devApiEnvironment } from '../../../scripts/dev-env';
import webpackConfig from '../../../webpack.config';
import { buildTestApp, registerUser, testConfig, useTestApp } from '../support/helpers';
import { apiGet, sandboxConfig } from '../support/whatsapp-helpers';

/** Where `npm run dev` serves the SPA (webpack's dev server), proxying /api and /sandbox to the API. */
const DEV_SERVER_URL = 'http://localhost:8080';

const secrets = createSecrets(crypto.randomBytes(32));

/** The origins the SPA accepts signup messages from, for the API started with `env`. */
function trustedOriginsFor(env: NodeJS.ProcessEnv): string[] {
  return resolveWhatsAppSettings(loadConfig({ NODE_ENV: 'test', ...env }), secrets).trustedOrigins;
}

const ctx = useTestApp((db) => buildTestApp(db, { ...sandboxConfig(), publicUrl: DEV_SERVER_URL }));

describe('GET /api/v1/whatsapp/embedded-signup (the sandbox popup origin)', () => {
  it("trusts the origin people use, PUBLIC_URL's, and not the API's own port behind a dev server", async () => {
    const { token } = await registerUser(ctx.app);
    const response = await apiGet(ctx.app, '/whatsapp/embedded-signup', token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ sandbox: true, trusted_origins: [DEV_SERVER_URL] });
  });

  it("trusts Facebook's origins only once a Meta app is configured, whatever PUBLIC_URL says", async () => {
    const base = testConfig();
    const production = await buildTestApp(ctx.db, {
      publicUrl: DEV_SERVER_URL,
      whatsapp: { ...base.whatsapp, appId: '1234', appSecret: 'meta-secret', configId: '5678' },
    });
    try {
      const { token } = await registerUser(production);
      const response = await apiGet(production, '/whatsapp/embedded-signup', token);
      expect(response.json()).toMatchObject({ sandbox: false, trusted_origins: FACEBOOK_ORIGINS });
    } finally {
      await production.close();
    }
  });
});

describe("npm run dev's API environment", () => {
  it("makes the dev server's origin the sandbox's trusted one, where the popup posts from", () => {
    const env = devApiEnvironment({ PORT: '3000' }, DEV_SERVER_URL);
    expect(env).toMatchObject({ PORT: '3000', PUBLIC_URL: DEV_SERVER_URL });
    expect(trustedOriginsFor(env)).toEqual([DEV_SERVER_URL]);
    // Without it (npm start's default) the API trusts only its own address, and the dev server's popup
    // was refused: "WhatsApp setup was cancelled".
    expect(trustedOriginsFor({ PORT: '3000' })).toEqual(['http://localhost:3000']);
  });

  it('keeps a PUBLIC_URL that is set, and trusts nothing more', () => {
    const env = devApiEnvironment({ PUBLIC_URL: 'https://dev.threadline.example/' }, DEV_SERVER_URL);
    expect(env.PUBLIC_URL).toBe('https://dev.threadline.example/');
    expect(trustedOriginsFor(env)).toEqual(['https://dev.threadline.example']);
  });

  it("leaves a Meta app's origins alone", () => {
    const env = devApiEnvironment({ META_APP_ID: '1', META_APP_SECRET: 's', META_CONFIG_ID: '2' }, DEV_SERVER_URL);
    expect(trustedOriginsFor(env)).toEqual(FACEBOOK_ORIGINS);
  });
});

describe("npm run dev's SPA (webpack's dev server)", () => {
  it("is sent with the API's opener policy, so that the proxied signup popup keeps its opener", async () => {
    const popup = await ctx.app.inject({ method: 'GET', url: '/sandbox/signup?config_id=sandbox-config' });
    const policy = popup.headers['cross-origin-opener-policy'];
    expect(policy).toBe('same-origin-allow-popups');
    // A popup whose policy differs from its opener's loses window.opener, and the signup reads as cancelled.
    expect(webpackConfig(undefined, { mode: 'development' }).devServer?.headers).toEqual({
      'Cross-Origin-Opener-Policy': policy,
    });
  });
});
