import { newAccount, ownerToken, register } from './accounts';
import { expect, test } from './fixtures';
import { connectThroughSandbox, displayed } from './whatsapp';
import { conversationRow, customerSays, openButton, openCustomerPhone, openInbox, POLL_PATIENCE } from './exchange';

const HELLO = 'Hello from the sandbox phone';
/** A 1×1 PNG, as small as a photo gets. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test('a customer texts the connected number from the sandbox phone and the owner has it once', async ({
  page,
  context,
  request,
}) => {
  await register(page, newAccount());
  const businessNumber = await connectThroughSandbox(page);

  const chip = page.getByRole('link', { name: 'Sandbox: open the customer phone' });
  await expect(chip).toBeVisible();
  const phonePromise = context.waitForEvent('page');
  await chip.click();
  const phone = await phonePromise;
  await expect(phone).toHaveURL(/\/sandbox\/phone$/);
  await expect(phone).toHaveTitle('Sandbox customer phone');

  const numbers = phone.getByLabel('Business number');
  const option = numbers.locator('option', { hasText: displayed(businessNumber) });
  await expect(option).toHaveCount(1);
  await numbers.selectOption((await option.getAttribute('value'))!);
  await expect(phone.getByText(`Sandbox Coffee Shop · ${displayed(businessNumber)}`)).toBeVisible();

  await phone.getByLabel('Your name').fill('Sheena Nelson');
  const customerNumber = await phone.getByLabel('Your phone number').inputValue();
  expect(customerNumber).toMatch(/^\+1 555 \d{3} \d{4}$/);
  await phone.getByLabel('Message').fill(HELLO);
  await phone.getByLabel('Message').press('Enter');

  // The thread shows it, ticked ✓✓ once our webhook acknowledged it.
  const sent = phone.getByTestId('message').filter({ hasText: HELLO });
  await expect(sent).toHaveCount(1);
  await expect(sent.getByLabel('Delivered')).toBeVisible();
  await expect(phone.getByLabel('Message')).toHaveValue('');

  // Stored once for the owner: read back through the inbox API with the owner's own token.
  const token = await ownerToken(page);
  const waId = customerNumber.replace(/\D/g, '');
  const response = await request.get(`/api/v1/messages/conversations/${waId}@c.us`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  const messages = (await response.json()) as Array<{ id: string; body: string; is_from_us: boolean }>;
  expect(messages.filter((message) => message.body === HELLO)).toEqual([
    expect.objectContaining({ body: HELLO, is_from_us: false }),
  ]);
  expect(messages).toHaveLength(1);

  // The owner answers quoting it: the phone shows the reply as it arrives, with the quoted message,
  // and showing it sends the 'read' status back (after 'sent' and 'delivered').
  const conversation = `/api/v1/messages/conversations/${waId}@c.us`;
  const headers = { authorization: `Bearer ${token}` };
  const answer = await request.post(`${conversation}/reply`, {
    headers,
    data: { text: 'Hi Sheena! How can we help?', in_reply_to_message_id: messages[0].id },
  });
  expect(answer.status()).toBe(201);
  const reply = phone.getByTestId('message').filter({ hasText: 'Hi Sheena! How can we help?' });
  await expect(reply).toHaveAttribute('data-from', 'business');
  await expect(reply.getByTestId('quoted')).toContainText(HELLO);
  const { id: replyId } = (await answer.json()) as { id: string };
  await expect
    .poll(async () => {
      const thread = (await (await request.get(conversation, { headers })).json()) as Array<{
        id: string;
        status: string;
      }>;
      return thread.find((message) => message.id === replyId)?.status;
    })
    .toBe('read');

  // Photos both ways: the customer's reaches the inbox as an image, the owner's shows on the phone.
  await phone.getByLabel('Message').fill('This one?');
  await phone.locator('#attach-file').setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: PNG });
  await expect(phone.getByTestId('message').filter({ hasText: 'This one?' }).getByRole('img')).toBeVisible();
  await expect
    .poll(async () => {
      const thread = (await (await request.get(conversation, { headers })).json()) as Array<{
        media?: { kind: string; caption: string | null };
      }>;
      return thread.some((message) => message.media?.kind === 'image' && message.media.caption === 'This one?');
    })
    .toBe(true);
  const photo = await request.post(`${conversation}/media`, {
    headers,
    multipart: { file: { name: 'cake.png', mimeType: 'image/png', buffer: PNG }, caption: 'Our cake' },
  });
  expect(photo.status()).toBe(201);
  const businessPhoto = phone.getByTestId('message').filter({ hasText: 'Our cake' });
  await expect(businessPhoto).toHaveAttribute('data-from', 'business');
  await expect(businessPhoto.getByRole('img', { name: 'Our cake' })).toHaveAttribute('src', /^blob:/);

  // A place, typed into the phone's location form, reaches the inbox as a location.
  await phone.getByRole('button', { name: 'Share a location' }).click();
  const place = phone.getByRole('form', { name: 'Share a location' });
  await place.getByLabel('Place name (optional)').fill('Harbor Bakery');
  await place.getByLabel('Address (optional)').fill('1 Quay Street');
  await place.getByLabel('Latitude').fill('52.52');
  await place.getByLabel('Longitude').fill('13.405');
  await place.getByRole('button', { name: 'Send location' }).click();
  await expect(place).toBeHidden();
  await expect(phone.getByTestId('message').filter({ hasText: '📍 Harbor Bakery, 1 Quay Street' })).toHaveCount(1);
  await expect
    .poll(async () => {
      const thread = (await (await request.get(conversation, { headers })).json()) as Array<{
        media?: { kind: string; location?: { name: string | null; latitude: number } | null };
      }>;
      return thread.find((message) => message.media?.kind === 'location')?.media?.location;
    })
    .toMatchObject({ name: 'Harbor Bakery', latitude: 52.52 });

  // The phone remembers who the customer is.
  await phone.reload();
  await expect(phone.getByLabel('Your name')).toHaveValue('Sheena Nelson');
  await expect(phone.getByLabel('Your phone number')).toHaveValue(customerNumber);
});

test("'A day passes' on the phone closes the business's 24-hour window, as the inbox shows", async ({ page }) => {
  await register(page, newAccount());
  const businessNumber = await connectThroughSandbox(page);
  const phone = await openCustomerPhone(page, businessNumber, { name: 'Dana Day' });
  // Nothing to move before the customer has written.
  await expect(phone.getByRole('button', { name: 'A day passes' })).toBeHidden();
  await customerSays(phone, 'Is the shop open tomorrow?');

  await page.bringToFront();
  await openInbox(page);
  await openButton(conversationRow(page, 'Dana Day')).click();
  const chat = page.getByRole('region', { name: 'Chat' });
  await expect(chat.getByRole('textbox', { name: 'Message' })).toBeVisible(POLL_PATIENCE);

  await phone.bringToFront();
  await phone.getByRole('button', { name: 'A day passes' }).click();
  await expect(phone.getByText(/^A day passed: the business's 24-hour window is closed\./)).toBeVisible();

  await page.bringToFront();
  await expect(chat.getByText('Window closed: templates only')).toBeVisible(POLL_PATIENCE);
  await expect(chat.getByRole('textbox', { name: 'Message' })).toHaveCount(0);
});
