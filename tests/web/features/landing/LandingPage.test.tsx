import { screen, within } from '@testing-library/react';
import { ACCESS_TOKEN_KEY } from '../../../../src/features/auth/session';
import { json, mockApi, pending } from '../../support/api-mock';
import { renderApp } from '../../support/render';

const topBar = async () => within(await screen.findByRole('banner'));

afterEach(() => jest.restoreAllMocks());

describe('the landing page', () => {
  it('shows a disabled Checking Status... button while the check is under way', async () => {
    mockApi({ 'GET /health': pending });
    renderApp('/');
    expect(await screen.findByRole('button', { name: 'Checking Status...' })).toBeDisabled();
  });

  it('offers Go to Dashboard when the number is connected', async () => {
    window.localStorage.setItem(ACCESS_TOKEN_KEY, 'stored-token');
    const fetchMock = mockApi({ 'GET /health': () => json({ connected: true }) });
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByText('WhatsApp Account Connected Successfully!')).toBeInTheDocument();
    const [, init] = fetchMock.mock.calls[0];
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer stored-token');
  });

  it('offers Get Started when it is not connected', async () => {
    const fetchMock = mockApi({ 'GET /health': () => json({ connected: false }) });
    renderApp('/');
    expect(await (await topBar()).findByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Connect WhatsApp Account' })).toBeInTheDocument();
    const [, init] = fetchMock.mock.calls[0];
    expect(new Headers(init?.headers).has('authorization')).toBe(false);
  });

  it('says so when the check fails', async () => {
    mockApi({ 'GET /health': () => json({ detail: 'Bad gateway' }, 502) });
    renderApp('/');
    expect(await screen.findByText('Could not check connection status. Please try again later.')).toBeInTheDocument();
    expect((await topBar()).getByRole('link', { name: 'Get Started' })).toBeInTheDocument();
  });
});
