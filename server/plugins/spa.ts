import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ErrorBody } from '../../contract';

export interface SpaOptions {
  webDir: string;
}

/** `/` prerendered, written beside index.html by the build (scripts/prerender-landing.tsx). */
export const LANDING_PAGE_FILE = 'landing.html';

const HASHED_ASSET = /\.[0-9a-f]{8,}\.(js|css|woff2?|png|svg|jpg)$/;

function wantsApp(request: FastifyRequest): boolean {
  const pathname = request.url.split('?')[0];
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    !pathname.startsWith('/api/') &&
    pathname !== '/api' &&
    !pathname.startsWith('/sandbox/') &&
    path.extname(pathname) === ''
  );
}

function notFound(request: FastifyRequest, reply: FastifyReply) {
  const detail = `Not found: ${request.method} ${request.url.split('?')[0]}`;
  const error: ErrorBody = { detail, message: detail, code: 'not_found' };
  return reply.status(404).send(error);
}

/**
 * Serves the built SPA: hashed assets cached for a year, index.html never cached, and every
 * other page path answered with index.html so that the client router can take it (history fallback);
 * `/` is answered with the prerendered landing page when the build wrote one.
 * Unknown API paths and missing files get the JSON error body.
 */
export default fp<SpaOptions>(
  async function spa(app: FastifyInstance, { webDir }) {
    const indexFile = path.join(webDir, 'index.html');
    const built = fs.existsSync(indexFile);
    const hasLandingPage = fs.existsSync(path.join(webDir, LANDING_PAGE_FILE));
    if (built) {
      await app.register(fastifyStatic, {
        root: webDir,
        wildcard: false,
        index: false,
        preCompressed: true,
        cacheControl: false,
        setHeaders(res, filePath) {
          res.setHeader(
            'cache-control',
            HASHED_ASSET.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      });
    } else {
      app.log.warn({ webDir }, 'the web app is not built; run `npm run build`');
    }
    app.setNotFoundHandler((request, reply) => {
      if (!wantsApp(request)) return notFound(request, reply);
      if (!built) {
        return reply
          .status(503)
          .type('text/plain; charset=utf-8')
          .send('The web app is not built yet. Run `npm run build` (or `npm start`, which builds it).');
      }
      const page = request.url.split('?')[0] === '/' && hasLandingPage ? LANDING_PAGE_FILE : 'index.html';
      return reply.header('cache-control', 'no-cache').sendFile(page);
    });
  },
  { name: 'spa' },
);
