import fs from 'node:fs';
import path from 'node:path';
import { CHUNK_GROUPS_FILE, WEB_OUT_DIR } from '../webpack.config';
import { ensureWebBuild } from '../scripts/web-build';
import { COLD_LOADS, CPU_SLOWDOWN, gzipSize, measureFirstLoads, NETWORK } from './first-load';
import type { BenchResult } from './report';

const BUDGET_KB = 120;
const LCP_BUDGET_MS = 1500;
/** Other pages' first loads are reported, not budgeted: this ceiling only flags a page that balloons. */
const ROUTE_CEILING_KB = 400;

const PUBLIC_ROUTES = ['/login', '/register'];
const SIGNED_IN_ROUTES = ['/dashboard', '/messages', '/agents'];

/**
 * The script a browser fetches for the landing page: the entry's chunks, from which a first visit to
 * `/` renders it without the router (src/main.tsx), each counted once, gzipped at level 9.
 * Then, in Chromium on a throttled phone profile, the landing page's largest contentful paint and
 * the script each other main page fetches on a first visit.
 */
export async function landingBundle(): Promise<BenchResult[]> {
  await ensureWebBuild();
  const groups = JSON.parse(fs.readFileSync(path.join(WEB_OUT_DIR, CHUNK_GROUPS_FILE), 'utf8')) as Record<
    string,
    string[]
  >;
  if (!groups.main) throw new Error(`no 'main' chunk group in ${CHUNK_GROUPS_FILE}`);
  const files = new Set(groups.main);
  const gzipBytes = [...files].reduce((sum, file) => sum + gzipSize(file), 0);

  const { lcpMs, lcps, routes } = await measureFirstLoads(PUBLIC_ROUTES, SIGNED_IN_ROUTES);
  const profile = `CPU ×${CPU_SLOWDOWN}, ${NETWORK.latencyMs} ms RTT, ${NETWORK.downloadKbps / 1000} Mbit/s down`;
  return [
    {
      name: 'landing page script, gzip',
      value: gzipBytes / 1024,
      unit: 'KB',
      budget: BUDGET_KB,
      better: 'lower',
      detail: `${files.size} files: the entry, which renders the landing page`,
    },
    {
      name: 'landing page LCP, throttled phone',
      value: lcpMs,
      unit: 'ms',
      budget: LCP_BUDGET_MS,
      better: 'lower',
      detail: `median of ${COLD_LOADS} cold loads (${lcps.map((ms) => ms.toFixed(0)).join(', ')} ms); ${profile}`,
    },
    ...routes.map((route): BenchResult => ({
      name: `first load of ${route.path}, script gzip`,
      value: route.gzipBytes / 1024,
      unit: 'KB',
      budget: ROUTE_CEILING_KB,
      better: 'lower',
      detail: `${route.scripts.length} files fetched`,
    })),
  ];
}
