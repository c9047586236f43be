import crypto from 'node:crypto';
import { loadConfig } from '../../../server/config';
import { createSecrets } from '../../../server/secrets';
import { resolveWhatsAppSettings, SANDBOX_APP } from '../../../server/services/whatsapp/settings';
import { redactUrl } from '../../../server/logging';

const secrets = createSecrets(crypto.randomBytes(32));

function settings(env: NodeJS.ProcessEnv, listeningPort?: number) {
  const config = loadConfig({ NODE_ENV: 'test', PORT: '4100', PUBLIC_URL: 'https://threadline.example/app', ...env });
  return resolveWhatsAppSettings(config, secrets, () => listeningPort);
}

describe('WhatsApp settings', () => {
  it('runs the sandbox when no Meta app is configured, with secrets derived from the master key', () => {
    const sandbox = settings({});
    expect(sandbox).toMatchObject({
      sandbox: true,
      appId: SANDBOX_APP.id,
      configId: SANDBOX_APP.configId,
      graphVersion: 'v23.0',
      graphTimeoutMs: 10_000,
      sdkUrl: '/sandbox/sdk.js',
      trustedOrigins: ['https://threadline.example'],
    });
    expect(sandbox.graphBaseUrl()).toBe('http://127.0.0.1:4100/sandbox/graph');
    expect(sandbox.appSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(sandbox.appSecret).toBe(secrets.derive('sandbox-app-secret'));
    expect(sandbox.verifyToken).toBe(secrets.derive('sandbox-verify-token'));
    expect(sandbox.verifyToken).not.toBe(sandbox.appSecret);
    expect(Buffer.from(secrets.jwtKey).toString('hex')).not.toBe(secrets.derive('jwt'));
  });

  it('reaches the port the server actually listens on (port 0 in tests)', () => {
    expect(settings({}, 43123).graphBaseUrl()).toBe('http://127.0.0.1:43123/sandbox/graph');
  });

  it('takes the sandbox secret, verify token, base URL and timeout from the environment when set', () => {
    const chosen = settings({
      META_APP_SECRET: 'chosen-secret',
      META_VERIFY_TOKEN: 'chosen-token',
      GRAPH_API_BASE_URL: 'http://127.0.0.1:9999/graph/',
      GRAPH_API_TIMEOUT_MS: '2500',
      META_APP_ID: '123',
    });
    expect(chosen).toMatchObject({ sandbox: true, appSecret: 'chosen-secret', verifyToken: 'chosen-token' });
    expect(chosen.graphBaseUrl()).toBe('http://127.0.0.1:9999/graph');
    expect(chosen.graphTimeoutMs).toBe(2500);
  });

  it("uses Meta's app, Graph and SDK once META_APP_ID, META_APP_SECRET and META_CONFIG_ID are all set", () => {
    const production = settings({
      META_APP_ID: '1234',
      META_APP_SECRET: 'meta-secret',
      META_CONFIG_ID: '5678',
      GRAPH_API_VERSION: 'v24.0',
    });
    expect(production).toMatchObject({
      sandbox: false,
      appId: '1234',
      configId: '5678',
      appSecret: 'meta-secret',
      verifyToken: undefined,
      graphVersion: 'v24.0',
      sdkUrl: 'https://connect.facebook.net/en_US/sdk.js',
      trustedOrigins: ['https://www.facebook.com', 'https://web.facebook.com'],
    });
    expect(production.graphBaseUrl()).toBe('https://graph.facebook.com');
  });
});

describe('request logs', () => {
  it('hide secrets and shorten codes in logged URLs', () => {
    expect(redactUrl('/v23.0/oauth/access_token?client_id=1&client_secret=s3cret&code=AQBx1234567890abcdef')).toBe(
      '/v23.0/oauth/access_token?client_id=1&client_secret=%5Bredacted%5D&code=AQBx123456%E2%80%A6',
    );
    expect(redactUrl('/webhook?hub.mode=subscribe&hub.verify_token=t0ken&hub.challenge=1')).toBe(
      '/webhook?hub.mode=subscribe&hub.verify_token=%5Bredacted%5D&hub.challenge=1',
    );
    expect(redactUrl('/api/v1/health')).toBe('/api/v1/health');
  });
});
