import type { Locator, Page } from '@playwright/test';
import { newAccount } from './accounts';
import { createActiveAgent, registerVerified } from './agents';
import {
  BAKERY_AGENT,
  businessMessage,
  conversationRow,
  customerSays,
  HANDOVER_MESSAGE,
  openButton,
  openCustomerPhone,
  POLL_PATIENCE,
  REPLY_PATIENCE,
} from './exchange';
import { expect, test } from './fixtures';
import { solidPng } from './media-files';
import { connectThroughSandbox } from './whatsapp';

/** The owner's phone (an iPhone 14's viewport), and a laptop's. */
const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 860 };
/** Live events reach the screen in well under a second. */
const LIVE = { timeout: 1_000 };

/** Every signed-in page of the sidebar and the name its header shows (src/routes.tsx). */
const SIGNED_IN_PAGES: Array<[string, string]> = [
  ['/dashboard', 'Dashboard'],
  ['/messages', 'Messages'],
  ['/agents', 'Agents'],
  ['/templates', 'Templates'],
  ['/whatsapp', 'WhatsApp'],
  ['/analytics', 'Analytics'],
  ['/account-settings', 'Account Settings'],
  ['/help', 'Help & Support'],
];

interface ShownNotification {
  title: string;
  body: string;
}

declare global {
  interface Window {
    shownNotifications: ShownNotification[];
  }
}

/** Records every desktop notification the page constructs, then shows it as the browser would. */
async function recordNotifications(page: Page) {
  await page.context().grantPermissions(['notifications']);
  await page.addInitScript(() => {
    window.shownNotifications = [];
    const Original = window.Notification;
    class Recorded extends Original {
      constructor(title: string, options?: NotificationOptions) {
        window.shownNotifications.push({ title, body: options?.body ?? '' });
        super(title, options);
      }
    }
    Object.defineProperty(window, 'Notification', { value: Recorded, configurable: true, writable: true });
  });
}

const notifications = (page: Page) => page.evaluate(() => window.shownNotifications);

/** Loads `path` and waits for its live stream, opened at sign-in. */
async function openWithStream(page: Page, path: string) {
  const stream = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/v1/events');
  await page.goto(path);
  await stream;
}

/** The element's text fits its box: no ellipsis, nothing cut. */
async function expectWhole(element: Locator, text: string) {
  await expect(element).toHaveText(text);
  const fits = await element.evaluate((node) => node.scrollWidth <= node.clientWidth);
  expect(fits, `"${text}" fits its box`).toBe(true);
}

test('at 390 px a hand-over on /dashboard and a new customer on /agents ring the bell, count in the title and notify who and what', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  await recordNotifications(page);
  await registerVerified(page, request, newAccount());
  const businessNumber = await connectThroughSandbox(page);
  await createActiveAgent(page, BAKERY_AGENT);

  await page.setViewportSize(PHONE);
  await openWithStream(page, '/dashboard');
  await page.getByRole('button', { name: 'Notify me' }).click();
  await page.getByRole('menuitem', { name: 'Turn on desktop notifications' }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Notify me' }).click();
  await expect(page.getByRole('menuitem', { name: 'Desktop notifications: on' })).toBeVisible();
  await page.keyboard.press('Escape');

  // A customer asks for a person: after the reply's debounce the AI hands over and acknowledges it.
  const asking = await openCustomerPhone(page, businessNumber, { name: 'Lena Fischer' });
  await customerSays(asking, 'Can I talk to a person about a wedding cake please?');
  await expect(businessMessage(asking, HANDOVER_MESSAGE)).toHaveCount(1, REPLY_PATIENCE);
  await page.bringToFront();
  await expect(page.getByTestId('handover-count')).toHaveText('1', LIVE);
  await expect(page).toHaveTitle(/^\(1\) /, LIVE);
  await expect
    .poll(() => notifications(page), LIVE)
    .toContainEqual({
      title: 'Lena Fischer needs you',
      body: 'Can I talk to a person about a wedding cake please?',
    });

  // A new customer writes while the owner is on /agents.
  await openWithStream(page, '/agents');
  // A number of their own: the phone otherwise keeps the one this browser already used (Lena's).
  const newcomer = await openCustomerPhone(page, businessNumber, { name: 'Tom Baker', phoneNumber: '+1 555 310 5517' });
  await customerSays(newcomer, 'Do you bake gluten-free bread?');
  await expect
    .poll(() => notifications(page), LIVE)
    .toContainEqual({ title: 'New conversation: Tom Baker', body: 'Do you bake gluten-free bread?' });
  await expect(page).toHaveTitle(/^\(2\) /, LIVE);
});

test('at 390 px every page name shows whole in the header, and a chat header names the customer whole', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await registerVerified(page, request, newAccount());
  const businessNumber = await connectThroughSandbox(page);
  const phone = await openCustomerPhone(page, businessNumber, { name: 'Lena Fischer' });
  await customerSays(phone, 'Hello, is the shop open on Sunday?');

  await page.bringToFront();
  await page.setViewportSize(PHONE);
  for (const [path, name] of SIGNED_IN_PAGES) {
    await page.goto(path);
    await expectWhole(page.getByTestId('page-name'), name);
  }

  // /messages on a phone: the list first; the chat header names the customer on a row of their own.
  // The list's filters each on one line.
  await page.goto('/messages');
  for (const name of ['Needs you', 'Unread', 'All']) {
    const tab = page.getByRole('tab', { name, exact: true });
    await expect(tab).toBeVisible();
    expect((await tab.boundingBox())!.height, `the ${name} tab on one line`).toBeLessThan(50);
  }
  const row = conversationRow(page, 'Lena Fischer');
  await expect(row).toBeVisible(POLL_PATIENCE);
  await expectWhole(row.getByText('Lena Fischer', { exact: true }), 'Lena Fischer');
  await openButton(row).click();
  const chat = page.getByRole('region', { name: 'Chat' });
  await expectWhole(chat.getByRole('heading', { name: 'Lena Fischer' }), 'Lena Fischer');
  await expect(chat.getByRole('button', { name: 'Conversation actions' })).toBeVisible();
});

/** The customer phone sends a photo and waits until our webhook took it. */
async function customerSendsPhoto(phone: Page, name: string) {
  await phone.bringToFront();
  await phone.getByLabel('Message').fill('');
  const before = await phone.getByTestId('message').count();
  await phone.locator('#attach-file').setInputFiles(solidPng(name, 600, [200, 140, 90]));
  const sent = phone.getByTestId('message').nth(before);
  await expect(sent.getByLabel(/^(Delivered|Read)$/)).toBeVisible(POLL_PATIENCE);
}

test('a conversation with photos opens at its newest message, on a phone and on a laptop', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await registerVerified(page, request, newAccount());
  const businessNumber = await connectThroughSandbox(page);
  const phone = await openCustomerPhone(page, businessNumber, { name: 'Priya Raman' });
  for (const index of [1, 2, 3, 4]) await customerSendsPhoto(phone, `cake-${index}.png`);
  const newest = 'Which of these can you make by Saturday?';
  await customerSays(phone, newest);
  await page.bringToFront();

  for (const size of [PHONE, LAPTOP]) {
    await page.setViewportSize(size);
    await page.goto('/messages');
    const row = conversationRow(page, 'Priya Raman');
    await expect(row).toBeVisible(POLL_PATIENCE);
    await openButton(row).click();
    const chat = page.getByRole('region', { name: 'Chat' });
    const photos = chat.getByRole('article', { name: 'Received message' }).getByRole('img');
    await expect(photos.last()).toHaveAttribute('src', /^blob:/, POLL_PATIENCE);
    await expect(chat.getByText(newest)).toBeInViewport();
  }
});
