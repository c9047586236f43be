import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContextOptions, Page } from '@playwright/test';
import { newAccount } from './accounts';
import { createActiveAgent, registerVerified } from './agents';
import { expect, test } from './fixtures';

/**
 * Every route, signed out and signed in, in both themes, on a desktop and a phone: axe-core (WCAG 2.0,
 * 2.1 and 2.2, A and AA) finds no serious or critical violation, the page has its own document title
 * and one h1, and it never scrolls sideways. A last pass checks the narrowest width (360 px).
 */

const SIGNED_OUT_ROUTES = [
  '/',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/reset-password?token=not-a-real-token',
  '/verify-email',
  '/terms',
  '/privacy',
  '/no-such-page',
];

const SIGNED_IN_ROUTES = (agentPath: string) => [
  '/onboarding',
  '/dashboard',
  '/messages',
  '/analytics',
  '/whatsapp',
  '/account-settings',
  '/help',
  '/agents',
  '/agents/new',
  agentPath,
  `${agentPath}?tab=contexts`,
  `${agentPath}?tab=graph`,
  `${agentPath}/edit`,
  `${agentPath}/upload`,
  `${agentPath}/no-such-action`,
];

const VIEWPORTS = {
  desktop: { width: 1280, height: 860 },
  phone: { width: 390, height: 844 },
} as const;
const NARROWEST = { width: 360, height: 740 };

const THEMES = ['light', 'dark'] as const;
const SETTLE_MS = 400;
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const FAILING_IMPACTS = new Set(['serious', 'critical']);

const AGENT = {
  name: 'Harbour Bakery Helper',
  model: 'local/knowledge-base',
  description: 'Answers customers of the Harbour Bakery from its price list.',
  systemPrompt: 'You answer for the Harbour Bakery, only from its documents.',
  userPrompt: 'Answer briefly and kindly.',
  apiKey: 'not-needed-offline',
};

interface Owner {
  storageState: BrowserContextOptions['storageState'];
  agentPath: string;
}

let owner: Owner;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await registerVerified(page, context.request, newAccount());
  const agentUrl = await createActiveAgent(page, AGENT);
  owner = { storageState: await context.storageState(), agentPath: new URL(agentUrl).pathname };
  await context.close();
});

async function openContext(
  browser: Browser,
  baseURL: string | undefined,
  options: { theme: (typeof THEMES)[number]; viewport: { width: number; height: number }; signedIn: boolean },
) {
  const context = await browser.newContext({
    baseURL,
    viewport: options.viewport,
    colorScheme: options.theme,
    storageState: options.signedIn ? owner.storageState : undefined,
  });
  // The app keeps the owner's choice under 'theme' (SPEC.md §2).
  await context.addInitScript((theme) => window.localStorage.setItem('theme', theme), options.theme);
  return context;
}

/** Opens `path` and waits until its page, not a loader, shows. */
async function visit(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('h1')).toHaveCount(1);
  await expect(page.locator('h1')).toBeVisible();
  await expect(page.getByText('Loading...', { exact: true })).toHaveCount(0);
  // The first answers of the API settle (never 'networkidle': the signed-in shell keeps a live stream open).
  await page.waitForTimeout(SETTLE_MS);
}

/** How far the page reaches beyond the window, sideways (0 when it does not scroll). */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

interface Finding {
  route: string;
  rule: string;
  impact: string;
  targets: string[];
}

async function audit(page: Page, route: string): Promise<Finding[]> {
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  return results.violations
    .filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ''))
    .map((violation) => ({
      route,
      rule: `${violation.id}: ${violation.help}`,
      impact: violation.impact ?? '',
      targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
    }));
}

for (const theme of THEMES) {
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    test(`every route passes axe, has its own title and one h1, and fits the window: ${theme}, ${size}`, async ({
      browser,
      baseURL,
    }) => {
      test.setTimeout(300_000);
      const findings: Finding[] = [];
      const overflowing: string[] = [];
      const titles = new Map<string, string>();
      for (const signedIn of [false, true]) {
        const context = await openContext(browser, baseURL, { theme, viewport, signedIn });
        const page = await context.newPage();
        const routes = signedIn ? SIGNED_IN_ROUTES(owner.agentPath) : SIGNED_OUT_ROUTES;
        for (const route of routes) {
          await visit(page, route);
          titles.set(route, await page.title());
          const overflow = await sidewaysOverflow(page);
          if (overflow > 0) overflowing.push(`${route}: ${overflow}px`);
          findings.push(...(await audit(page, route)));
        }
        await context.close();
      }
      expect(findings, JSON.stringify(findings, null, 2)).toEqual([]);
      expect(overflowing).toEqual([]);
      // Each page names itself; a route's variants (a query, a tab) share their page's title.
      const titleOfPath = new Map([...titles].map(([route, title]) => [route.split('?')[0], title]));
      expect(new Set(titleOfPath.values()).size, JSON.stringify([...titleOfPath], null, 2)).toBe(titleOfPath.size);
    });
  }
}

test('no route scrolls sideways at 360 px', async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const overflowing: string[] = [];
  for (const signedIn of [false, true]) {
    const context = await openContext(browser, baseURL, { theme: 'light', viewport: NARROWEST, signedIn });
    const page = await context.newPage();
    for (const route of signedIn ? SIGNED_IN_ROUTES(owner.agentPath) : SIGNED_OUT_ROUTES) {
      await visit(page, route);
      const overflow = await sidewaysOverflow(page);
      if (overflow > 0) overflowing.push(`${route}: ${overflow}px`);
    }
    await context.close();
  }
  expect(overflowing).toEqual([]);
});
