import { WHATSAPP_MESSAGES } from '../../contract';
import { newAccount, register } from './accounts';
import { expect, test } from './fixtures';
import { answerSignupPopup, expectConnectionDetails, openConnectStep } from './whatsapp';

test('an owner connects WhatsApp through the sandbox signup, reconnects and disconnects', async ({ page }) => {
  await register(page, newAccount());
  await expect(page.getByText('Not Connected', { exact: true })).toBeVisible();

  await openConnectStep(page);
  const firstNumber = await answerSignupPopup(page, 'Finish setup');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Your WhatsApp Business number is ready.')).toBeVisible();
  await expect(page.getByText('Ready to send messages')).toBeVisible();
  await expect(page.getByText('WhatsApp Connected', { exact: true }).first()).toBeVisible();

  await page.goto('/whatsapp');
  await expectConnectionDetails(page, firstNumber);
  const firstIds = await page.locator('dd').allInnerTexts();

  await page.getByRole('link', { name: 'Reconnect', exact: true }).click();
  await expect(page).toHaveURL(/\/onboarding\?reconnect=true$/);
  await expect(page.getByRole('heading', { name: 'Reconnect your WhatsApp Business account' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Connect WhatsApp Business' })).toBeEnabled();
  const secondNumber = await answerSignupPopup(page, 'Finish setup');
  await expectConnectionDetails(page, secondNumber);
  expect(await page.locator('dd').allInnerTexts()).not.toEqual(firstIds);

  await page.getByRole('button', { name: 'Disconnect WhatsApp' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: 'Disconnect', exact: true })).toBeDisabled();
  await dialog.getByLabel("Type 'DISCONNECT' to confirm").fill('DISCONNECT');
  await dialog.getByRole('button', { name: 'Disconnect', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Not Connected', { exact: true })).toBeVisible();
  await expect(page.getByText('Ready to send messages')).toHaveCount(0);
});

test('an owner who finishes the signup without a number (Embedded Signup v4) is connected and told what to do next', async ({
  page,
}) => {
  await register(page, newAccount());
  await openConnectStep(page);
  await answerSignupPopup(page, 'Finish without a number');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Your WhatsApp Business number is ready.')).toBeVisible();

  await page.goto('/whatsapp');
  await expect(page.getByText(WHATSAPP_MESSAGES.noNumberTitle)).toBeVisible();
  await expect(page.getByText(WHATSAPP_MESSAGES.noNumberId)).toBeVisible();
  await expect(page.getByRole('link', { name: WHATSAPP_MESSAGES.noNumberAction })).toHaveAttribute(
    'href',
    '/onboarding?reconnect=true',
  );
});

test('an owner who cancels the signup popup, or whose signup fails in it, is told why and stays on onboarding', async ({
  page,
}) => {
  await register(page, newAccount());
  await openConnectStep(page);
  await answerSignupPopup(page, 'Cancel');
  await expect(
    page.getByRole('alert').filter({ hasText: /^WhatsApp setup was cancelled\. Please try again\.$/ }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(page.getByRole('button', { name: 'Connect WhatsApp Business' })).toBeEnabled();

  await answerSignupPopup(page, 'Report an error');
  await expect(
    page.getByRole('alert').filter({ hasText: /^WhatsApp setup error: Sandbox: simulated error$/ }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/onboarding$/);

  // Closing the popup without an answer counts as cancelling.
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Connect WhatsApp Business' }).click();
  const popup = await popupPromise;
  await expect(popup.getByRole('button', { name: 'Finish setup' })).toBeVisible();
  await popup.close();
  await expect(
    page.getByRole('alert').filter({ hasText: /^WhatsApp setup was cancelled\. Please try again\.$/ }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Connect WhatsApp Business' })).toBeEnabled();
});
