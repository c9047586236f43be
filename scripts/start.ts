import { ensureWebBuild } from './web-build';

/** `npm start`: build the SPA when dist/ is missing or stale, then run the server. */
ensureWebBuild()
  .then(async () => {
    process.env.NODE_ENV ??= 'production';
    await import('../server/main');
  })
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
