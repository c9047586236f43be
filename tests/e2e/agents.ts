import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { latestMailLink, register, type Account } from './accounts';
import { AGENT_MESSAGES } from '../../contract/agents';

/** The agent steps the specs share: a verified owner, a new active agent, uploads and their ingestion. */

/**
 * Ingestion runs in the server's own job runner, and OCR (tesseract.js) on a loaded 2-core machine can
 * take many seconds: the documents list polls every 2 s, and this is the patience for it.
 */
export const INGESTION_PATIENCE = { timeout: 90_000 };

export interface AgentForm {
  name: string;
  model: string;
  description: string;
  systemPrompt: string;
  userPrompt: string;
  /** Only for a model that needs one. */
  apiKey?: string;
}

export interface UploadedFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

export function field(page: Page, label: string): Locator {
  return page.getByRole('textbox', { name: new RegExp(`^${label}\\b`) });
}

export function documentRow(page: Page, filename: string): Locator {
  return page
    .getByRole('list', { name: 'Documents' })
    .getByRole('listitem')
    .filter({ has: page.getByText(filename, { exact: true }) });
}

/** Registers `account` and follows the mailed verification link (agents need a verified email). */
export async function registerVerified(page: Page, request: APIRequestContext, account: Account) {
  await register(page, account);
  await page.goto(await latestMailLink(request, account, '/verify-email'));
  await expect(page.getByText('Email Verified!')).toBeVisible();
  await page.getByRole('link', { name: 'Go to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Creates the owner’s first agent from the sidebar (active at once) and opens it; returns the agent page’s URL. */
export async function createActiveAgent(page: Page, agent: AgentForm): Promise<string> {
  // Create the agent: every field is required (the API key only for a model that needs one).
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Agents', exact: true }).click();
  await expect(page).toHaveURL(/\/agents$/);
  await page.getByRole('link', { name: 'Create Agent' }).click();
  await expect(page.getByRole('heading', { name: 'Create New Agent' })).toBeVisible();
  const submit = page.getByRole('button', { name: 'Create Agent' });
  await field(page, 'Name').fill(agent.name);
  await page.getByRole('combobox', { name: /^Model\b/ }).click();
  await page.getByRole('option', { name: agent.model, exact: true }).click();
  await field(page, 'Description').fill(agent.description);
  await field(page, 'System Prompt').fill(agent.systemPrompt);
  await field(page, 'User Prompt').fill(agent.userPrompt);
  if (agent.model.startsWith('local/')) {
    // The offline model runs on the server: the form says no key is needed, and does not ask for one.
    await expect(page.getByText(AGENT_MESSAGES.localModelNeedsNoKey)).toBeVisible();
  } else {
    await expect(submit).toBeDisabled();
    await page.getByLabel(/^API Key\b/).fill(agent.apiKey ?? '');
  }
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page).toHaveURL(/\/agents$/);

  // An owner's first agent is active at once, and the toast says so.
  await expect(page.getByText(AGENT_MESSAGES.firstAgentActive, { exact: true })).toBeVisible();
  await page.getByRole('tab', { name: 'Active', exact: true }).click();
  const card = page.getByRole('article', { name: agent.name });
  await expect(card).toBeVisible();
  await card.getByRole('link', { name: 'View' }).click();
  await expect(page).toHaveURL(/\/agents\/\d+$/);
  await expect(page.getByRole('heading', { name: agent.name })).toBeVisible();
  await expect(page.getByText(agent.description)).toBeVisible();
  return page.url();
}

/** From the agent's page: uploads `files`; each shows its own success, then the page goes back to the agent. */
export async function uploadDocuments(page: Page, agentUrl: string, files: UploadedFile[]) {
  await page.getByRole('link', { name: 'Upload Documents' }).click();
  await expect(page.getByRole('heading', { name: 'Upload Documents' })).toBeVisible();
  await page.getByLabel('Choose files').setInputFiles(files);
  const chosen = page.getByRole('list', { name: 'Files to upload' });
  await expect(chosen.getByRole('listitem')).toHaveCount(files.length);
  await page.getByRole('button', { name: `Upload ${files.length} ${files.length === 1 ? 'file' : 'files'}` }).click();
  for (const file of files) {
    await expect(chosen.getByRole('listitem').filter({ hasText: file.name })).toContainText('Uploaded');
  }
  await expect(page.getByText(`${files.length} document(s) uploaded successfully`)).toBeVisible();
  await expect(page).toHaveURL(`${agentUrl}?tab=contexts`);
  await expect(page.getByRole('tab', { name: 'Contexts' })).toHaveAttribute('aria-selected', 'true');
}

/** The agent page's Contexts tab lists the documents while they are read, until each is ready. */
export async function expectDocumentsReady(page: Page, filenames: string[]) {
  await page.getByRole('tab', { name: 'Contexts' }).click();
  for (const filename of filenames) {
    const row = documentRow(page, filename);
    await expect(row).toBeVisible();
    await expect(row).toContainText('Ready', INGESTION_PATIENCE);
    // '1 chunk', '12 chunks', never '1 chunks'.
    await expect(row).toContainText(/ · (1 chunk(?!s)|(?!1 )\d+ chunks)/);
  }
}
