import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TROUBLESHOOTING } from '../../../../src/features/help/helpContent';
import { ACCESS_TOKEN_KEY } from '../../../../src/features/auth/session';
import { json, mockApi, requestsMade } from '../../support/api-mock';
import { renderApp } from '../../support/render';
import { aUser } from '../../support/users';

function openHelp() {
  window.localStorage.setItem(ACCESS_TOKEN_KEY, 'stored-token');
  const fetchMock = mockApi({
    'GET /users/me': () => json(aUser()),
    'GET /whatsapp/status': () => json({ isConnected: true }),
    'GET /messages/unread': () => json({ unread_conversations: 0 }),
    'GET /escalations': () => json([]),
  });
  renderApp('/help');
  return fetchMock;
}

afterEach(() => jest.restoreAllMocks());

describe('the help page', () => {
  it('has every section', async () => {
    openHelp();
    expect(await screen.findByRole('heading', { level: 1, name: 'Help & Support' })).toBeInTheDocument();
    for (const name of [
      'Getting started',
      'How hand-over works',
      'Frequently asked questions',
      'Troubleshooting the connection',
      'Contact support',
    ]) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    }
  });

  it('walks through connecting, creating an agent, uploading and testing from the sandbox phone', async () => {
    openHelp();
    const section = await screen.findByRole('region', { name: 'Getting started' });
    for (const step of ['Connect WhatsApp', 'Create an agent', 'Upload documents', 'Test from the sandbox phone']) {
      expect(within(section).getByRole('heading', { level: 3, name: step })).toBeInTheDocument();
    }
    expect(within(section).getByRole('link', { name: 'Agents' })).toHaveAttribute('href', '/agents');
  });

  it('explains each connection error of SPEC.md §8', async () => {
    openHelp();
    const section = await screen.findByRole('region', { name: 'Troubleshooting the connection' });
    expect(within(section).getByText('WhatsApp access token expired. Please reconnect your account.')).toBeVisible();
    expect(within(section).getByText('Facebook SDK not initialized. Please refresh the page.')).toBeVisible();
    expect(within(section).getAllByRole('term')).toHaveLength(TROUBLESHOOTING.length);
  });

  it('opens an FAQ answer', async () => {
    openHelp();
    await userEvent.click(await screen.findByRole('button', { name: 'Will the AI make things up?' }));
    expect(screen.getByRole('button', { name: 'Will the AI make things up?' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  it('names the support address and calls no help API', async () => {
    const fetchMock = openHelp();
    expect(await screen.findByRole('link', { name: 'support@threadline.app' })).toHaveAttribute(
      'href',
      'mailto:support@threadline.app',
    );
    // Only the shell's own calls: the page itself asks the API for nothing.
    expect(requestsMade(fetchMock).filter((request) => /help|dashboard|analytics/.test(request))).toEqual([]);
  });
});
