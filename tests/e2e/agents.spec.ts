import type { Locator, Page } from '@playwright/test';
import { textPng } from '../fixtures/images';
import { textPdf } from '../fixtures/pdf';
import { latestMailLink, newAccount, register } from './accounts';
import { expect, test } from './fixtures';

/**
 * Ingestion runs in the server's own job runner, and OCR (tesseract.js) on a loaded 2-core machine can
 * take many seconds: the documents list polls every 2 s, and this is the patience for it.
 */
const INGESTION_PATIENCE = { timeout: 90_000 };

const AGENT = {
  name: 'Juniper Concierge',
  model: 'local/knowledge-base',
  description: 'Answers guests of the Juniper Lantern Hotel from its handbook.',
  systemPrompt: 'You are the concierge of the Juniper Lantern Hotel. Answer only from the handbook.',
  userPrompt: 'Answer the guest politely and briefly.',
  apiKey: 'not-needed-offline',
};

const PDF_NAME = 'juniper-handbook.pdf';
const PDF_SENTENCE = 'The Juniper Lantern Hotel serves saffron porridge to every guest before sunrise.';
const PNG_NAME = 'otter-notice.png';
/**
 * Drawn in capitals by the fixture's 5×7 font, which OCR reads back as such; its N and P pass for M
 * and F, so the searched words avoid them.
 */
const PNG_LINES = ['THE SILVER OTTER', 'TURTLE WAFFLES ARE SERVED ON FRIDAYS.'];

function field(page: Page, label: string): Locator {
  return page.getByRole('textbox', { name: new RegExp(`^${label}\\b`) });
}

function documentRow(page: Page, filename: string): Locator {
  return page
    .getByRole('list', { name: 'Documents' })
    .getByRole('listitem')
    .filter({ has: page.getByText(filename, { exact: true }) });
}

async function searchContexts(page: Page, query: string) {
  const search = page.getByRole('search');
  await search.getByRole('textbox', { name: 'Search contexts...' }).fill(query);
  await search.getByRole('button', { name: 'Search' }).click();
}

test('an owner creates a local agent, uploads a PDF and a PNG, finds both by search and opens the graph', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const account = newAccount();
  await register(page, account);
  await page.goto(await latestMailLink(request, account.email, '/verify-email'));
  await expect(page.getByText('Email Verified!')).toBeVisible();
  await page.getByRole('link', { name: 'Go to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Create the agent: every field is required, the submit waits for all of them.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Agents', exact: true }).click();
  await expect(page).toHaveURL(/\/agents$/);
  await page.getByRole('link', { name: 'Create Agent' }).click();
  await expect(page.getByRole('heading', { name: 'Create New Agent' })).toBeVisible();
  const submit = page.getByRole('button', { name: 'Create Agent' });
  await field(page, 'Name').fill(AGENT.name);
  await page.getByRole('combobox', { name: /^Model\b/ }).click();
  await page.getByRole('option', { name: AGENT.model, exact: true }).click();
  await field(page, 'Description').fill(AGENT.description);
  await field(page, 'System Prompt').fill(AGENT.systemPrompt);
  await field(page, 'User Prompt').fill(AGENT.userPrompt);
  await expect(submit).toBeDisabled();
  await page.getByLabel(/^API Key\b/).fill(AGENT.apiKey);
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page).toHaveURL(/\/agents$/);

  // A new agent lands inactive; set it active.
  await page.getByRole('tab', { name: 'Inactive', exact: true }).click();
  const inactiveCard = page.getByRole('article', { name: AGENT.name });
  await expect(inactiveCard).toBeVisible();
  await inactiveCard.getByRole('button', { name: 'Set Active' }).click();
  const dialog = page.getByRole('dialog', { name: 'Set this agent active?' });
  await dialog.getByRole('button', { name: 'Set Active' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('No inactive agents.')).toBeVisible();
  await page.getByRole('tab', { name: 'Active', exact: true }).click();
  const card = page.getByRole('article', { name: AGENT.name });
  await expect(card).toBeVisible();
  await card.getByRole('link', { name: 'View' }).click();
  await expect(page).toHaveURL(/\/agents\/\d+$/);
  const agentUrl = page.url();
  await expect(page.getByRole('heading', { name: AGENT.name })).toBeVisible();
  await expect(page.getByText(AGENT.description)).toBeVisible();

  // Upload a PDF and a PNG from the upload page; each shows its own success, then the page goes back.
  await page.getByRole('link', { name: 'Upload Documents' }).click();
  await expect(page.getByRole('heading', { name: 'Upload Documents' })).toBeVisible();
  await page.getByLabel('Choose files').setInputFiles([
    {
      name: PDF_NAME,
      mimeType: 'application/pdf',
      buffer: textPdf([['Juniper Lantern Hotel handbook', PDF_SENTENCE]]),
    },
    { name: PNG_NAME, mimeType: 'image/png', buffer: textPng(PNG_LINES, 3) },
  ]);
  const chosen = page.getByRole('list', { name: 'Files to upload' });
  await expect(chosen.getByRole('listitem')).toHaveCount(2);
  await page.getByRole('button', { name: 'Upload 2 file(s)' }).click();
  for (const filename of [PDF_NAME, PNG_NAME]) {
    await expect(chosen.getByRole('listitem').filter({ hasText: filename })).toContainText('Uploaded');
  }
  await expect(page.getByText('2 document(s) uploaded successfully')).toBeVisible();
  await expect(page).toHaveURL(agentUrl);

  // The Contexts tab lists the documents while they are read, until both are ready.
  await page.getByRole('tab', { name: 'Contexts' }).click();
  for (const filename of [PDF_NAME, PNG_NAME]) {
    const row = documentRow(page, filename);
    await expect(row).toBeVisible();
    await expect(row).toContainText('Ready', INGESTION_PATIENCE);
    await expect(row).toContainText(/\d+ chunks/);
  }

  // A phrase from each document finds its passage.
  const contexts = page.getByRole('list', { name: 'Contexts' });
  await searchContexts(page, 'saffron porridge');
  const fromPdf = contexts.getByRole('listitem').filter({ hasText: /saffron porridge/i });
  await expect(fromPdf).toHaveCount(1);
  await expect(fromPdf).toContainText(PDF_NAME);
  await expect(contexts.getByRole('listitem').filter({ hasText: /turtle waffles/i })).toHaveCount(0);

  await searchContexts(page, 'turtle waffles');
  const fromPng = contexts.getByRole('listitem').filter({ hasText: /turtle waffles/i });
  await expect(fromPng).toHaveCount(1);
  await expect(fromPng).toContainText(PNG_NAME);
  await expect(contexts.getByRole('listitem').filter({ hasText: /saffron porridge/i })).toHaveCount(0);

  // The graph shows the diagram, with the hotel the handbook names.
  await page.getByRole('tab', { name: 'Graph View' }).click();
  const graph = page.getByTestId('agent-graph');
  await expect(graph).toBeVisible();
  await expect(graph.getByText('Juniper Lantern Hotel', { exact: true })).toBeVisible();
});
