import AxeBuilder from '@axe-core/playwright';
import {
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test';
import { newAccount, ownerToken } from './accounts';
import { createActiveAgent, expectDocumentsReady, registerVerified, uploadDocuments } from './agents';
import {
  BAKERY_AGENT,
  businessMessage,
  conversationRow,
  customerSays,
  HANDBOOK,
  OPENING_HOURS,
  openButton,
  openCustomerPhone,
  openInbox,
  POLL_PATIENCE,
  REPLY_PATIENCE,
} from './exchange';
import { connectThroughSandbox } from './whatsapp';

/**
 * What the accessibility spec audits with: one owner whose pages all have something to show (a connected
 * number, an agent with a document, two conversations, templates approved and rejected), and the checks
 * it runs on each page: axe, heading levels, the focus ring.
 */

/** The sandbox reviews a template after SANDBOX_TEMPLATE_REVIEW_MS (5 s), then tells us by webhook. */
const REVIEW_PATIENCE = { timeout: 30_000 };

/** Her window closes (a day passes): her conversation shows the closed-window chip and the template button. */
export const CUSTOMER_WINDOW_CLOSED = 'Priya Raman';
/** His window stays open: his conversation has the composer. */
export const CUSTOMER_WINDOW_OPEN = 'Tomás Ortega';
export const TEMPLATES = {
  approved: { name: 'loaf_ready', body: 'Hello {{1}}, your sourdough loaf is ready for pickup.' },
  // The sandbox's review, like Meta's, rejects a body that starts with a variable.
  rejected: { name: 'bare_greeting', body: '{{1}}, thanks for your order.' },
};
/** A failed message, as the inbox shows one that WhatsApp refused; the sandbox makes none for free text. */
export const FAILED_MESSAGE = {
  body: 'Your order is packed and waiting at the counter.',
  reason: 'WhatsApp did not deliver this message.',
};

export interface Owner {
  storageState: BrowserContextOptions['storageState'];
  agentPath: string;
}

const randomDigits = (count: number) => String(Math.floor(Math.random() * 10 ** count)).padStart(count, '0');

async function submitTemplates(request: APIRequestContext, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  for (const template of Object.values(TEMPLATES)) {
    const response = await request.post('/api/v1/templates', {
      headers,
      data: { ...template, language: 'en_US', category: 'UTILITY' },
    });
    expect(response.status(), await response.text()).toBe(201);
  }
  return async function expectReviewed() {
    await expect
      .poll(async () => {
        const listed = (await (await request.get('/api/v1/templates', { headers })).json()) as Array<{
          status: string;
        }>;
        return listed.map((template) => template.status).sort();
      }, REVIEW_PATIENCE)
      .toEqual(['APPROVED', 'REJECTED']);
  };
}

/**
 * A verified owner with a connected sandbox number, an active agent that knows the bakery's handbook,
 * two templates, and two customers: one answered by the agent whose 24-hour window then closes, one
 * whose window is open. The customer phone's own state (its token, number and name) is kept with the
 * owner's, so that the phone page shows the first customer's thread.
 */
export async function setUpOwnerWithData(browser: Browser, baseURL: string | undefined): Promise<Owner> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await registerVerified(page, context.request, newAccount());
  const businessNumber = await connectThroughSandbox(page);
  const token = await ownerToken(page);
  const expectReviewed = await submitTemplates(context.request, token);
  const agentUrl = await createActiveAgent(page, BAKERY_AGENT);
  await uploadDocuments(page, agentUrl, [
    { name: HANDBOOK.name, mimeType: 'text/plain', buffer: Buffer.from(HANDBOOK.text, 'utf8') },
  ]);
  await expectDocumentsReady(page, [HANDBOOK.name]);

  await openInbox(page);
  const phone = await openCustomerPhone(page, businessNumber, { name: CUSTOMER_WINDOW_OPEN });
  await customerSays(phone, 'Hello, is anyone there today?');
  await phone.getByLabel('Your name').fill(CUSTOMER_WINDOW_CLOSED);
  // A number of her own for each set-up: the sandbox gives a number to the first browser that texts from it.
  const herNumber = `+1 555 ${randomDigits(3)} ${randomDigits(4)}`;
  await phone.getByLabel('Your phone number').fill(herNumber);
  await customerSays(phone, 'When does the Harbor Bakery open in the morning?');
  await expect(businessMessage(phone, OPENING_HOURS)).toHaveCount(1, REPLY_PATIENCE);

  // A day passes for her (the sandbox moves her messages back 25 h): only templates may reach her now.
  const herWaId = herNumber.replace(/\D/g, '');
  const dayPassed = await context.request.post(`/api/v1/sandbox/conversations/${herWaId}@c.us/day-passed`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(dayPassed.status(), await dayPassed.text()).toBe(200);
  await page.bringToFront();
  await openButton(conversationRow(page, CUSTOMER_WINDOW_CLOSED)).click();
  await expect(page.getByText('Window closed: templates only')).toBeVisible(POLL_PATIENCE);
  await expectReviewed();

  const owner = { storageState: await context.storageState(), agentPath: new URL(agentUrl).pathname };
  await context.close();
  return owner;
}

/**
 * Shows the conversation's last message from us once more, as failed: what the inbox shows when WhatsApp
 * refused one (its reason under it). The server's answer is changed on its way to the page.
 */
export async function withFailedMessage(context: BrowserContext) {
  await context.route(/\/api\/v1\/messages\/conversations\/[^/?]+(\?.*)?$/, async (route) => {
    const response = await route.fetch();
    const messages = (await response.json()) as Array<Record<string, unknown>>;
    const ours = messages.filter((message) => message.is_from_us).at(-1);
    if (!ours) return route.fulfill({ response, json: messages });
    const failed = {
      ...ours,
      id: `failed.${String(ours.id)}`,
      body: FAILED_MESSAGE.body,
      status: 'failed',
      status_reason: FAILED_MESSAGE.reason,
      sender: 'human',
      sources: undefined,
      pricing: null,
      reactions: [],
    };
    return route.fulfill({ response, json: [...messages, failed] });
  });
}

export interface Finding {
  route: string;
  rule: string;
  impact: string;
  targets: string[];
  /** The first offending element and why, as axe says it. */
  first: string;
}

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const FAILING_IMPACTS = new Set(['serious', 'critical']);

/** axe-core's serious and critical findings on the page as it is now. */
export async function audit(page: Page, route: string): Promise<Finding[]> {
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  return results.violations
    .filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ''))
    .map((violation) => ({
      route,
      rule: `${violation.id}: ${violation.help}`,
      impact: violation.impact ?? '',
      targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
      first: `${violation.nodes[0]?.html.slice(0, 200)} ${violation.nodes[0]?.failureSummary ?? ''}`,
    }));
}

/**
 * Where the page's visible headings, in document order, go down more than one level at once (h1 → h3):
 * axe's 'heading-order' is only a moderate finding, so it is checked here. Going back up is fine.
 */
export function headingJumps(page: Page, route: string): Promise<string[]> {
  return page.evaluate((route) => {
    const headings = [...document.querySelectorAll<HTMLElement>('h1, h2, h3, h4, h5, h6, [role="heading"]')].filter(
      (heading) => heading.getClientRects().length > 0 && !heading.closest('[aria-hidden="true"]'),
    );
    const jumps: string[] = [];
    let previous = 0;
    for (const heading of headings) {
      const level = Number(heading.getAttribute('aria-level') ?? heading.tagName.slice(1));
      if (previous > 0 && level > previous + 1) {
        jumps.push(`${route}: h${previous} → h${level} "${heading.textContent?.trim().slice(0, 40)}"`);
      }
      previous = level;
    }
    return jumps;
  }, route);
}

export interface FocusRing {
  style: string;
  widthPx: number;
  /** The ring's contrast with the nearest background behind the element. */
  contrast: number;
}

/** The outline the focused element draws, and its contrast with what is behind it (WCAG's formula). */
export function focusRingOfActiveElement(page: Page): Promise<FocusRing> {
  return page.evaluate(() => {
    const channels = (color: string) => (color.match(/[\d.]+/g) ?? []).map(Number);
    const luminance = ([r, g, b]: number[]) => {
      const linear = (value: number) => {
        const c = value / 255;
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
    };
    const element = document.activeElement as HTMLElement;
    const style = getComputedStyle(element);
    // The ring lies outside the element: behind it are its parents' backgrounds, see-through ones over the
    // first opaque one (white when none is), composited as the browser paints them.
    const layers: number[][] = [];
    for (let behind = element.parentElement; behind; behind = behind.parentElement) {
      const [r, g, b, alpha = 1] = channels(getComputedStyle(behind).backgroundColor);
      if (alpha > 0) layers.push([r, g, b, alpha]);
      if (alpha === 1) break;
    }
    const background = layers
      .reverse()
      .reduce(
        (under, [r, g, b, alpha]) => [r, g, b].map((value, i) => value * alpha + under[i] * (1 - alpha)),
        [255, 255, 255],
      );
    const [lighter, darker] = [luminance(channels(style.outlineColor)), luminance(background)].sort((a, b) => b - a);
    return {
      style: style.outlineStyle,
      widthPx: parseFloat(style.outlineWidth),
      contrast: (lighter + 0.05) / (darker + 0.05),
    };
  });
}
