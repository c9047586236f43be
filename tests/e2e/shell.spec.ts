import { expect, test } from './fixtures';

test('serves the landing page and the API from one origin', async ({ page, request }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(/Threadline/);
  await expect(page.locator('#root')).not.toBeEmpty();
  const health = await request.get('/api/v1/health');
  expect(await health.json()).toEqual({ connected: false });
});

test('paints the landing page from its HTML, then hydrates it and opens the app without a reload', async ({
  page,
  request,
}) => {
  // What a browser can paint before any script: the page itself, as the connection check starts.
  const html = await (await request.get('/')).text();
  expect(html).toContain('Put an AI agent on your WhatsApp Business number');
  expect(html).toContain('Checking Status...');

  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto('/');
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await page.getByRole('banner').getByRole('link', { name: 'Get Started' }).click();
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('WhatsApp Business');
  expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
  expect(errors).toEqual([]);
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
