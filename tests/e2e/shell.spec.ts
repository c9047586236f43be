import { expect, test } from './fixtures';

test('serves the landing page and the API from one origin', async ({ page, request }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(/Threadline/);
  await expect(page.locator('#root')).not.toBeEmpty();
  const health = await request.get('/api/v1/health');
  expect(await health.json()).toEqual({ connected: false });
});

test('shows the not-found page for an unknown path, with a way home', async ({ page }) => {
  await page.goto('/does-not-exist');
  await expect(page.getByText('404', { exact: true })).toBeVisible();
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('sends a signed-out visitor from a protected page to /login', async ({ page }) => {
  await page.goto('/messages');
  await expect(page).toHaveURL(/\/login$/);
});
