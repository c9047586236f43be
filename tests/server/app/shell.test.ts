import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Type } from 'typebox';
import { buildApp, type App } from '../../../server/app';
import { ValidationFailed } from '../../../server/errors';
import { LANDING_PAGE_FILE } from '../../../server/plugins/spa';
import { buildTestApp, testConfig, useTestApp } from '../support/helpers';

const ctx = useTestApp();

describe('GET /api/v1/health', () => {
  it('answers that nothing is connected for an anonymous caller', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json()).toEqual({ connected: false });
  });

  it('sends security headers that allow only our origin and the Facebook SDK', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self' https://connect.facebook.net");
    // Messages' photos and voice notes show as object URLs of files fetched with the bearer token.
    expect(csp).toContain("img-src 'self' data: blob:;");
    expect(csp).toContain("media-src 'self' blob:;");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('errors', () => {
  it('answers an unknown API path with the JSON error body', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      detail: 'Not found: GET /api/v1/nothing-here',
      message: 'Not found: GET /api/v1/nothing-here',
      code: 'not_found',
    });
  });

  it('answers an unknown API method with JSON, not the web app', async () => {
    const response = await ctx.app.inject({ method: 'DELETE', url: '/api/v1/health' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'not_found' });
  });

  describe('on routes with schemas', () => {
    let probe: App;
    beforeAll(async () => {
      probe = await buildApp(testConfig(), { db: ctx.db, logger: false });
      probe.post(
        '/api/v1/probe',
        { schema: { body: Type.Object({ email: Type.String({ format: 'email' }), age: Type.Integer() }) } },
        async () => ({ ok: true }),
      );
      probe.get('/api/v1/typed-error', async () => {
        throw new ValidationFailed('Username must be at least 3 characters.', 'username');
      });
      probe.get('/api/v1/crash', async () => {
        throw new Error('database password is hunter2');
      });
      await probe.ready();
    });
    afterAll(() => probe.close());

    it('turns malformed JSON into a 400 with a readable detail', async () => {
      const response = await probe.inject({
        method: 'POST',
        url: '/api/v1/probe',
        headers: { 'content-type': 'application/json' },
        payload: '{"email": ',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toMatch(/not valid JSON/);
      expect(response.json().message).toBe(response.json().detail);
    });

    it('names the missing field of a schema failure with 422', async () => {
      const response = await probe.inject({ method: 'POST', url: '/api/v1/probe', payload: { email: 'a@b.co' } });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        detail: 'age is required.',
        message: 'age is required.',
        code: 'validation_failed',
        field: 'age',
      });
    });

    it('names the invalid field of a schema failure with 422', async () => {
      const response = await probe.inject({ method: 'POST', url: '/api/v1/probe', payload: { email: 'nope', age: 3 } });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ field: 'email', code: 'validation_failed' });
    });

    it('keeps the status, text and field of a typed service error', async () => {
      const response = await probe.inject({ method: 'GET', url: '/api/v1/typed-error' });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        detail: 'Username must be at least 3 characters.',
        message: 'Username must be at least 3 characters.',
        code: 'validation_failed',
        field: 'username',
      });
    });

    it('hides the internals of an unexpected failure', async () => {
      const response = await probe.inject({ method: 'GET', url: '/api/v1/crash' });
      expect(response.statusCode).toBe(500);
      expect(response.body).not.toContain('hunter2');
      expect(response.json()).toMatchObject({ code: 'internal' });
    });
  });
});

describe('GET /api/docs', () => {
  it('publishes the OpenAPI document built from the route schemas', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');
    expect(document.paths['/api/v1/health'].get.responses['200']).toBeDefined();
  });

  it('documents the account routes, their bearer auth and their ErrorBody answers', async () => {
    const document = (await ctx.app.inject({ method: 'GET', url: '/api/docs' })).json();
    const errorBody = { $ref: '#/components/schemas/ErrorBody' };
    expect(document.components.schemas.ErrorBody.properties.detail).toEqual({ type: 'string' });
    expect(document.paths['/api/v1/auth/register'].post.responses['409'].content['application/json'].schema).toEqual(
      errorBody,
    );
    expect(document.paths['/api/v1/users/me'].get.security).toEqual([{ bearer: [] }]);
    expect(Object.keys(document.paths['/api/v1/auth/login'].post.requestBody.content)).toEqual([
      'application/x-www-form-urlencoded',
      'application/json',
    ]);
  });
});

describe('the web app', () => {
  let web: App;
  const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'threadline-web-'));

  beforeAll(async () => {
    fs.mkdirSync(path.join(webDir, 'assets'));
    fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><div id="root"></div>');
    fs.writeFileSync(path.join(webDir, 'assets', 'main.0123456789ab.js'), 'console.log(1)');
    web = await buildTestApp(ctx.db, { webDir });
  });
  afterAll(() => web.close());

  it.each(['/', '/dashboard', '/agents/3/edit', '/verify-email?token=abc'])(
    'answers the page path %s with index.html (history fallback)',
    async (url) => {
      const response = await web.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
    },
  );

  it('serves hashed assets with a long cache lifetime', async () => {
    const response = await web.inject({ method: 'GET', url: '/assets/main.0123456789ab.js' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('console.log(1)');
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('answers a missing file with 404, not the page', async () => {
    const response = await web.inject({ method: 'GET', url: '/assets/missing.js' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'not_found' });
  });

  it('still answers API paths with JSON', async () => {
    const response = await web.inject({ method: 'GET', url: '/api/v1/missing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'not_found' });
  });
});

describe('the web app with the prerendered landing page', () => {
  let web: App;
  const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'threadline-web-'));

  beforeAll(async () => {
    fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><div id="root"></div>');
    fs.writeFileSync(path.join(webDir, LANDING_PAGE_FILE), '<!doctype html><div id="root"><h1>Landing</h1></div>');
    web = await buildTestApp(ctx.db, { webDir });
  });
  afterAll(() => web.close());

  it.each(['/', '/?utm_source=ad'])('answers %s with the landing page, never cached', async (url) => {
    const response = await web.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<h1>Landing</h1>');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it.each(['/login', '/dashboard'])('answers %s with the empty index.html', async (url) => {
    const response = await web.inject({ method: 'GET', url });
    expect(response.body).toBe('<!doctype html><div id="root"></div>');
  });
});
