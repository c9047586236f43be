import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { isWebBuildFresh } from './web-build';

/**
 * `npm start`: build the SPA when dist/ is missing or stale, then run the server. The build runs in a
 * process of its own: webpack's few hundred MB go back to the system when it ends, rather than stay
 * with the server for as long as it runs.
 */
function buildWebApart(): void {
  console.log('Building the web app (dist/web)…');
  const started = Date.now();
  const build = spawnSync(process.execPath, ['--import', 'tsx', path.join(__dirname, 'build.ts')], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (build.status !== 0) throw new Error('Building the web app failed (see above).');
  console.log(`Built the web app in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

Promise.resolve()
  .then(async () => {
    if (!isWebBuildFresh()) buildWebApart();
    process.env.NODE_ENV ??= 'production';
    await import('../server/process/main');
  })
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
