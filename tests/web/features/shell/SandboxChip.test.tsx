import { screen } from '@testing-library/react';
import { ACCESS_TOKEN_KEY } from '../../../../src/features/auth/session';
import { json, mockApi, pending } from '../../support/api-mock';
import { renderApp } from '../../support/render';
import { aUser } from '../../support/users';

function signedIn(status: { isConnected: boolean; sandbox: boolean }) {
  window.localStorage.setItem(ACCESS_TOKEN_KEY, 'stored-token');
  return mockApi({
    'GET /users/me': () => json(aUser()),
    'GET /whatsapp/status': () => json(status),
    // The dashboard's figures stay loading: this test looks at the shell around them.
    'GET /dashboard/summary': pending,
    'GET /dashboard/activity': pending,
  });
}

afterEach(() => jest.restoreAllMocks());

describe("the header's Sandbox chip", () => {
  it('opens the customer phone in a new tab while the sandbox stands in for Meta', async () => {
    signedIn({ isConnected: true, sandbox: true });
    renderApp('/dashboard');
    const chip = await screen.findByRole('link', { name: 'Sandbox: open the customer phone' });
    expect(chip).toHaveAttribute('href', '/sandbox/phone');
    expect(chip).toHaveAttribute('target', '_blank');
    expect(chip).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(chip).toHaveTextContent('Sandbox');
  });

  it('is not there when Meta is configured', async () => {
    signedIn({ isConnected: true, sandbox: false });
    renderApp('/dashboard');
    expect(await screen.findByText('WhatsApp Connected')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /sandbox/i })).not.toBeInTheDocument();
    expect(screen.queryByText('Sandbox')).not.toBeInTheDocument();
  });
});
