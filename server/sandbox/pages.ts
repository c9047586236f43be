import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

const PUBLIC_DIR = path.join(__dirname, 'public');
const JAVASCRIPT = 'application/javascript; charset=utf-8';

/** The customer phone's native ES modules, served at /sandbox/phone/<file>.js as they lie in public/phone/. */
function phoneModules() {
  return fs
    .readdirSync(path.join(PUBLIC_DIR, 'phone'))
    .filter((file) => file.endsWith('.js'))
    .map((file) => ({ url: `/phone/${file}`, file: `phone/${file}`, type: JAVASCRIPT }));
}

/** The sandbox's browser side: the stand-in Facebook SDK, the pretend signup popup and the customer phone. */
function sandboxPages() {
  return [
    { url: '/sdk.js', file: 'sdk.js', type: JAVASCRIPT },
    { url: '/signup', file: 'signup.html', type: 'text/html; charset=utf-8' },
    { url: '/signup.js', file: 'signup.js', type: JAVASCRIPT },
    { url: '/signup.css', file: 'signup.css', type: 'text/css; charset=utf-8' },
    { url: '/phone', file: 'phone.html', type: 'text/html; charset=utf-8' },
    ...phoneModules(),
    { url: '/phone.css', file: 'phone.css', type: 'text/css; charset=utf-8' },
  ];
}

export default async function pages(app: FastifyInstance) {
  for (const page of sandboxPages()) {
    const body = fs.readFileSync(path.join(PUBLIC_DIR, page.file));
    app.get(page.url, { schema: { hide: true } }, async (_request, reply) =>
      reply.type(page.type).header('cache-control', 'no-cache').send(body),
    );
  }
}
