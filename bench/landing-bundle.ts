import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { CHUNK_GROUPS_FILE, WEB_OUT_DIR } from '../webpack.config';
import { ensureWebBuild } from '../scripts/web-build';
import type { BenchResult } from './report';

const BUDGET_KB = 170;

/**
 * The script a browser fetches before the landing page shows: the entry chunks plus the lazily
 * loaded landing route (and the vendor chunks it shares), each counted once, gzipped at level 9.
 */
export async function landingBundle(): Promise<BenchResult[]> {
  await ensureWebBuild();
  const groups = JSON.parse(fs.readFileSync(path.join(WEB_OUT_DIR, CHUNK_GROUPS_FILE), 'utf8')) as Record<
    string,
    string[]
  >;
  const files = new Set([...(groups.main ?? []), ...(groups.landing ?? [])]);
  if (!groups.landing) throw new Error(`no 'landing' chunk group in ${CHUNK_GROUPS_FILE}`);
  const gzipBytes = [...files].reduce(
    (sum, file) => sum + zlib.gzipSync(fs.readFileSync(path.join(WEB_OUT_DIR, file)), { level: 9 }).length,
    0,
  );
  return [
    {
      name: 'landing page script, gzip',
      value: gzipBytes / 1024,
      unit: 'KB',
      budget: BUDGET_KB,
      better: 'lower',
      detail: `${files.size} files: entry + landing route`,
    },
  ];
}
