import type { Page } from '@playwright/test';
import { textPng } from '../fixtures/images';
import { textPdf } from '../fixtures/pdf';
import { newAccount } from './accounts';
import { createActiveAgent, expectDocumentsReady, registerVerified, uploadDocuments } from './agents';
import { expect, test } from './fixtures';

const AGENT = {
  name: 'Juniper Concierge',
  model: 'local/knowledge-base',
  description: 'Answers guests of the Juniper Lantern Hotel from its handbook.',
  systemPrompt: 'You are the concierge of the Juniper Lantern Hotel. Answer only from the handbook.',
  userPrompt: 'Answer the guest politely and briefly.',
};

const PDF_NAME = 'juniper-handbook.pdf';
const PDF_SENTENCE = 'The Juniper Lantern Hotel serves saffron porridge to every guest before sunrise.';
const PNG_NAME = 'otter-notice.png';
/**
 * Drawn in capitals by the fixture's 5×7 font, which OCR reads back as such; its N and P pass for M
 * and F, so the searched words avoid them.
 */
const PNG_LINES = ['THE SILVER OTTER', 'TURTLE WAFFLES ARE SERVED ON FRIDAYS.'];

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
  await registerVerified(page, request, newAccount());
  const agentUrl = await createActiveAgent(page, AGENT);

  // Upload a PDF and a PNG from the upload page, then wait until both are read.
  await uploadDocuments(page, agentUrl, [
    {
      name: PDF_NAME,
      mimeType: 'application/pdf',
      buffer: textPdf([['Juniper Lantern Hotel handbook', PDF_SENTENCE]]),
    },
    { name: PNG_NAME, mimeType: 'image/png', buffer: textPng(PNG_LINES, 3) },
  ]);
  await expectDocumentsReady(page, [PDF_NAME, PNG_NAME]);

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
