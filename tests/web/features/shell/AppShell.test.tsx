import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserProfile } from '../../../../contract';
import { ACCESS_TOKEN_KEY } from '../../../../src/features/auth/session';
import { ANALYTICS_LOADING, json, mockApi, pending, requestsMade } from '../../support/api-mock';
import { fixedMediaQueryList } from '../../support/media-query';
import { renderApp } from '../../support/render';
import { aUser } from '../../support/users';

function signedIn({
  user = aUser(),
  connected = false,
  unread = 0,
}: { user?: UserProfile; connected?: boolean; unread?: number } = {}) {
  window.localStorage.setItem(ACCESS_TOKEN_KEY, 'stored-token');
  return mockApi({
    'GET /users/me': () => json(user),
    'GET /whatsapp/status': () => json({ isConnected: connected }),
    'GET /messages/unread': () => json({ unread_conversations: unread }),
    'GET /escalations': () => json([]),
    'POST /auth/logout': () => json({ message: 'Logged out successfully!' }),
    // The dashboard's and the analytics' figures stay loading: this test looks at the shell around them.
    'GET /dashboard/summary': pending,
    'GET /dashboard/activity': pending,
    ...ANALYTICS_LOADING,
  });
}

const sidebar = () => within(screen.getByRole('navigation', { name: 'Main' }).parentElement!);

async function openUserMenu() {
  await userEvent.click(await screen.findByRole('button', { name: 'Open user menu' }));
  return within(await screen.findByRole('menu'));
}

afterEach(() => jest.restoreAllMocks());

describe('the app shell', () => {
  it('keeps the sidebar links and names the page in the header', async () => {
    signedIn();
    renderApp('/analytics');
    expect(await screen.findByRole('heading', { level: 2, name: 'Analytics' })).toBeInTheDocument();
    expect(sidebar().getByRole('link', { name: 'Messages' })).toHaveAttribute('href', '/messages');
  });

  it('shows no Messages badge while nothing is unread, and a bell without a count while nothing is handed over', async () => {
    signedIn();
    renderApp('/dashboard');
    await screen.findByText('Not Connected');
    expect(sidebar().getByRole('link', { name: 'Messages' })).toHaveTextContent(/^Messages$/);
    // SPEC.md's hard-coded bell badge of 2 is the real number of open hand-overs (DESIGN.md §12).
    expect(screen.getByRole('button', { name: 'Notifications' })).not.toHaveTextContent(/\d/);
  });

  it('says the number is connected and ready in the sidebar footer', async () => {
    signedIn({ connected: true });
    renderApp('/dashboard');
    expect(await screen.findByText('WhatsApp Connected')).toBeInTheDocument();
    expect(screen.getByText('Ready to send messages')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Connect Now' })).not.toBeInTheDocument();
  });

  it('offers Connect Now in the sidebar footer when not connected', async () => {
    signedIn({ connected: false });
    renderApp('/dashboard');
    expect(await screen.findByText('Not Connected')).toBeInTheDocument();
    expect(screen.getByText('Connect WhatsApp to start')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Connect Now' })).toHaveAttribute('href', '/onboarding');
  });

  it('loads the user once and checks the connection with the token', async () => {
    const fetchMock = signedIn();
    renderApp('/dashboard');
    await screen.findByText('Not Connected');
    // The Messages badge and the bell ask for their counts beside them (and the page for its own data).
    await waitFor(() =>
      expect(requestsMade(fetchMock)).toEqual(
        expect.arrayContaining(['GET /escalations', 'GET /messages/unread', 'GET /users/me', 'GET /whatsapp/status']),
      ),
    );
    expect(requestsMade(fetchMock).filter((request) => request === 'GET /users/me')).toHaveLength(1);
    const statusCall = fetchMock.mock.calls.find(([input]) => String(input).endsWith('/whatsapp/status'));
    expect(new Headers(statusCall?.[1]?.headers).get('authorization')).toMatch(/^Bearer /);
  });

  it("shows the user's name and email in the user menu", async () => {
    signedIn({ user: aUser({ display_name: 'The Countess', is_verified: true }) });
    renderApp('/dashboard');
    await screen.findByText('Not Connected');
    const menu = await openUserMenu();
    expect(menu.getByText('The Countess')).toBeInTheDocument();
    expect(menu.getByText('ada@example.com')).toBeInTheDocument();
    expect(menu.queryByText('Email not verified')).not.toBeInTheDocument();
    expect(menu.getByRole('menuitem', { name: 'Profile Settings' })).toHaveAttribute('href', '/account-settings');
  });

  it('falls back to the full name and flags an unverified email', async () => {
    signedIn({ user: aUser({ display_name: null, is_verified: false }) });
    renderApp('/dashboard');
    await screen.findByText('Not Connected');
    const menu = await openUserMenu();
    expect(menu.getByText('Ada Lovelace')).toBeInTheDocument();
    expect(menu.getByText('Email not verified')).toBeInTheDocument();
  });

  it('logs out: clears both storages and the cached data, says so and goes to /login', async () => {
    window.sessionStorage.setItem(ACCESS_TOKEN_KEY, 'stored-token');
    const fetchMock = signedIn();
    const { router, store } = renderApp('/dashboard');
    await screen.findByText('Not Connected');
    const menu = await openUserMenu();
    await userEvent.click(menu.getByRole('menuitem', { name: 'Logout' }));
    expect(await screen.findByText('Logged out successfully!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(window.localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(window.sessionStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(store.getState().auth).toMatchObject({ status: 'anonymous', accessToken: null, user: null });
    expect(store.getState().connection.status).toBe('loading');
    expect(requestsMade(fetchMock)).toContain('POST /auth/logout');
  });
});

describe('the app shell on a phone', () => {
  beforeEach(() => {
    jest
      .spyOn(window, 'matchMedia')
      .mockImplementation((query: string) => fixedMediaQueryList(query, query.includes('max-width:767.95px')));
  });

  it('counts unread conversations in the tab title while the navigation drawer is closed', async () => {
    signedIn({ unread: 3 });
    renderApp('/dashboard');
    await waitFor(() => expect(document.title).toMatch(/^\(3\) /));
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });

  it('offers the dark/light switch in the user menu, where the header has no room for it', async () => {
    signedIn();
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { level: 2, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Toggle dark mode' })).not.toBeInTheDocument();
    const menu = await openUserMenu();
    expect(menu.getByRole('menuitem', { name: /^Switch to (dark|light) mode$/ })).toBeInTheDocument();
  });
});
