import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { newAccount } from './accounts';
import { createActiveAgent, expectDocumentsReady, registerVerified, uploadDocuments, type AgentForm } from './agents';
import { connectThroughSandbox, displayed } from './whatsapp';

/**
 * The steps of an exchange through the sandbox customer phone that the inbox, replies and insights
 * specs share: the owner's set-up, the customer's phone, and where the owner finds the conversation.
 */

/** The inbox polls every 3 s (SPEC.md §9); a few rounds of it, on a loaded machine, is the patience here. */
export const POLL_PATIENCE = { timeout: 20_000 };
/**
 * A reply waits REPLY_DEBOUNCE_MS (2 s) for more customer messages, then runs in the server's job
 * runner; the phone and the inbox poll every few seconds on a loaded machine: this is the patience.
 */
export const REPLY_PATIENCE = { timeout: 30_000 };

/** What the customer is told on a hand-over, unless the agent says otherwise (server/services/replies/ownership.ts). */
export const HANDOVER_MESSAGE = 'Thanks for your patience — a person from our team will answer you here shortly.';
/** The open question the owner is given when the documents do not answer (server/services/replies/ownership.ts). */
export const UNANSWERED_REASON = 'Nothing in the documents answers this.';

export interface TextDocument {
  name: string;
  text: string;
}

/** The Harbor Bakery's offline agent: `local/knowledge-base` needs no key and no network. */
export const BAKERY_AGENT: AgentForm = {
  name: 'Harbor Helper',
  model: 'local/knowledge-base',
  description: 'Answers customers of the Harbor Bakery from its handbook.',
  systemPrompt: 'You are the assistant of the Harbor Bakery. Answer only from the handbook.',
  userPrompt: 'Answer the customer politely and briefly.',
};

/**
 * Each question the specs ask shares most of its content words with one sentence (the offline model's
 * MIN_COVERAGE), which is the whole answer: the fact as the handbook states it, nothing in front of it.
 */
export const OPENING_HOURS = 'The Harbor Bakery opens at seven in the morning from Tuesday to Sunday.';
export const SOURDOUGH = 'Sourdough loaves come out of the oven at nine every morning.';
export const CLOSED_ON_MONDAYS = 'We close on Mondays for deep cleaning.';
/**
 * The heading is a paragraph of its own: the text extraction joins the lines of a paragraph (wrapped
 * PDF lines), so a heading on the line right above a sentence would be quoted with it.
 */
export const HANDBOOK: TextDocument = {
  name: 'harbor-handbook.txt',
  text: `Harbor Bakery handbook\n\n${OPENING_HOURS}\n${SOURDOUGH}\n${CLOSED_ON_MONDAYS}\n`,
};

export interface Customer {
  name: string;
  /** Typed into the phone; without one the phone keeps the number it made up. */
  phoneNumber?: string;
}

/**
 * A new verified owner connects a sandbox number and creates an active agent that knows `document`,
 * ready to answer; returns the business number.
 */
export async function openShop(
  page: Page,
  request: APIRequestContext,
  agent: AgentForm,
  document: TextDocument,
): Promise<string> {
  await registerVerified(page, request, newAccount());
  const businessNumber = await connectThroughSandbox(page);
  const agentUrl = await createActiveAgent(page, agent);
  await uploadDocuments(page, agentUrl, [
    { name: document.name, mimeType: 'text/plain', buffer: Buffer.from(document.text, 'utf8') },
  ]);
  await expectDocumentsReady(page, [document.name]);
  return businessNumber;
}

/** The sidebar's Messages link, whose name carries the unread count when there is one. */
export function messagesLink(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /Messages/ });
}

export async function openInbox(page: Page) {
  await messagesLink(page).click();
  await expect(page).toHaveURL(/\/messages$/);
}

/** The row of `name` in the conversation list. */
export function conversationRow(page: Page, name: string): Locator {
  return page
    .getByRole('list', { name: 'Conversations' })
    .getByRole('listitem')
    .filter({ has: page.getByText(name, { exact: true }) });
}

/** The button that opens a row's conversation: the row's first (a row that needs the owner also has 'Mark done'). */
export function openButton(row: Locator): Locator {
  return row.getByRole('button').first();
}

/** Opens the customer phone from the header's Sandbox chip in a new tab, texting `businessNumber` as `customer`. */
export async function openCustomerPhone(page: Page, businessNumber: string, customer: Customer): Promise<Page> {
  const phonePromise = page.context().waitForEvent('page');
  await page.getByRole('link', { name: 'Sandbox: open the customer phone' }).click();
  const phone = await phonePromise;
  await expect(phone).toHaveTitle('Sandbox customer phone');
  const numbers = phone.getByLabel('Business number');
  const option = numbers.locator('option', { hasText: displayed(businessNumber) });
  await expect(option).toHaveCount(1);
  await numbers.selectOption((await option.getAttribute('value'))!);
  await phone.getByLabel('Your name').fill(customer.name);
  if (customer.phoneNumber) await phone.getByLabel('Your phone number').fill(customer.phoneNumber);
  return phone;
}

/** The customer's phone: writes `text` and waits until our webhook acknowledged it. */
export async function customerSays(phone: Page, text: string) {
  await phone.bringToFront();
  await phone.getByLabel('Message').fill(text);
  await phone.getByLabel('Message').press('Enter');
  await expect(
    phone
      .getByTestId('message')
      .filter({ hasText: text })
      // Delivered, or already read: with the conversation open, the owner's inbox reads it at once.
      .filter({ has: phone.getByLabel(/^(Delivered|Read)$/) }),
  ).not.toHaveCount(0, REPLY_PATIENCE);
}

/** The messages on the customer's phone that show `text` (only the business writes these ones). */
export function businessMessage(phone: Page, text: string): Locator {
  return phone.getByTestId('message').filter({ hasText: text });
}
