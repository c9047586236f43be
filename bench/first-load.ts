import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, type Browser, type Page } from '@playwright/test';
import { WEB_OUT_DIR } from '../webpack.config';
import { ACCESS_TOKEN_KEY } from '../src/features/auth/session';
import { connectedOwner, injectApi, openBenchApp } from './owner';
import { percentile } from './report';

/** Lighthouse's mobile profile: a mid-range phone (CPU ×4 slower than this machine) on a slow 4G network. */
export const CPU_SLOWDOWN = 4;
export const NETWORK = { latencyMs: 150, downloadKbps: 1600, uploadKbps: 750 };
/** Each page is loaded this many times, each in a fresh browser context (an empty cache); the median counts. */
export const COLD_LOADS = 3;

export interface RouteLoad {
  path: string;
  /** Every script file the page fetched until the network went quiet, by its path in the build. */
  scripts: string[];
  /** Their size gzipped at level 9, as the landing bundle bench counts it. */
  gzipBytes: number;
}

export function gzipSize(file: string): number {
  return zlib.gzipSync(fs.readFileSync(path.join(WEB_OUT_DIR, file)), { level: 9 }).length;
}

/** Applies the mobile profile to the page, through the Chrome DevTools Protocol. */
async function throttle(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: NETWORK.latencyMs,
    downloadThroughput: (NETWORK.downloadKbps * 1000) / 8,
    uploadThroughput: (NETWORK.uploadKbps * 1000) / 8,
  });
}

/** The largest contentful paint of the page so far, in ms since navigation started. */
function readLcp(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve(entries[entries.length - 1].startTime);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
}

/** Opens `url` cold, optionally signed in with `token`; answers the scripts it fetched and, if asked, its LCP. */
async function coldLoad(browser: Browser, url: string, token: string | null, throttled: boolean) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
  if (token) {
    await context.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [ACCESS_TOKEN_KEY, token]);
  }
  const page = await context.newPage();
  // The live stream stays open from sign-in on, so the page would never be network-idle; it is no part
  // of a page's first load either (its script is, and is counted).
  await page.route('**/api/v1/events', (route) => route.abort());
  if (throttled) await throttle(page);
  const scripts = new Set<string>();
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.endsWith('.js')) scripts.add(pathname.slice(1));
  });
  try {
    await page.goto(url, { waitUntil: 'networkidle' });
    const lcp = throttled ? await readLcp(page) : Number.NaN;
    return { scripts: [...scripts].sort(), lcp, finalPath: new URL(page.url()).pathname };
  } finally {
    await context.close();
  }
}

/**
 * The real server (on a fresh embedded database) serving the production build on loopback, a
 * connected owner for the signed-in routes, and the system Chromium (never a downloaded one).
 */
export async function measureFirstLoads(publicPaths: string[], signedInPaths: string[]) {
  const bench = await openBenchApp('first-load', () => ({ webDir: WEB_OUT_DIR }));
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const origin = await bench.app.listen({ host: '127.0.0.1', port: 0 });
    const { token } = await connectedOwner(injectApi(bench.app), 'bench_first_load', 'Bench Cafe', '+1 555 010 0003');

    const lcps: number[] = [];
    for (let load = 0; load < COLD_LOADS; load++) {
      lcps.push((await coldLoad(browser, `${origin}/`, null, true)).lcp);
    }

    const routes: RouteLoad[] = [];
    for (const [paths, signedIn] of [
      [publicPaths, false],
      [signedInPaths, true],
    ] as const) {
      for (const routePath of paths) {
        const { scripts, finalPath } = await coldLoad(browser, `${origin}${routePath}`, signedIn ? token : null, false);
        // A route that sends the visitor elsewhere would measure the other page's script.
        if (finalPath !== routePath) throw new Error(`${routePath} ended on ${finalPath}`);
        routes.push({ path: routePath, scripts, gzipBytes: scripts.reduce((sum, file) => sum + gzipSize(file), 0) });
      }
    }
    return { lcpMs: percentile(lcps, 0.5), lcps, routes };
  } finally {
    await browser.close();
    await bench.close();
  }
}
