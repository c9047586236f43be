import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  BAKERY_AGENT,
  businessMessage,
  conversationRow,
  customerSays,
  HANDBOOK,
  openButton,
  openCustomerPhone,
  openInbox,
  openShop,
  OPENING_HOURS,
  REPLY_PATIENCE,
} from './exchange';

const CUSTOMER = 'Mara Quinn';
const USERNAME = '@maraq';
const QUESTION = 'When does the Harbor Bakery open on Sundays?';
const MANUAL_ANSWER = 'Hi Mara, Sam here: see you on Sunday!';

/**
 * Watches the phone's "typing…" line: whether it showed, and whether the answer was already on
 * screen when it first did (a real phone shows typing, then the answer).
 */
async function watchTyping(phone: Page, answer: string) {
  await phone.evaluate((text) => {
    const typing = document.getElementById('typing')!;
    const seen = window as unknown as { typingShown?: 'before' | 'after' };
    new MutationObserver(() => {
      if (typing.hidden || seen.typingShown) return;
      const answered = [...document.querySelectorAll('[data-testid="message"]')].some((node) =>
        node.textContent?.includes(text),
      );
      seen.typingShown = answered ? 'after' : 'before';
    }).observe(typing, { attributes: true, attributeFilter: ['hidden'] });
  }, answer);
  return () => phone.evaluate(() => (window as unknown as { typingShown?: string }).typingShown ?? 'never');
}

test('a customer with a username and no number is answered by the AI, then by the owner, and reacts', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const businessNumber = await openShop(page, request, BAKERY_AGENT, HANDBOOK);
  await openInbox(page);

  // The customer hides their number behind a username: the webhook carries their BSUID and no number.
  const phone = await openCustomerPhone(page, businessNumber, { name: CUSTOMER });
  await phone.getByLabel('Hide my number behind a username (optional)').fill(USERNAME);
  const typingShown = await watchTyping(phone, OPENING_HOURS);
  await customerSays(phone, QUESTION);

  // The AI answers them: the phone shows "typing…", then the answer, as one message.
  const answer = businessMessage(phone, OPENING_HOURS);
  await expect(answer).toHaveCount(1, REPLY_PATIENCE);
  await expect(answer).toHaveAttribute('data-from', 'business');
  expect(await typingShown()).toBe('before');
  await expect(phone.locator('#typing')).toBeHidden();

  // The owner finds them by their username, never as a made-up number, and answers by hand.
  await page.bringToFront();
  const row = conversationRow(page, USERNAME);
  await expect(row).toHaveCount(1, REPLY_PATIENCE);
  await expect(row).not.toContainText('+');
  await openButton(row).click();
  const chat = page.getByRole('region', { name: 'Chat' });
  await expect(chat.getByRole('heading', { name: USERNAME })).toBeVisible();
  await expect(chat.getByRole('article', { name: 'Sent message' }).filter({ hasText: OPENING_HOURS })).toHaveCount(1);
  // The owner reacts to the question from its menu: the phone shows the business's 👍 on it.
  const question = chat.getByRole('article', { name: 'Received message' }).filter({ hasText: QUESTION });
  await question.getByRole('button', { name: 'Message actions' }).click();
  await page.getByRole('group', { name: 'React' }).getByRole('button', { name: 'React 👍' }).click();
  await expect(question.getByText('👍')).toBeVisible();
  const asked = phone.locator('[data-testid="message"][data-from="customer"]').filter({ hasText: QUESTION });
  await expect(asked.getByTestId('reactions').locator('[data-from="business"]')).toHaveText('👍', REPLY_PATIENCE);

  const composer = chat.getByRole('textbox', { name: 'Message' });
  await composer.fill(MANUAL_ANSWER);
  await composer.press('Enter');
  const manual = chat.getByRole('article', { name: 'Sent message' }).filter({ hasText: MANUAL_ANSWER });
  await expect(manual).toHaveCount(1);

  // The customer's phone has it.
  await phone.bringToFront();
  const received = businessMessage(phone, MANUAL_ANSWER);
  await expect(received).toHaveCount(1, REPLY_PATIENCE);
  await expect(received).toHaveAttribute('data-from', 'business');

  // The customer reacts to it, and the owner sees the ❤️ on their message.
  await received.getByRole('button', { name: 'Add a reaction' }).click();
  await phone.getByRole('group', { name: 'Pick a reaction' }).getByRole('button', { name: '❤️' }).click();
  await expect(received.getByTestId('reactions').locator('[data-from="customer"]')).toHaveText('❤️');
  await page.bringToFront();
  await expect(manual.getByText('❤️')).toBeVisible(REPLY_PATIENCE);
});
