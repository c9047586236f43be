import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { PHRASES } from '../../server/services/replies/phrasing';
import {
  BAKERY_AGENT,
  businessMessage,
  CLOSED_ON_MONDAYS,
  conversationRow,
  customerSays,
  HANDBOOK,
  HANDOVER_MESSAGE,
  openCustomerPhone,
  openInbox,
  openShop,
  OPENING_HOURS,
  REPLY_PATIENCE,
  SOURDOUGH,
  UNANSWERED_REASON,
} from './exchange';

/** The bell asks for the open hand-overs every 15 s (src/features/inbox/handoverSaga.ts). */
const BELL_PATIENCE = { timeout: 40_000 };

const CUSTOMER = 'Priya Raman';
const FIRST_QUESTION = 'When does the Harbor Bakery open on Sundays?';
const ASK_FOR_PERSON = 'Can I talk to a real person?';
/** Asked while the owner answers: the document could answer it, the AI must not. */
const WHILE_PERSON_OWNS = 'Are you closed on Mondays?';
const MANUAL_ANSWER = 'Hi Priya, this is Sam from the bakery: yes, Mondays we are closed.';
const SECOND_QUESTION = 'What time do the sourdough loaves come out of the oven?';
/** Nothing in the handbook answers it. */
const UNANSWERED = 'Can I pay by credit card?';

function bell(page: Page): Locator {
  return page.getByRole('button', { name: /^Notifications\b/ });
}

test('the AI answers from a document, hands over when asked, the owner answers by hand and hands back', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  // The owner's active offline agent, with a handbook that knows the opening hours and the bread.
  const businessNumber = await openShop(page, request, BAKERY_AGENT, HANDBOOK);
  await openInbox(page);
  await expect(bell(page)).toHaveAccessibleName('Notifications');

  // The customer opens the sandbox phone from the header's chip and asks what the handbook answers.
  const phone = await openCustomerPhone(page, businessNumber, { name: CUSTOMER });
  await customerSays(phone, FIRST_QUESTION);

  // The AI's answer arrives as a reply to the question: the fact from the document, stated as it stands.
  const firstAnswer = businessMessage(phone, OPENING_HOURS);
  await expect(firstAnswer).toHaveCount(1, REPLY_PATIENCE);
  await expect(firstAnswer).toHaveAttribute('data-from', 'business');
  await expect(firstAnswer.getByText(OPENING_HOURS, { exact: true })).toBeVisible();
  await expect(firstAnswer.getByTestId('quoted').getByText(FIRST_QUESTION, { exact: true })).toBeVisible();

  // Asking for a person: the AI says one will answer, without quoting, and stops answering.
  await customerSays(phone, ASK_FOR_PERSON);
  const handover = businessMessage(phone, HANDOVER_MESSAGE);
  await expect(handover).toHaveCount(1, REPLY_PATIENCE);
  await expect(handover).toHaveAttribute('data-from', 'business');
  await expect(handover.getByTestId('quoted')).toHaveCount(0);
  await customerSays(phone, WHILE_PERSON_OWNS);

  // The owner sees 'Needs you' on the row and in the chat, the bell at 1, and the AI's answer with its sources.
  await page.bringToFront();
  const row = conversationRow(page, CUSTOMER);
  await expect(row.getByText('Needs you', { exact: true })).toBeVisible(REPLY_PATIENCE);
  await expect(bell(page)).toHaveAccessibleName('Notifications: 1 open hand-over', BELL_PATIENCE);
  await bell(page).click();
  const handovers = page.getByRole('menu', { name: 'Open hand-overs' });
  await expect(handovers.getByRole('menuitem')).toHaveCount(1);
  await expect(handovers.getByRole('menuitem')).toContainText(CUSTOMER);
  await expect(handovers.getByRole('menuitem')).toContainText('The customer asked for a person.');
  await handovers.getByRole('menuitem').click();
  const chat = page.getByRole('region', { name: 'Chat' });
  await expect(chat.getByRole('heading', { name: CUSTOMER })).toBeVisible();
  await expect(chat.getByText('Needs you', { exact: true })).toBeVisible();
  const aiAnswer = chat.getByRole('article', { name: 'Sent message' }).filter({ hasText: OPENING_HOURS });
  await expect(aiAnswer).toHaveCount(1, REPLY_PATIENCE);
  await expect(aiAnswer.getByTestId('quoted-message')).toHaveText(FIRST_QUESTION);
  await expect(aiAnswer.getByRole('button', { name: 'Sources (1)' })).toBeVisible();
  await expect(
    chat.getByRole('article', { name: 'Received message' }).filter({ hasText: WHILE_PERSON_OWNS }),
  ).toBeVisible(REPLY_PATIENCE);

  // The owner answers by hand; the conversation stays theirs until handed back.
  const composer = chat.getByRole('textbox', { name: 'Message' });
  await composer.fill(MANUAL_ANSWER);
  await composer.press('Enter');
  const manual = chat.getByRole('article', { name: 'Sent message' }).filter({ hasText: MANUAL_ANSWER });
  await expect(manual).toHaveCount(1, REPLY_PATIENCE);
  await expect(manual.getByText('You', { exact: true })).toBeVisible();
  const handBack = chat.getByRole('button', { name: 'Hand back to AI' });
  await expect(handBack).toBeVisible();

  // On the phone: the owner's answer, and the AI never answered the question asked in between.
  await phone.bringToFront();
  await expect(businessMessage(phone, MANUAL_ANSWER)).toHaveCount(1, REPLY_PATIENCE);
  await expect(businessMessage(phone, CLOSED_ON_MONDAYS)).toHaveCount(0);
  await expect(phone.getByTestId('message').filter({ hasText: WHILE_PERSON_OWNS })).toHaveCount(1);

  // 'Hand back to AI': no more 'Needs you', the button goes, and the bell has no count.
  await page.bringToFront();
  await handBack.click();
  await expect(page.getByText('Handed back to the AI', { exact: true })).toBeVisible();
  await expect(handBack).toHaveCount(0);
  await expect(chat.getByText('Needs you', { exact: true })).toHaveCount(0);
  await expect(row.getByText('Needs you', { exact: true })).toHaveCount(0);
  await expect(bell(page)).toHaveAccessibleName('Notifications');

  // The customer's next question is the AI's again.
  await customerSays(phone, SECOND_QUESTION);
  const secondAnswer = businessMessage(phone, SOURDOUGH);
  await expect(secondAnswer).toHaveCount(1, REPLY_PATIENCE);
  await expect(secondAnswer).toHaveAttribute('data-from', 'business');
  await expect(secondAnswer.getByText(SOURDOUGH, { exact: true })).toBeVisible();
  await expect(secondAnswer.getByTestId('quoted').getByText(SECOND_QUESTION, { exact: true })).toBeVisible();

  await page.bringToFront();
  const secondInInbox = chat.getByRole('article', { name: 'Sent message' }).filter({ hasText: SOURDOUGH });
  await expect(secondInInbox).toHaveCount(1, REPLY_PATIENCE);
  await expect(secondInInbox.getByText('AI', { exact: true })).toBeVisible();
  await expect(chat.getByRole('button', { name: 'Hand back to AI' })).toHaveCount(0);
  await expect(bell(page)).toHaveAccessibleName('Notifications');
});

test('an unanswered question: the customer is told the team knows, the owner gets an open question, the AI keeps answering', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const businessNumber = await openShop(page, request, BAKERY_AGENT, HANDBOOK);
  await openInbox(page);
  const phone = await openCustomerPhone(page, businessNumber, { name: CUSTOMER });

  // The customer asks what the handbook does not say: told so, and that the team has the question; no hand-over.
  await customerSays(phone, UNANSWERED);
  const notFound = businessMessage(phone, PHRASES.en.notFound('Priya'));
  await expect(notFound).toHaveCount(1, REPLY_PATIENCE);
  await expect(notFound).toHaveAttribute('data-from', 'business');
  await expect(businessMessage(phone, HANDOVER_MESSAGE)).toHaveCount(0);

  // The owner's bell has the open question, with its reason; the conversation stays the AI's.
  await page.bringToFront();
  await expect(bell(page)).toHaveAccessibleName('Notifications: 1 open hand-over', BELL_PATIENCE);
  await bell(page).click();
  const question = page.getByRole('menu', { name: 'Open hand-overs' }).getByRole('menuitem');
  await expect(question).toHaveCount(1);
  await expect(question).toContainText(CUSTOMER);
  await expect(question).toContainText(UNANSWERED_REASON);
  await question.click();
  const chat = page.getByRole('region', { name: 'Chat' });
  await expect(chat.getByRole('heading', { name: CUSTOMER })).toBeVisible();
  await expect(chat.getByRole('article', { name: 'Received message' }).filter({ hasText: UNANSWERED })).toBeVisible(
    REPLY_PATIENCE,
  );
  await expect(chat.getByRole('button', { name: 'Hand back to AI' })).toHaveCount(0);

  // The customer's next question is answered by the AI, without the owner doing anything.
  await customerSays(phone, SECOND_QUESTION);
  const answer = businessMessage(phone, SOURDOUGH);
  await expect(answer).toHaveCount(1, REPLY_PATIENCE);
  await expect(answer.getByText(SOURDOUGH, { exact: true })).toBeVisible();
  await page.bringToFront();
  const inInbox = chat.getByRole('article', { name: 'Sent message' }).filter({ hasText: SOURDOUGH });
  await expect(inInbox).toHaveCount(1, REPLY_PATIENCE);
  await expect(inInbox.getByText('AI', { exact: true })).toBeVisible();
});
