import { buildTestApp, testConfig, useTestApp } from '../support/helpers';
import { sandboxConfig } from '../support/whatsapp-helpers';

const ctx = useTestApp((db) => buildTestApp(db, sandboxConfig()));

describe('the sandbox signup pages', () => {
  it('serves the stand-in Facebook SDK as JavaScript', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/sandbox/sdk.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/javascript/);
    expect(response.body).toContain('window.FB');
    expect(response.body).toContain('fbAsyncInit');
    expect(response.body).toContain('/sandbox/signup?config_id=');
  });

  it('serves the signup popup as HTML whose script and style are files of their own', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/sandbox/signup?config_id=sandbox-config' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('<title>WhatsApp Business sandbox signup</title>');
    const actions = ['Finish setup', 'Finish without a number', 'Cancel', 'Report an error'];
    for (const text of ['Business name', 'Phone number', ...actions]) {
      expect(response.body).toContain(text);
    }
    // The CSP allows no inline script: every <script> names its file, and no element has an on* handler.
    expect(response.body).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
    expect(response.body).not.toMatch(/\son[a-z]+=/i);
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");

    const script = await ctx.app.inject({ method: 'GET', url: '/sandbox/signup.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/^application\/javascript/);
    expect(script.body).toContain('WA_EMBEDDED_SIGNUP');
    // Embedded Signup v4's completion states.
    for (const event of ["'FINISH'", "'FINISH_ONLY_WABA'", "'CANCEL'", "'ERROR'"]) expect(script.body).toContain(event);
    const style = await ctx.app.inject({ method: 'GET', url: '/sandbox/signup.css' });
    expect(style.statusCode).toBe(200);
    expect(style.headers['content-type']).toMatch(/^text\/css/);
  });
});

describe('with a real Meta app configured', () => {
  it('has neither the stand-in SDK nor the signup popup', async () => {
    const base = testConfig();
    const metaApp = await buildTestApp(ctx.db, {
      whatsapp: { ...base.whatsapp, appId: '1234', appSecret: 'meta-secret', configId: '5678' },
    });
    try {
      for (const url of ['/sandbox/sdk.js', '/sandbox/signup', '/sandbox/signup.js', '/sandbox/signup.css']) {
        const response = await metaApp.inject({ method: 'GET', url });
        expect(response.statusCode).toBe(404);
      }
    } finally {
      await metaApp.close();
    }
  });
});
