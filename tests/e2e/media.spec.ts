import type { APIRequestContext, Page } from '@playwright/test';
import { newAccount, ownerToken, register } from './accounts';
import { businessMessage, conversationRow, openButton, openCustomerPhone, openInbox, POLL_PATIENCE } from './exchange';
import { expect, test } from './fixtures';
import { onePagePdf, silentVoiceNote, solidPng, type FileToSend } from './media-files';
import { connectThroughSandbox } from './whatsapp';

/** The sandbox reviews a template after SANDBOX_TEMPLATE_REVIEW_MS (5 s), then tells us by webhook. */
const REVIEW_PATIENCE = { timeout: 20_000 };

const CUSTOMER = 'Priya Raman';
const PHOTO = solidPng('cake.png', 48, [214, 120, 64]);
const PHOTO_CAPTION = 'Can you make this cake?';
const VOICE_NOTE = silentVoiceNote('voice-note.ogg', 3);
const MENU = onePagePdf('spring-menu.pdf', 'Harbor Bakery: spring menu');
const MENU_CAPTION = 'Here is our spring menu';
const TEMPLATE = { name: 'cake_ready', body: 'Hello {{1}}, your cake is ready for pickup today.' };
const TEMPLATE_SENT = `Hello ${CUSTOMER}, your cake is ready for pickup today.`;

/** The customer phone sends `file` (with the message box's text as its caption) and our webhook takes it. */
async function customerSends(phone: Page, file: FileToSend, caption = '') {
  await phone.bringToFront();
  await phone.getByLabel('Message').fill(caption);
  const before = await phone.getByTestId('message').count();
  await phone.locator('#attach-file').setInputFiles(file);
  const sent = phone.getByTestId('message').nth(before);
  await expect(sent.getByTestId('media')).toBeVisible(POLL_PATIENCE);
  await expect(sent.getByLabel(/^(Delivered|Read)$/)).toBeVisible(POLL_PATIENCE);
}

/** Submits a template on /templates; the sandbox approves it a few seconds later. */
async function submitTemplate(page: Page) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Templates' }).click();
  await expect(page).toHaveURL(/\/templates$/);
  await page.getByRole('button', { name: 'New template' }).click();
  const form = page.getByRole('form', { name: 'New template' });
  await form.getByLabel('Name').fill(TEMPLATE.name);
  await form.getByLabel('Message').fill(TEMPLATE.body);
  await form.getByLabel('Sample for {{1}}').fill(CUSTOMER);
  await form.getByRole('button', { name: 'Submit for review' }).click();
  await expect(page.getByRole('listitem', { name: TEMPLATE.name })).toBeVisible();
}

async function expectTemplateApproved(request: APIRequestContext, token: string) {
  await expect
    .poll(async () => {
      const response = await request.get('/api/v1/templates', { headers: { authorization: `Bearer ${token}` } });
      const templates = (await response.json()) as Array<{ name: string; status: string }>;
      return templates.find((template) => template.name === TEMPLATE.name)?.status;
    }, REVIEW_PATIENCE)
    .toBe('APPROVED');
}

test('photo and voice note in, the owner sees and plays them, answers with a PDF, and a template after 24 hours', async ({
  page,
  request,
}) => {
  await register(page, newAccount());
  const businessNumber = await connectThroughSandbox(page);
  // Submitted first: WhatsApp's review runs while the customer and the owner exchange media.
  await submitTemplate(page);
  const token = await ownerToken(page);

  // The customer sends a photo with a caption, then a voice note.
  await openInbox(page);
  const phone = await openCustomerPhone(page, businessNumber, { name: CUSTOMER });
  await customerSends(phone, PHOTO, PHOTO_CAPTION);
  await customerSends(phone, VOICE_NOTE);

  // The owner sees the photo, loaded, and plays the voice note.
  await page.bringToFront();
  await openButton(conversationRow(page, CUSTOMER)).click();
  const chat = page.getByRole('region', { name: 'Chat' });
  const received = chat.getByRole('article', { name: 'Received message' });
  const photo = received.getByRole('img', { name: PHOTO_CAPTION });
  await expect(photo).toBeVisible(POLL_PATIENCE);
  await expect(photo).toHaveAttribute('src', /^blob:/);
  await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(48);
  const voiceNote = received.getByLabel('Voice note', { exact: true });
  await expect(voiceNote).toHaveAttribute('src', /^blob:/, POLL_PATIENCE);
  await voiceNote.evaluate((audio: HTMLAudioElement) => audio.play());
  await expect.poll(() => voiceNote.evaluate((audio: HTMLAudioElement) => audio.currentTime)).toBeGreaterThan(0);
  expect(await voiceNote.evaluate((audio: HTMLAudioElement) => audio.duration)).toBeCloseTo(3, 0);

  // The owner answers with a PDF from the composer's paper clip, its caption typed below it.
  await chat.getByTestId('attachment-input').setInputFiles(MENU);
  await expect(chat.getByText(MENU.name, { exact: true })).toBeVisible();
  await chat.getByRole('textbox', { name: 'Caption' }).fill(MENU_CAPTION);
  await chat.getByRole('button', { name: 'Send' }).click();
  const sentMenu = chat.getByRole('article', { name: 'Sent message' }).filter({ hasText: MENU_CAPTION });
  await expect(sentMenu.getByRole('link', { name: `Download ${MENU.name}` })).toHaveAttribute(
    'href',
    /^blob:/,
    POLL_PATIENCE,
  );

  // The customer's phone shows the document, ready to open.
  await phone.bringToFront();
  const menuOnPhone = businessMessage(phone, MENU_CAPTION);
  await expect(menuOnPhone).toHaveAttribute('data-from', 'business', POLL_PATIENCE);
  await expect(menuOnPhone.getByRole('link', { name: `📄 ${MENU.name}` })).toHaveAttribute('href', /^blob:/);

  // A day passes (the sandbox moves the customer's messages back 25 h): only templates may go now.
  await page.bringToFront();
  const waId = (await phone.getByLabel('Your phone number').inputValue()).replace(/\D/g, '');
  const dayPassed = await request.post(`/api/v1/sandbox/conversations/${waId}@c.us/day-passed`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(dayPassed.status()).toBe(200);
  await expect(chat.getByText('Window closed: templates only')).toBeVisible(POLL_PATIENCE);
  await expect(chat.getByRole('textbox', { name: 'Message' })).toHaveCount(0);
  await expectTemplateApproved(request, token);

  // The owner picks the approved template, the customer's name already filled in, and sends it.
  await chat.getByRole('button', { name: 'Send a template' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send a template' });
  await dialog.getByRole('combobox', { name: 'Template' }).click();
  await page.getByRole('option', { name: `${TEMPLATE.name} (en_US)` }).click();
  await expect(dialog.getByLabel('Value {{1}}')).toHaveValue(CUSTOMER);
  await expect(dialog.getByRole('group', { name: 'Preview' })).toHaveText(TEMPLATE_SENT);
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(chat.getByRole('article', { name: 'Sent message' }).filter({ hasText: TEMPLATE_SENT })).toHaveCount(
    1,
    POLL_PATIENCE,
  );

  // WhatsApp delivers it outside the window: the customer's phone receives it.
  await phone.bringToFront();
  await expect(businessMessage(phone, TEMPLATE_SENT)).toHaveAttribute('data-from', 'business', POLL_PATIENCE);
});
