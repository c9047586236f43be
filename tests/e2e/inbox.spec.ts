import crypto from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { newAccount, register } from './accounts';
import {
  conversationRow,
  customerSays,
  messagesLink,
  openButton,
  openCustomerPhone,
  openInbox,
  POLL_PATIENCE,
} from './exchange';
import { expect, test } from './fixtures';
import { connectThroughSandbox, displayed } from './whatsapp';

/** The sandbox's id of the business number the owner connected, as the customer phone lists it. */
async function sandboxNumberId(request: APIRequestContext, businessNumber: string): Promise<string> {
  const response = await request.get('/sandbox/phone/numbers');
  expect(response.status()).toBe(200);
  const numbers = (await response.json()) as Array<{ phone_number_id: string; display_phone_number: string }>;
  const number = numbers.find((candidate) => candidate.display_phone_number === displayed(businessNumber));
  expect(number).toBeDefined();
  return number!.phone_number_id;
}

test('a customer writes from the sandbox phone; the owner sees it unread, answers quoting it, and it is read', async ({
  page,
}) => {
  const customer = 'Sheena Nelson';
  const hello = 'Hello! Do you have oat milk?';
  const answer = 'Hi Sheena, we do, every day.';

  await register(page, newAccount());
  const businessNumber = await connectThroughSandbox(page);
  await openInbox(page);
  await expect(page.getByText('No conversations yet')).toBeVisible(POLL_PATIENCE);
  await expect(page.getByText('Select a conversation')).toBeVisible();
  await expect(page.getByRole('separator', { name: 'Resize conversation list' })).toBeVisible();

  // The customer texts the business from the sandbox phone, opened from the header's chip in a new tab.
  const phone = await openCustomerPhone(page, businessNumber, { name: customer });
  await customerSays(phone, hello);

  // Within a few polls the owner's inbox lists it, unread, and the sidebar counts one unread conversation.
  await page.bringToFront();
  const row = conversationRow(page, customer);
  await expect(row).toBeVisible(POLL_PATIENCE);
  await expect(row).toContainText(hello);
  await expect(row).toHaveCount(1);
  await expect(row.getByLabel('1 unread')).toBeVisible();
  await expect(page.getByText('No conversations yet')).toHaveCount(0);
  await expect(messagesLink(page)).toHaveAccessibleName(/1 unread conversation\b/, POLL_PATIENCE);

  // Opening it shows the message and clears both badges.
  await openButton(row).click();
  const chat = page.getByRole('region', { name: 'Chat' });
  await expect(chat.getByRole('heading', { name: customer })).toBeVisible();
  const received = chat.getByRole('article', { name: 'Received message' }).filter({ hasText: hello });
  await expect(received).toBeVisible(POLL_PATIENCE);
  await expect(row.getByLabel('1 unread')).toHaveCount(0);
  await expect(messagesLink(page)).not.toHaveAccessibleName(/unread/);

  // Reply from the message's menu, then type and press Enter.
  await received.getByRole('button', { name: 'Message actions' }).click();
  await page.getByRole('menuitem', { name: 'Reply' }).click();
  await expect(chat.getByText(`Replying to: ${hello}...`, { exact: true })).toBeVisible();
  const composer = chat.getByRole('textbox', { name: 'Message' });
  await composer.fill(answer);
  await composer.press('Enter');
  const sent = chat.getByRole('article', { name: 'Sent message' }).filter({ hasText: answer });
  await expect(sent).toHaveCount(1, POLL_PATIENCE);
  await expect(sent.getByTestId('quoted-message')).toHaveText(hello);
  await expect(sent.getByText('You', { exact: true })).toBeVisible();
  await expect(composer).toHaveValue('');
  await expect(chat.getByText(/^Replying to: /)).toHaveCount(0);

  // The customer's phone shows the reply quoting their message; seeing it reads it.
  await phone.bringToFront();
  const reply = phone.getByTestId('message').filter({ hasText: answer });
  await expect(reply).toHaveAttribute('data-from', 'business', POLL_PATIENCE);
  await expect(reply).toHaveCount(1);
  const quoted = reply.getByTestId('quoted');
  await expect(quoted.getByText(hello, { exact: true })).toBeVisible();
  await expect(quoted.getByText('You', { exact: true })).toBeVisible();

  // The owner's ticks advance to read with the next polls.
  await page.bringToFront();
  await expect(sent.getByRole('img', { name: 'Read' })).toBeVisible(POLL_PATIENCE);
  await expect(chat.getByRole('article', { name: 'Sent message' })).toHaveCount(1);
  await expect(chat.getByRole('article', { name: 'Received message' })).toHaveCount(1);
});

test.describe('on a phone-sized screen', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('one pane at a time: the menu toggles list and chat, and picking a conversation closes the list', async ({
    page,
    request,
  }) => {
    const customer = 'Marco Diaz';
    const hello = 'Are you open on Sundays?';

    await register(page, newAccount());
    const businessNumber = await connectThroughSandbox(page);
    const sent = await request.post('/sandbox/phone/messages', {
      headers: { 'x-sandbox-customer-token': crypto.randomBytes(32).toString('base64url') },
      data: {
        phone_number_id: await sandboxNumberId(request, businessNumber),
        name: customer,
        phone_number: '+1 555 201 7788',
        text: hello,
      },
    });
    expect(sent.status()).toBe(201);

    await page.goto('/messages');
    await expect(page.getByRole('separator', { name: 'Resize conversation list' })).toHaveCount(0);
    const row = conversationRow(page, customer);
    await expect(row).toBeVisible(POLL_PATIENCE);
    await expect(row.getByLabel('1 unread')).toBeVisible();
    const toggle = page.getByRole('button', { name: /^Show (chat|conversations)$/ });
    await expect(toggle).toHaveAccessibleName('Show chat');
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('region', { name: 'Chat' })).toHaveCount(0);

    // Picking a conversation closes the list and shows the chat.
    await openButton(row).click();
    const chat = page.getByRole('region', { name: 'Chat' });
    await expect(chat.getByRole('heading', { name: customer })).toBeVisible();
    await expect(chat.getByRole('article', { name: 'Received message' }).filter({ hasText: hello })).toBeVisible(
      POLL_PATIENCE,
    );
    await expect(page.getByRole('region', { name: 'Conversation list' })).toHaveCount(0);
    await expect(toggle).toHaveAccessibleName('Show conversations');
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');

    // The menu toggle goes back to the list (read now) and to the chat again.
    await toggle.click();
    await expect(page.getByRole('region', { name: 'Conversation list' })).toBeVisible();
    await expect(chat).toHaveCount(0);
    await expect(row.getByLabel('1 unread')).toHaveCount(0);
    await toggle.click();
    await expect(chat.getByRole('heading', { name: customer })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Conversation list' })).toHaveCount(0);

    // Picking it from the list again closes the list once more.
    await toggle.click();
    await openButton(row).click();
    await expect(chat.getByRole('heading', { name: customer })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Conversation list' })).toHaveCount(0);
  });
});
