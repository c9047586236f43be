import { screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { AUTH_ERRORS, VALIDATION } from '../../../../contract/messages';
import { ACCESS_TOKEN_KEY } from '../../../../src/features/auth/session';
import { apiError, DASHBOARD_LOADING, json, mockApi, pending, type ApiRoute } from '../../support/api-mock';
import { renderApp } from '../../support/render';
import { aUser } from '../../support/users';

let user: UserEvent;

beforeEach(() => {
  // Keystrokes without a pause between them: a person types faster than jsdom renders MUI.
  user = userEvent.setup({ delay: null });
});

const signedIn: Record<string, ApiRoute> = {
  'GET /users/me': () => json(aUser()),
  'GET /health': () => json({ connected: false }),
  ...DASHBOARD_LOADING,
};

const loggedIn: ApiRoute = () => json({ access_token: 'fresh-token', token_type: 'bearer', expires_in: 43_200 });

async function signIn({ rememberMe = false } = {}) {
  await user.type(await screen.findByLabelText('Email or Username'), 'ada');
  await user.type(screen.getByLabelText('Password'), 'analytical-engine');
  if (rememberMe) await user.click(screen.getByLabelText('Remember me'));
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

afterEach(() => jest.restoreAllMocks());

describe('the login page', () => {
  it('shows the title, the way to register, the card and the way to reset a password', async () => {
    renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Sign in to your account' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'create a new account' })).toHaveAttribute('href', '/register');
    expect(screen.getByText('Welcome back')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).not.toBeChecked();
  });

  it('asks for both fields before sending anything', async () => {
    const fetchMock = mockApi({});
    renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(VALIDATION.emailOrUsernameRequired)).toBeInTheDocument();
    expect(screen.getByText(VALIDATION.passwordRequired)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows and hides the password', async () => {
    renderApp('/login');
    const password = await screen.findByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('reads Signing in... and is disabled while busy', async () => {
    mockApi({ 'POST /auth/login': pending });
    renderApp('/login');
    await signIn();
    expect(await screen.findByRole('button', { name: 'Signing in...' })).toBeDisabled();
  });

  it("shows the server's message inline and in a toast when the sign-in fails", async () => {
    mockApi({ 'POST /auth/login': () => apiError(401, AUTH_ERRORS.badCredentials, 'bad_credentials') });
    renderApp('/login');
    await signIn();
    // Inline, and in the toast (whose component loads with the first toast).
    expect(await screen.findByText('Login failed')).toBeInTheDocument();
    expect(screen.getAllByText(AUTH_ERRORS.badCredentials)).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it("falls back to 'Login failed' when the server cannot be reached", async () => {
    jest.spyOn(window, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    renderApp('/login');
    await signIn();
    // The inline alert, and the toast's title and description.
    await waitFor(() => expect(screen.getAllByText('Login failed')).toHaveLength(3));
  });

  it('remembers the token in local storage with Remember me', async () => {
    mockApi({ 'POST /auth/login': loggedIn, ...signedIn });
    const { router } = renderApp('/login');
    await signIn({ rememberMe: true });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(window.localStorage.getItem(ACCESS_TOKEN_KEY)).toBe('fresh-token');
    expect(window.sessionStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(await screen.findByText('Login successful')).toBeInTheDocument();
  });

  it('keeps the token for this browser session only without Remember me', async () => {
    const fetchMock = mockApi({ 'POST /auth/login': loggedIn, ...signedIn });
    const { router } = renderApp('/login');
    await signIn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(window.sessionStorage.getItem(ACCESS_TOKEN_KEY)).toBe('fresh-token');
    expect(window.localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    const [, init] = fetchMock.mock.calls[0];
    expect(String(init?.body)).toBe('username=ada&password=analytical-engine&remember_me=false');
  });

  it('returns the user to the page they came from after signing in', async () => {
    mockApi({ 'POST /auth/login': loggedIn, ...signedIn });
    const { router } = renderApp('/messages?filter=unread');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await signIn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/messages'));
    expect(router.state.location.search).toBe('?filter=unread');
  });

  it.each(['/login', '/register'])('sends a signed-in visitor of %s to /dashboard', async (path) => {
    window.localStorage.setItem(ACCESS_TOKEN_KEY, 'stored-token');
    mockApi(signedIn);
    const { router } = renderApp(path);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});
