import crypto from 'node:crypto';
import { loadConfig } from '../../../server/config';
import { createSecrets } from '../../../server/secrets';
import { FACEBOOK_ORIGINS, resolveWhatsAppSettings } from '../../../server/services/whatsapp/settings';
import { devApiEnvironment } from '../../../scripts/dev-env';
import webpackConfig from '../../../webpack.config';
import { bearer, buildTestApp, registerUser, testConfig, useTestApp } from '../support/helpers';
import { sandboxConfig } from '../support/whatsapp-helpers';

/** Where `npm run dev` serves the SPA (webpack's dev server), proxying /api and /sandbox to the API. */
const DEV_SERVER_URL = 'http://localhost:8080';

const secrets = createSecrets(crypto.randomBytes(32));

/** The origins the SPA accepts signup messages from, for the API started with `env`. */
function trustedOriginsFor(env: NodeJS.ProcessEnv): string[] {
  return resolveWhatsAppSettings(loadConfig({ NODE_ENV: 'test', ...env }), secrets).trustedOrigins;
}

const ctx = useTestApp((db) => buildTestApp(db, { ...sandboxConfig(), publicUrl: DEV_SERVER_URL }));

describe('GET /api/v1/whatsapp/embedded-signup (the sandbox popup origin)', () => {
  it("trusts the origin people use, PUBLIC_URL's, behind a dev server", async () => {
    const { token } = await registerUser(ctx.app);
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/whatsapp/embedded-signup',
      headers: { ...bearer(token), host: 'localhost:8080' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ sandbox: true, trusted_origins: [DEV_SERVER_URL] });
  });

  it('also trusts the origin the page asked from, where its sandbox popup posts from', async () => {
    // PUBLIC_URL left at http://localhost:3000 and the app opened at http://127.0.0.1:3000: Connect used to
    // fail with 'Missing WhatsApp configuration data' because the popup's FINISH came from an untrusted origin.
    const local = await buildTestApp(ctx.db, { ...sandboxConfig(), publicUrl: 'http://localhost:3000' });
    try {
      const { token } = await registerUser(local);
      const response = await local.inject({
        method: 'GET',
        url: '/api/v1/whatsapp/embedded-signup',
        headers: { ...bearer(token), host: '127.0.0.1:3000' },
      });
      expect(response.json()).toMatchObject({
        sandbox: true,
        trusted_origins: ['http://localhost:3000', 'http://127.0.0.1:3000'],
      });
    } finally {
      await local.close();
    }
  });

  it("trusts Facebook's origins only once a Meta app is configured, whatever PUBLIC_URL says", async () => {
    const base = testConfig();
    const production = await buildTestApp(ctx.db, {
      publicUrl: DEV_SERVER_URL,
      whatsapp: { ...base.whatsapp, appId: '1234', appSecret: 'meta-secret', configId: '5678' },
    });
    try {
      const { token } = await registerUser(production);
      const response = await production.inject({
        method: 'GET',
        url: '/api/v1/whatsapp/embedded-signup',
        headers: { ...bearer(token), host: 'evil.example' },
      });
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
