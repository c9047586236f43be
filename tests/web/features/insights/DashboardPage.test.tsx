import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserProfile } from '../../../../contract';
import { NEW_ACCOUNT_WINDOW_MS } from '../../../../src/features/auth/selectors';
import { ACCESS_TOKEN_KEY } from '../../../../src/features/auth/session';
import { json, mockApi, pending, requestsMade } from '../../support/api-mock';
import { aDashboardSummary } from '../../support/fixtures/insights';
import { renderApp } from '../../support/render';
import { aUser } from '../../support/users';

function openDashboard({ user = aUser(), connected = false }: { user?: UserProfile; connected?: boolean } = {}) {
  window.localStorage.setItem(ACCESS_TOKEN_KEY, 'stored-token');
  const fetchMock = mockApi({
    'GET /users/me': () => json(user),
    'GET /whatsapp/status': () => json({ isConnected: connected }),
    'POST /auth/resend-verification': () => json({ message: 'sent' }),
    [`GET /dashboard/summary?tz=${encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone)}`]: () =>
      json(aDashboardSummary({ connected })),
    'GET /dashboard/activity?limit=10': () => json([]),
  });
  renderApp('/dashboard');
  return fetchMock;
}

afterEach(() => jest.restoreAllMocks());

describe('the dashboard', () => {
  it.each<[string, Partial<UserProfile>, string]>([
    ['the display name', { display_name: 'The Countess', first_name: 'Ada' }, 'The Countess'],
    ['the first name without a display name', { display_name: null, first_name: 'Ada' }, 'Ada'],
    ['User without either', { display_name: null, first_name: '' }, 'User'],
  ])('greets with %s', async (_case, names, greeting) => {
    openDashboard({ user: aUser(names) });
    expect(await screen.findByRole('heading', { level: 1, name: `Welcome back, ${greeting}!` })).toBeInTheDocument();
  });

  it('greets without a name while the user loads', async () => {
    window.localStorage.setItem(ACCESS_TOKEN_KEY, 'stored-token');
    mockApi({ 'GET /users/me': pending });
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome!' })).toBeInTheDocument();
  });

  it('greets an account created moments ago as new, not as returning', async () => {
    openDashboard({ user: aUser({ created_at: new Date(Date.now() - 1000).toISOString() }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Ada!' })).toBeInTheDocument();
  });

  it(`greets an account older than ${NEW_ACCOUNT_WINDOW_MS / 60_000} minutes as returning`, async () => {
    openDashboard({ user: aUser({ created_at: new Date(Date.now() - NEW_ACCOUNT_WINDOW_MS - 1000).toISOString() }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Ada!' })).toBeInTheDocument();
  });

  it('asks an unverified user to verify, and resends the mail on request', async () => {
    const fetchMock = openDashboard({ user: aUser({ is_verified: false }) });
    expect(await screen.findByText('Please verify your email address')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Resend Email' }));
    expect(await screen.findByText('Verification email sent')).toBeInTheDocument();
    expect(requestsMade(fetchMock)).toContain('POST /auth/resend-verification');
  });

  it('shows no verification banner to a verified user', async () => {
    openDashboard({ user: aUser({ is_verified: true }) });
    await screen.findByRole('heading', { level: 1, name: 'Welcome back, Ada!' });
    expect(screen.queryByText('Please verify your email address')).not.toBeInTheDocument();
  });

  it('points a user without a connection to the onboarding', async () => {
    openDashboard({ connected: false });
    expect(await screen.findByText('WhatsApp is not connected')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start setup' })).toHaveAttribute('href', '/onboarding');
    expect(screen.getByRole('link', { name: 'Connect WhatsApp' })).toHaveAttribute('href', '/onboarding');
  });

  it('offers to manage an existing connection', async () => {
    openDashboard({ connected: true });
    expect(await screen.findByRole('link', { name: 'Manage Connection' })).toHaveAttribute('href', '/onboarding');
    expect(screen.queryByText('WhatsApp is not connected')).not.toBeInTheDocument();
  });
});
