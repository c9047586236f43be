import crypto from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export interface Account {
  email: string;
  username: string;
  password: string;
  firstName: string;
}

export function newAccount(): Account {
  const id = crypto.randomBytes(4).toString('hex');
  return { email: `owner-${id}@example.com`, username: `owner_${id}`, password: 'correct horse 1', firstName: 'Ada' };
}

/**
 * The newest link mailed to `account`, read from the dev outbox (no SMTP configured), which lists
 * only the signed-in owner's own mails: the owner signs in through the API to read it.
 */
export async function latestMailLink(request: APIRequestContext, account: Account, path: string): Promise<string> {
  const signedIn = await request.post('/api/v1/auth/login', {
    form: { username: account.email, password: account.password },
  });
  expect(signedIn.status()).toBe(200);
  const { access_token: token } = (await signedIn.json()) as { access_token: string };
  let link: string | undefined;
  await expect
    .poll(async () => {
      const response = await request.get('/api/v1/sandbox/outbox', { headers: { authorization: `Bearer ${token}` } });
      const mails = (await response.json()) as Array<{ link: string | null }>;
      link = mails.map((mail) => mail.link).find((candidate) => candidate?.includes(path)) ?? undefined;
      return link;
    })
    .toBeTruthy();
  return new URL(link!).pathname + new URL(link!).search;
}

export async function register(page: Page, account: Account) {
  await page.goto('/register');
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Username', { exact: true }).fill(account.username);
  await expect(page.getByText('Username available')).toBeVisible();
  await page.getByLabel('First Name').fill(account.firstName);
  await page.getByLabel('Last Name').fill('Lovelace');
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm Password', { exact: true }).fill(account.password);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

export async function signIn(page: Page, login: string, password: string, rememberMe = false) {
  await page.goto('/login');
  await page.getByLabel('Email or Username').fill(login);
  await page.getByLabel('Password', { exact: true }).fill(password);
  if (rememberMe) await page.getByLabel('Remember me').check();
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Logged out successfully!')).toBeVisible();
}

/** The inline alert of a refused sign-in (the toast says the same under its own title). */
export function badCredentialsAlert(page: Page) {
  return page.getByRole('alert').filter({ hasText: /^Incorrect email\/username or password$/ });
}

/** The key the SPA keeps the owner's access token under (src/features/auth/session.ts, ACCESS_TOKEN_KEY). */
const ACCESS_TOKEN_KEY = 'accessToken';

/** The signed-in owner's access token, as the SPA keeps it, for API calls a test makes as the owner. */
export async function ownerToken(page: Page): Promise<string> {
  const token = await page.evaluate(
    (key) => window.localStorage.getItem(key) ?? window.sessionStorage.getItem(key),
    ACCESS_TOKEN_KEY,
  );
  expect(token).toBeTruthy();
  return token!;
}
