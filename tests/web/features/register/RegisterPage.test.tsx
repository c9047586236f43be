import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { VALIDATION } from '../../../../contract/messages';
import { ACCESS_TOKEN_KEY } from '../../../../src/features/auth/session';
import {
  apiError,
  DASHBOARD_LOADING,
  json,
  mockApi,
  pending,
  requestsMade,
  type ApiRoute,
} from '../../support/api-mock';
import { renderApp } from '../../support/render';
import { aUser, registration } from '../../support/users';

let user: UserEvent;

beforeEach(() => {
  // Keystrokes without a pause between them: a person types faster than jsdom renders MUI.
  user = userEvent.setup({ delay: null });
});

/** Longer than the 500 ms debounce: the live checks run in real time here. */
const LIVE_CHECK = { timeout: 2000 };

const free: ApiRoute = () => json({ exists: false });
const taken: ApiRoute = () => json({ exists: true });

const registered: Record<string, ApiRoute> = {
  'POST /auth/register': () => json({ access_token: 'fresh-token', token_type: 'bearer', expires_in: 43_200 }),
  'GET /users/me': () => json(aUser()),
  'GET /health': () => json({ connected: false }),
  ...DASHBOARD_LOADING,
};

const field = (label: string) => screen.getByLabelText(label);

/** Puts a whole value in at once, as a paste does: the form's typing is not what these tests look at. */
async function enter(label: string, value: string) {
  await user.click(await screen.findByLabelText(label));
  await user.paste(value);
}

async function fillIn() {
  await enter('Email', 'ada@example.com');
  await enter('Username', 'ada');
  await enter('First Name', 'Ada');
  await enter('Last Name', 'Lovelace');
  await enter('Password', 'analytical-engine');
  await enter('Confirm Password', 'analytical-engine');
  await user.click(screen.getByRole('checkbox', { name: /I agree to the/ }));
}

const submit = () => user.click(screen.getByRole('button', { name: 'Create account' }));

afterEach(() => jest.restoreAllMocks());

describe('the register page', () => {
  it('links to the terms and to the login page', async () => {
    renderApp('/register');
    expect(await screen.findByRole('link', { name: 'Terms and Conditions' })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });

  it('explains every missing field', async () => {
    const fetchMock = mockApi({});
    renderApp('/register');
    await user.click(await screen.findByRole('button', { name: 'Create account' }));
    for (const message of [
      VALIDATION.emailInvalid,
      VALIDATION.usernameMin,
      VALIDATION.firstNameRequired,
      VALIDATION.lastNameRequired,
      VALIDATION.passwordMin,
      VALIDATION.agreeRequired,
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(requestsMade(fetchMock)).not.toContain('POST /auth/register');
  });

  it('rejects a malformed email, a short username and a short password', async () => {
    mockApi({ 'GET /users/check-username/ad': free });
    renderApp('/register');
    await user.type(await screen.findByLabelText('Email'), 'ada@example');
    await user.type(field('Username'), 'ad');
    await user.type(field('Password'), 'short');
    await submit();
    expect(await screen.findByText(VALIDATION.emailInvalid)).toBeInTheDocument();
    expect(screen.getByText(VALIDATION.usernameMin)).toBeInTheDocument();
    expect(screen.getByText(VALIDATION.passwordMin)).toBeInTheDocument();
  });

  it('refuses a password of only spaces', async () => {
    renderApp('/register');
    await enter('Password', ' '.repeat(8));
    await submit();
    expect(await screen.findByText(VALIDATION.passwordOnlySpaces)).toBeInTheDocument();
  });

  it('says when the passwords do not match', async () => {
    renderApp('/register');
    await user.type(await screen.findByLabelText('Password'), 'analytical-engine');
    await user.type(field('Confirm Password'), 'difference-engine');
    await user.tab();
    expect(await screen.findByText(VALIDATION.passwordsMismatch)).toBeInTheDocument();
  });

  it('shows and hides each password', async () => {
    renderApp('/register');
    await user.click(await screen.findByRole('button', { name: 'Show confirm password' }));
    expect(field('Confirm Password')).toHaveAttribute('type', 'text');
    expect(field('Password')).toHaveAttribute('type', 'password');
  });

  it('checks the username live: Checking..., then available', async () => {
    let answer: (response: Response) => void = () => undefined;
    mockApi({ 'GET /users/check-username/ada': () => new Promise((resolve) => (answer = resolve)) });
    renderApp('/register');
    await user.type(await screen.findByLabelText('Username'), 'ada');
    expect(await screen.findByText('Checking...', {}, LIVE_CHECK)).toBeInTheDocument();
    answer(json({ exists: false }));
    expect(await screen.findByText('Username available')).toBeInTheDocument();
  });

  it('says a taken username is taken, live and as a form error', async () => {
    mockApi({ 'GET /users/check-username/ada': taken });
    renderApp('/register');
    await user.type(await screen.findByLabelText('Username'), 'ada');
    expect(await screen.findByText('Username already taken', {}, LIVE_CHECK)).toBeInTheDocument();
    await user.tab();
    expect(await screen.findByText(VALIDATION.usernameTaken)).toBeInTheDocument();
  });

  it('says a registered email is registered, live and as a form error', async () => {
    mockApi({ 'GET /users/check-email/ada%40example.com': taken });
    renderApp('/register');
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    expect(await screen.findByText('Email already registered', {}, LIVE_CHECK)).toBeInTheDocument();
    await user.tab();
    expect(await screen.findByText(VALIDATION.emailTaken)).toBeInTheDocument();
    // The field error does not replace the live check's state.
    expect(screen.getByRole('status', { name: 'Email availability' })).toHaveTextContent('Email already registered');
  });

  it('shows the live verdict even when the field was left before the check answered', async () => {
    mockApi({ 'GET /users/check-username/ada': taken });
    renderApp('/register');
    await user.type(await screen.findByLabelText('Username'), 'ada');
    await user.tab();
    expect(await screen.findByText(VALIDATION.usernameTaken, {}, LIVE_CHECK)).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Username availability' })).toHaveTextContent('Username already taken');
  });

  it('says a free email is available', async () => {
    mockApi({ 'GET /users/check-email/ada%40example.com': free });
    renderApp('/register');
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    expect(await screen.findByText('Email available', {}, LIVE_CHECK)).toBeInTheDocument();
  });

  it('creates the account, keeps the token in local storage and opens the dashboard', async () => {
    const fetchMock = mockApi({
      'GET /users/check-email/ada%40example.com': free,
      'GET /users/check-username/ada': free,
      ...registered,
    });
    const { router } = renderApp('/register');
    await fillIn();
    await submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(window.localStorage.getItem(ACCESS_TOKEN_KEY)).toBe('fresh-token');
    expect(await screen.findByText('Registration successful')).toBeInTheDocument();
    expect(screen.getByText('Welcome to our platform!')).toBeInTheDocument();
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/auth/register'))!;
    expect(JSON.parse(String(init?.body))).toEqual(registration);
  });

  it('reads Creating account... and is disabled while busy', async () => {
    mockApi({
      'GET /users/check-email/ada%40example.com': free,
      'GET /users/check-username/ada': free,
      'POST /auth/register': pending,
    });
    renderApp('/register');
    await fillIn();
    await submit();
    expect(await screen.findByRole('button', { name: 'Creating account...' })).toBeDisabled();
  });

  it('shows a 409 on the field the server named, inline and in a toast', async () => {
    mockApi({
      'GET /users/check-email/ada%40example.com': free,
      'GET /users/check-username/ada': free,
      'POST /auth/register': () => apiError(409, 'This email is already registered.', 'email_taken', 'email'),
    });
    renderApp('/register');
    await fillIn();
    await submit();
    await waitFor(() => expect(field('Email')).toHaveAccessibleDescription('This email is already registered.'));
    expect(screen.getAllByText('This email is already registered.')).toHaveLength(3);
    expect(screen.getByText('Registration failed')).toBeInTheDocument();
    expect(window.localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    // Editing the field clears the server's verdict on it.
    await user.type(field('Email'), 'x');
    expect(field('Email')).not.toHaveAccessibleDescription('This email is already registered.');
  });

  it("shows the server's refusal of a common password on the password field", async () => {
    mockApi({
      'GET /users/check-email/ada%40example.com': free,
      'GET /users/check-username/ada': free,
      'POST /auth/register': () => apiError(422, VALIDATION.passwordTooCommon, 'validation_failed', 'password'),
    });
    renderApp('/register');
    await fillIn();
    await submit();
    await waitFor(() => expect(field('Password')).toHaveAccessibleDescription(VALIDATION.passwordTooCommon));
    expect(field('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Confirm Password')).toHaveAttribute('aria-invalid', 'false');
  });

  it('keeps the terms link inside the agreement label', async () => {
    renderApp('/register');
    const agreement = (await screen.findByRole('checkbox', { name: /I agree to the/ })).closest('label')!;
    expect(within(agreement).getByRole('link', { name: 'Terms and Conditions' })).toBeInTheDocument();
  });
});
