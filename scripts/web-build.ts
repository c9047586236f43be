import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import webpack from 'webpack';
import { LANDING_PAGE_FILE } from '../server/plugins/spa';
import config, { WEB_OUT_DIR } from '../webpack.config';

const ROOT = path.resolve(__dirname, '..');
const SOURCES = [
  'src',
  'public',
  'contract',
  'webpack.config.ts',
  'scripts/prerender-landing.tsx',
  'package-lock.json',
];

function newestMtime(entry: string): number {
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs
    .readdirSync(entry)
    .reduce((newest, name) => Math.max(newest, newestMtime(path.join(entry, name))), stat.mtimeMs);
}

/** The built SPA exists and is newer than everything it is built from. */
export function isWebBuildFresh(): boolean {
  const index = path.join(WEB_OUT_DIR, 'index.html');
  if (!fs.existsSync(index)) return false;
  const builtAt = fs.statSync(index).mtimeMs;
  return SOURCES.every((entry) => {
    const full = path.join(ROOT, entry);
    return !fs.existsSync(full) || newestMtime(full) <= builtAt;
  });
}

/** Writes the prerendered landing page beside index.html (scripts/prerender-landing.tsx). */
function prerenderLanding(): void {
  execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(__dirname, 'prerender-landing.tsx'),
      path.join(WEB_OUT_DIR, 'index.html'),
      path.join(WEB_OUT_DIR, LANDING_PAGE_FILE),
    ],
    { cwd: ROOT, env: { ...process.env, NODE_ENV: 'production' }, stdio: ['ignore', 'inherit', 'inherit'] },
  );
}

export async function buildWeb(): Promise<webpack.Stats> {
  const stats = await new Promise<webpack.Stats>((resolve, reject) => {
    webpack(config(undefined, { mode: 'production' }), (error, result) => {
      if (error) return reject(error);
      if (!result || result.hasErrors()) {
        return reject(new Error(result?.toString({ all: false, errors: true }) ?? 'webpack failed'));
      }
      resolve(result);
    });
  });
  prerenderLanding();
  return stats;
}

export async function ensureWebBuild(log: (line: string) => void = console.log): Promise<void> {
  if (isWebBuildFresh()) return;
  log('Building the web app (dist/web)…');
  const started = Date.now();
  await buildWeb();
  log(`Built the web app in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}
