import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { createMemoryRouter } from 'react-router';
import { accountApi } from '../../../../src/api/account';
import { authApi } from '../../../../src/api/auth';
import { ApiError } from '../../../../src/api/client';
import { pushApi } from '../../../../src/api/push';
import App from '../../../../src/App';
import { createRoutes } from '../../../../src/routes';
import { setupStore } from '../../../../src/store';
import { renderApp } from '../../support/render';
import { aUser, signedInState } from '../../support/users';

const user = aUser({ is_verified: false });

beforeEach(() => {
  jest.spyOn(window, 'fetch').mockRejectedValue(new Error('unexpected network call'));
});

afterEach(() => {
  jest.restoreAllMocks();
});

describe('/verify-email', () => {
  it('shows Verifying Email... while the server answers', async () => {
    jest.spyOn(accountApi, 'verifyEmail').mockReturnValue(new Promise(() => undefined));
    renderApp('/verify-email?token=abc');
    expect(await screen.findByRole('heading', { name: 'Verifying Email...' })).toBeInTheDocument();
  });

  it('confirms the verification and offers the dashboard', async () => {
    const verify = jest.spyOn(accountApi, 'verifyEmail').mockResolvedValue({ message: 'ok' });
    renderApp('/verify-email?token=abc');
    expect(await screen.findByRole('heading', { name: 'Email Verified!' })).toBeInTheDocument();
    expect(verify).toHaveBeenCalledWith('abc');
    expect(await screen.findByText('Email verified successfully!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  it('refreshes the signed-in user after verifying', async () => {
    jest.spyOn(accountApi, 'verifyEmail').mockResolvedValue({ message: 'ok' });
    const me = jest.spyOn(authApi, 'me').mockResolvedValue({ ...user, is_verified: true });
    // A signed-in tab says whether it is seen (no push meanwhile).
    jest.spyOn(pushApi, 'presence').mockResolvedValue(undefined);
    const { store } = renderApp('/verify-email?token=abc', signedInState(user));
    expect(await screen.findByRole('heading', { name: 'Email Verified!' })).toBeInTheDocument();
    await waitFor(() => expect(store.getState().auth.user?.is_verified).toBe(true));
    expect(me).toHaveBeenCalledWith('token');
  });

  it("shows the server's reason when verification fails, with ways on", async () => {
    const reason = 'This verification link is invalid or has expired. Please request a new one.';
    jest.spyOn(accountApi, 'verifyEmail').mockRejectedValue(new ApiError(reason, 400));
    const person = userEvent.setup();
    const { router } = renderApp('/verify-email?token=abc');

    expect(await screen.findByRole('heading', { name: 'Verification Failed' })).toBeInTheDocument();
    expect(screen.getByText(reason)).toBeInTheDocument();
    expect(screen.getByText('Verification failed')).toBeInTheDocument();
    expect(screen.getByText('Please try again or contact support.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');

    await person.click(screen.getByRole('link', { name: 'Resend Verification Email' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('falls back to the expired-link reason when the server cannot be reached', async () => {
    renderApp('/verify-email?token=abc');
    expect(await screen.findByText('Failed to verify email. The link may be expired or invalid.')).toBeInTheDocument();
  });

  it('fails at once without a token', async () => {
    const verify = jest.spyOn(accountApi, 'verifyEmail');
    renderApp('/verify-email');
    expect(await screen.findByRole('heading', { name: 'Verification Failed' })).toBeInTheDocument();
    expect(screen.getByText('No verification token provided')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Resend Verification Email' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
    expect(verify).not.toHaveBeenCalled();
  });

  it("sends the token once under React's StrictMode, with the account feature loaded by the route", async () => {
    const verify = jest.spyOn(accountApi, 'verifyEmail').mockResolvedValue({ message: 'ok' });
    const store = setupStore(undefined, { navigate: (to, options) => router.navigate(to, options) });
    expect(store.getState()).not.toHaveProperty('account');
    const router = createMemoryRouter(createRoutes(store.loadFeature), { initialEntries: ['/verify-email?token=abc'] });
    render(
      <StrictMode>
        <App store={store} router={router} />
      </StrictMode>,
    );
    expect(await screen.findByRole('heading', { name: 'Email Verified!' })).toBeInTheDocument();
    expect(verify).toHaveBeenCalledTimes(1);
    expect(store.getState().account).toBeDefined();
  });
});
