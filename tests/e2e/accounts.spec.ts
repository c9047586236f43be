import { badCredentialsAlert, latestMailLink, newAccount, register, signIn, signOut } from './accounts';
import { expect, test } from './fixtures';

test('an owner registers, verifies their email, signs out and back in with remember me', async ({ page, request }) => {
  const account = newAccount();
  await register(page, account);
  await expect(page.getByText('Registration successful')).toBeVisible();
  await expect(page.getByRole('heading', { name: `Welcome, ${account.firstName}!` })).toBeVisible();
  await expect(page.getByText('Please verify your email address')).toBeVisible();

  await page.goto(await latestMailLink(request, account, '/verify-email'));
  await expect(page.getByText('Email Verified!')).toBeVisible();
  await page.getByRole('link', { name: 'Go to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  // Registered moments ago: greeted as new, not as returning.
  await expect(page.getByRole('heading', { name: 'Welcome, Ada!' })).toBeVisible();
  await expect(page.getByText('Please verify your email address')).toHaveCount(0);

  await signOut(page);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);

  await signIn(page, account.username, 'not the password');
  await expect(badCredentialsAlert(page)).toBeVisible();

  await signIn(page, account.email, account.password, true);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Login successful')).toBeVisible();
  await page.reload();
  await expect(page).toHaveURL(/\/dashboard$/);
  // Registered moments ago: greeted as new, not as returning.
  await expect(page.getByRole('heading', { name: 'Welcome, Ada!' })).toBeVisible();
});

test('a forgotten password is reset through the mailed link; only the new one works', async ({ page, request }) => {
  const account = newAccount();
  await register(page, account);
  await signOut(page);

  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await page.getByLabel('Email address').fill(account.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Password reset email sent')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send reset link' })).toBeDisabled();

  await page.goto(await latestMailLink(request, account, '/reset-password'));
  const newPassword = 'a brand new secret';
  await page.getByLabel(/^New password/).fill(newPassword);
  await page.getByLabel(/^Confirm new password/).fill(newPassword);
  await page.getByRole('button', { name: /reset password/i }).click();
  await expect(page.getByText('Password reset successful')).toBeVisible();
  await page.getByRole('link', { name: 'Back to login' }).click();

  await signIn(page, account.email, account.password);
  await expect(badCredentialsAlert(page)).toBeVisible();
  await signIn(page, account.email, newPassword);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('an owner deletes their account and can no longer sign in', async ({ page }) => {
  const account = newAccount();
  await register(page, account);

  await page.goto('/account-settings');
  await page.getByRole('tab', { name: 'Danger Zone' }).click();
  await page.getByRole('button', { name: 'Delete Account' }).click();
  const confirm = page.getByRole('button', { name: 'Confirm' });
  await expect(confirm).toBeDisabled();
  await page.getByLabel(/to confirm/).fill('DELETE');
  await confirm.click();
  await expect(page.getByText('Account Deleted')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await signIn(page, account.email, account.password);
  await expect(badCredentialsAlert(page)).toBeVisible();
});
