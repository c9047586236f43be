import { screen, waitFor } from '@testing-library/react';
import { ACCESS_TOKEN_KEY } from '../../src/features/auth/session';
import { ANALYTICS_LOADING, json, mockApi, type ApiRoute } from './support/api-mock';
import { renderApp } from './support/render';
import { aUser } from './support/users';

/** The signed-in user and the connection, which every protected page asks for. */
const signedInRoutes: Record<string, ApiRoute> = {
  'GET /users/me': () => json(aUser()),
  'GET /whatsapp/status': () => json({ isConnected: true }),
};

describe('the route table', () => {
  it('shows Loading... on a protected page while authentication loads', async () => {
    renderApp('/dashboard', undefined, { runSagas: false });
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
  });

  it('redirects an anonymous visitor from a protected page to /login', async () => {
    const { router } = renderApp('/messages');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/messages' } });
  });

  it('renders a protected page inside the app shell for a signed-in user', async () => {
    window.localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    mockApi({ ...signedInRoutes, ...ANALYTICS_LOADING });
    const { router } = renderApp('/analytics');
    expect(await screen.findByRole('heading', { level: 1, name: 'Analytics' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/analytics');
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });

  it('accepts a token kept in session storage', async () => {
    window.sessionStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    mockApi(signedInRoutes);
    renderApp('/help');
    expect(await screen.findByRole('heading', { level: 1, name: 'Help & Support' })).toBeInTheDocument();
  });

  it('shows the not-found page with a link home for an unknown path', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp('/does-not-exist');
    expect(await screen.findByText('404')).toBeInTheDocument();
    expect(screen.getByText('Oops! Page not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
  });

  it.each([
    ['/agents/new'],
    ['/agents/7'],
    ['/agents/7/edit'],
    ['/agents/7/upload'],
    ['/onboarding'],
    ['/whatsapp'],
    ['/account-settings'],
  ])('knows the protected route %s', async (path) => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    // The agent page shows its title once the agent has loaded; other requests answer 501.
    mockApi({
      'GET /agents/7': () =>
        json({
          id: 7,
          name: 'Front desk',
          description: 'Answers questions',
          model: 'local/knowledge-base',
          system_prompt: 'Be kind',
          user_prompt: '{{message}}',
          api_key: '',
          voice_notes: 'ask_for_text',
          resume_after_minutes: 30,
          status: 'active',
          created_at: '2026-11-01T10:00:00.000Z',
          updated_at: '2026-11-01T10:00:00.000Z',
        }),
    });
    window.localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    const { router } = renderApp(path);
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument());
    expect(screen.queryByText('Oops! Page not found')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
  });
});
