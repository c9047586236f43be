import { expect, type Page } from '@playwright/test';

/** The connect steps the WhatsApp specs share: the onboarding connect step and the sandbox's signup popup. */

export type SignupButton = 'Finish setup' | 'Finish without a number' | 'Cancel' | 'Report an error';

/** Clicks the connect button and answers the sandbox's signup popup with `button`; returns the typed number. */
export async function answerSignupPopup(page: Page, button: SignupButton): Promise<string> {
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Connect WhatsApp Business' }).click();
  const popup = await popupPromise;
  await expect(popup).toHaveTitle('WhatsApp Business sandbox signup');
  await expect(popup.getByLabel('Business name')).toHaveValue('Sandbox Coffee Shop');
  const phoneNumber = await popup.getByLabel('Phone number').inputValue();
  expect(phoneNumber).toMatch(/^\+1 555 01\d \d{4}$/);
  const closed = popup.waitForEvent('close');
  // Cancel closes the popup inside its click handler, which can end the page before Playwright's click
  // returns; a click that fails only because the popup is already gone is the outcome we want.
  await popup
    .getByRole('button', { name: button })
    .click()
    .catch((error: unknown) => {
      if (!popup.isClosed()) throw error;
    });
  await closed;
  return phoneNumber;
}

/** '+1 555 012 3456' as Graph displays it: '+1 555-012-3456'. */
export function displayed(phoneNumber: string): string {
  const digits = phoneNumber.replace(/\D/g, '');
  return `+1 ${digits.slice(1, 4)}-${digits.slice(4, 7)}-${digits.slice(7)}`;
}

export async function openConnectStep(page: Page) {
  await page.goto('/onboarding');
  await expect(page.getByText('Step 1 of 2')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Connect your WhatsApp Business account' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Connect WhatsApp Business' })).toBeEnabled();
}

/** A registered owner connects a sandbox number from onboarding and lands on the dashboard; returns the number. */
export async function connectThroughSandbox(page: Page): Promise<string> {
  await openConnectStep(page);
  const phoneNumber = await answerSignupPopup(page, 'Finish setup');
  await expect(page).toHaveURL(/\/dashboard$/);
  const connected = page.getByText('Your WhatsApp Business number is ready.');
  await expect(connected).toBeVisible();
  // One toast at a time: the connected one is alone on screen, whatever came before it waits or has gone.
  const toasts = page.locator('[aria-live="polite"]').filter({ has: connected });
  await expect(toasts.getByRole('alert')).toHaveCount(1);
  return phoneNumber;
}

export async function expectConnectionDetails(page: Page, phoneNumber: string) {
  await expect(page).toHaveURL(/\/whatsapp$/);
  await expect(page.getByText('WABA ID')).toBeVisible();
  await expect(page.getByText('Phone Number ID')).toBeVisible();
  await expect(page.getByText(displayed(phoneNumber), { exact: true })).toBeVisible();
}
