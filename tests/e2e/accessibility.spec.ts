import type { Browser, Page } from '@playwright/test';
import {
  audit,
  CUSTOMER_WINDOW_CLOSED,
  CUSTOMER_WINDOW_OPEN,
  FAILED_MESSAGE,
  focusRingOfActiveElement,
  headingJumps,
  setUpOwnerWithData,
  TEMPLATES,
  withFailedMessage,
  type Finding,
  type Owner,
} from './a11y';
import { conversationRow, openButton } from './exchange';
import { expect, test } from './fixtures';

/**
 * Every route of src/routes.tsx, signed out and signed in with something on every page, and both sandbox
 * pages (the customer phone, the signup popup), in both themes, on a desktop and a phone: axe-core (WCAG
 * 2.0, 2.1 and 2.2, A and AA) finds no serious or critical violation, the page has its own document
 * title and one h1, its heading levels never skip one, and it never scrolls sideways. A last pass checks
 * the narrowest width (360 px); the keyboard checks close: the skip link, the focus ring, Reply.
 */

interface Stop {
  path: string;
  /** What makes the page show what it is for, once it loaded. */
  ready?: (page: Page) => Promise<void>;
  /** The name in the findings, when `path` alone does not say it. */
  name?: string;
}

const SIGNED_OUT_ROUTES: Stop[] = [
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
].map((path) => ({ path }));

async function openConversation(page: Page, name: string) {
  await openButton(conversationRow(page, name)).click();
  await expect(page.getByRole('region', { name: 'Chat' }).getByRole('article').first()).toBeVisible();
}

const SIGNED_IN_ROUTES = (agentPath: string): Stop[] => [
  { path: '/onboarding' },
  { path: '/dashboard', ready: (page) => expect(page.getByText(CUSTOMER_WINDOW_CLOSED).first()).toBeVisible() },
  { path: '/messages', ready: (page) => expect(conversationRow(page, CUSTOMER_WINDOW_CLOSED)).toBeVisible() },
  {
    path: '/messages',
    name: '/messages, a conversation open: received, sent by the agent, failed, the window closed',
    ready: async (page) => {
      await openConversation(page, CUSTOMER_WINDOW_CLOSED);
      await expect(page.getByText('Window closed: templates only')).toBeVisible();
      await expect(page.getByText(FAILED_MESSAGE.reason)).toBeVisible();
    },
  },
  {
    path: '/messages',
    name: '/messages, a conversation open with the composer',
    ready: async (page) => {
      await openConversation(page, CUSTOMER_WINDOW_OPEN);
      await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible();
    },
  },
  {
    path: '/templates',
    ready: (page) => expect(page.getByRole('listitem', { name: TEMPLATES.rejected.name })).toContainText('Rejected'),
  },
  {
    path: '/analytics',
    // A chart with data offers its figures as a table.
    ready: (page) => expect(page.getByRole('button', { name: 'Show table' }).first()).toBeVisible(),
  },
  { path: '/whatsapp' },
  { path: '/account-settings' },
  { path: '/help' },
  { path: '/agents' },
  { path: '/agents/new' },
  { path: agentPath },
  { path: `${agentPath}?tab=contexts` },
  {
    path: `${agentPath}?tab=graph`,
    // The handbook's entities, drawn (React Flow's nodes).
    ready: (page) => expect(page.getByTestId('agent-graph').locator('.react-flow__node').first()).toBeVisible(),
  },
  { path: `${agentPath}/edit` },
  { path: `${agentPath}/upload` },
  { path: `${agentPath}/no-such-action` },
  {
    path: '/sandbox/phone',
    ready: (page) => expect(page.getByTestId('message').first()).toBeVisible(),
  },
  { path: '/sandbox/signup' },
];

const VIEWPORTS = {
  desktop: { width: 1280, height: 860 },
  phone: { width: 390, height: 844 },
} as const;
const NARROWEST = { width: 360, height: 740 };

const THEMES = ['light', 'dark'] as const;
const SETTLE_MS = 300;

let owner: Owner;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser, baseURL }) => {
  test.setTimeout(240_000);
  owner = await setUpOwnerWithData(browser, baseURL);
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
  if (options.signedIn) await withFailedMessage(context);
  return context;
}

/** Opens the stop's page and waits until it, not a loader, shows what it is for. */
async function visit(page: Page, stop: Stop) {
  await page.goto(stop.path);
  await expect(page.locator('h1')).toHaveCount(1);
  await expect(page.locator('h1')).toBeVisible();
  await expect(page.getByText('Loading...', { exact: true })).toHaveCount(0);
  await stop.ready?.(page);
  // The first answers of the API settle (never 'networkidle': the signed-in shell keeps a live stream open).
  await page.waitForTimeout(SETTLE_MS);
}

/** How far the page reaches beyond the window, sideways (0 when it does not scroll). */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

for (const theme of THEMES) {
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    test(`every route and sandbox page passes axe, has its own title, one h1 and no skipped heading level, and fits the window: ${theme}, ${size}`, async ({
      browser,
      baseURL,
    }) => {
      test.setTimeout(300_000);
      const findings: Finding[] = [];
      const jumps: string[] = [];
      const overflowing: string[] = [];
      const titles = new Map<string, string>();
      for (const signedIn of [false, true]) {
        const context = await openContext(browser, baseURL, { theme, viewport, signedIn });
        const page = await context.newPage();
        for (const stop of signedIn ? SIGNED_IN_ROUTES(owner.agentPath) : SIGNED_OUT_ROUTES) {
          const name = stop.name ?? stop.path;
          await visit(page, stop);
          titles.set(stop.path, await page.title());
          const overflow = await sidewaysOverflow(page);
          if (overflow > 0) overflowing.push(`${name}: ${overflow}px`);
          findings.push(...(await audit(page, name)));
          jumps.push(...(await headingJumps(page, name)));
        }
        await context.close();
      }
      expect(findings, JSON.stringify(findings, null, 2)).toEqual([]);
      expect(jumps).toEqual([]);
      expect(overflowing).toEqual([]);
      // Each page names itself; a route's variants (a query, a tab, an open conversation) share their page's title.
      const titleOfPath = new Map([...titles].map(([path, title]) => [path.split('?')[0], title]));
      expect([...titleOfPath.values()].filter((title) => title.trim() === '')).toEqual([]);
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
    for (const stop of signedIn ? SIGNED_IN_ROUTES(owner.agentPath) : SIGNED_OUT_ROUTES) {
      await visit(page, stop);
      const overflow = await sidewaysOverflow(page);
      if (overflow > 0) overflowing.push(`${stop.name ?? stop.path}: ${overflow}px`);
    }
    await context.close();
  }
  expect(overflowing).toEqual([]);
});

/** Presses Tab until the focused element matches `selector`; fails after `limit` presses. */
async function tabTo(page: Page, selector: string, limit = 25) {
  for (let presses = 0; presses < limit; presses++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((selector) => document.activeElement?.matches(selector) ?? false, selector)) return;
  }
  throw new Error(`${selector} was not reached in ${limit} presses of Tab`);
}

async function expectFocusRing(page: Page, what: string) {
  const ring = await focusRingOfActiveElement(page);
  expect(ring.style, what).toBe('solid');
  expect(ring.widthPx, what).toBeGreaterThanOrEqual(2);
  expect(ring.contrast, what).toBeGreaterThanOrEqual(3);
}

for (const theme of THEMES) {
  test(`the keyboard: the skip link comes first, focus rings show, and Reply leads to the composer: ${theme}`, async ({
    browser,
    baseURL,
  }) => {
    const context = await openContext(browser, baseURL, { theme, viewport: VIEWPORTS.desktop, signedIn: true });
    const page = await context.newPage();
    await visit(page, SIGNED_IN_ROUTES(owner.agentPath)[2]);

    // The first tab stop shows itself and skips the 13 of the sidebar and the header.
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await expectFocusRing(page, 'the skip link');
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.querySelector('main')!.contains(document.activeElement))).toBe(true);

    // Rings on a list item of the sidebar and an icon button of the header.
    await skip.focus();
    await tabTo(page, 'nav[aria-label="Main"] a[href="/templates"]');
    await expectFocusRing(page, 'a sidebar link');
    await tabTo(page, 'button[aria-label="Toggle dark mode"]');
    await expectFocusRing(page, 'an icon button');

    // Reply from the keyboard, in a conversation whose window is open: the composer has focus, not the ⋮.
    await openConversation(page, CUSTOMER_WINDOW_OPEN);
    const chat = page.getByRole('region', { name: 'Chat' });
    const received = chat.getByRole('article', { name: 'Received message' }).first();
    await received.getByRole('button', { name: 'Message actions' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Reply' }).focus();
    await page.keyboard.press('Enter');
    const composer = chat.getByRole('textbox', { name: 'Message' });
    await expect(composer).toBeFocused();
    await expect(page.getByRole('menu')).toHaveCount(0);
    await expect(composer).toBeFocused();

    // Cancelling the reply leaves focus there too.
    await chat.getByRole('button', { name: 'Cancel reply' }).focus();
    await expectFocusRing(page, 'the reply bar’s close button');
    await page.keyboard.press('Enter');
    await expect(composer).toBeFocused();
    await context.close();
  });
}
