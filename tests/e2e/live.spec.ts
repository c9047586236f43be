import type { Page, Request } from '@playwright/test';
import { newAccount, register } from './accounts';
import {
  BAKERY_AGENT,
  businessMessage,
  conversationRow,
  customerSays,
  HANDBOOK,
  HANDOVER_MESSAGE,
  openButton,
  openCustomerPhone,
  openInbox,
  OPENING_HOURS,
  openShop,
  POLL_PATIENCE,
  REPLY_PATIENCE,
  SOURDOUGH,
} from './exchange';
import { expect, test } from './fixtures';
import { connectThroughSandbox } from './whatsapp';

/** Live events reach the screen in well under a second; a poll would take up to three. */
const LIVE = { timeout: 1_000 };
/** SPEC's poll interval, and a little more. */
const LONGER_THAN_A_POLL_MS = 4_000;

/** Counts the page's requests for the conversation list from now on. */
function listRequests(page: Page): () => number {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/v1/messages/conversations') seen.push(request);
  });
  return () => seen.length;
}

function bell(page: Page) {
  return page.getByRole('button', { name: /^Notifications\b/ });
}

test('with the event stream open the inbox polls on no timer, and a customer’s message shows within a second', async ({
  page,
}) => {
  const stream = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/v1/events');
  await register(page, newAccount());
  const businessNumber = await connectThroughSandbox(page);
  await stream;
  const lists = listRequests(page);
  await openInbox(page);
  await expect(page.getByText('No conversations yet')).toBeVisible(POLL_PATIENCE);
  const loaded = lists();
  expect(loaded).toBeGreaterThan(0);
  await page.waitForTimeout(LONGER_THAN_A_POLL_MS);
  expect(lists()).toBe(loaded);

  const phone = await openCustomerPhone(page, businessNumber, { name: 'Ada Lovelace' });
  await customerSays(phone, 'Is the shop open today?');
  await page.bringToFront();
  await expect(conversationRow(page, 'Ada Lovelace')).toBeVisible(LIVE);
});

test('after a reply by hand, a request for a person raises Needs you and the bell at once, and is acknowledged', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const customer = 'Tomás Ruiz';
  const businessNumber = await openShop(page, request, BAKERY_AGENT, HANDBOOK);
  await openInbox(page);
  const phone = await openCustomerPhone(page, businessNumber, { name: customer });
  await customerSays(phone, 'When does the Harbor Bakery open on Sundays?');
  await expect(businessMessage(phone, OPENING_HOURS)).toHaveCount(1, REPLY_PATIENCE);

  // The owner answers by hand: the header then says so, and the AI is paused for this customer.
  await page.bringToFront();
  const row = conversationRow(page, customer);
  await openButton(row).click();
  const chat = page.getByRole('region', { name: 'Chat' });
  await expect(chat.getByText('AI answering', { exact: true })).toBeVisible();
  const composer = chat.getByRole('textbox', { name: 'Message' });
  await composer.fill('Hi Tomás, Sam here: anything else?');
  await composer.press('Enter');
  await expect(chat.getByText('You’re answering', { exact: true })).toBeVisible(REPLY_PATIENCE);

  // The customer asks for a person: Needs you and the bell arrive by push, long before a 15 s poll.
  await customerSays(phone, 'Can I talk to a real person please?');
  await expect(businessMessage(phone, HANDOVER_MESSAGE)).toHaveCount(1, REPLY_PATIENCE);
  await page.bringToFront();
  await expect(chat.getByText('Needs you', { exact: true })).toBeVisible({ timeout: 3_000 });
  await expect(row.getByText('Needs you', { exact: true })).toBeVisible({ timeout: 3_000 });
  await expect(bell(page)).toHaveAccessibleName('Notifications: 1 open hand-over', { timeout: 3_000 });

  // Hand back: the AI answers the next question.
  await chat.getByRole('button', { name: 'Hand back to AI' }).click();
  await expect(chat.getByText('AI answering', { exact: true })).toBeVisible();
  await customerSays(phone, 'What time do the sourdough loaves come out of the oven?');
  await expect(businessMessage(phone, SOURDOUGH)).toHaveCount(1, REPLY_PATIENCE);
  await expect(businessMessage(phone, HANDOVER_MESSAGE)).toHaveCount(1);
});
