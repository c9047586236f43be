import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ActivityItem, DashboardSummary } from '../../../../contract';
import { dayOf } from '../../../../src/features/insights/range';
import { ACCESS_TOKEN_KEY } from '../../../../src/features/auth/session';
import { apiError, json, mockApi, pending, requestsMade, type ApiRoute } from '../../support/api-mock';
import { ACTIVITY, aDashboardSummary } from '../../support/fixtures/insights';
import { renderApp } from '../../support/render';
import { aUser } from '../../support/users';

interface Options {
  connected?: boolean;
  summary?: ApiRoute;
  activity?: ApiRoute;
  exportFile?: ApiRoute;
}

const summaryOf = (summary: DashboardSummary) => () => json(summary);
const activityOf = (items: ActivityItem[]) => () => json(items);

function openDashboard({
  connected = true,
  summary = summaryOf(aDashboardSummary({ connected })),
  activity = activityOf(ACTIVITY),
  exportFile,
}: Options = {}) {
  window.localStorage.setItem(ACCESS_TOKEN_KEY, 'stored-token');
  const routes: Record<string, ApiRoute> = {
    'GET /users/me': () => json(aUser()),
    'GET /whatsapp/status': () => json({ isConnected: connected }),
    'GET /messages/unread': () => json({ unread_conversations: 0 }),
    'GET /escalations': () => json([]),
    [`GET /dashboard/summary?tz=${encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone)}`]: summary,
    'GET /dashboard/activity?limit=10': activity,
  };
  const fetchMock = mockApi(
    new Proxy(routes, {
      // The export's query carries the current time: any export request matches.
      get: (target, key: string) => target[key] ?? (key.startsWith('GET /messages/export?') ? exportFile : undefined),
    }),
  );
  renderApp('/dashboard');
  return fetchMock;
}

const card = (name: string) => screen.getByRole('article', { name });

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

describe('the dashboard stat cards', () => {
  it('shows the four figures of the last 24 h with their change', async () => {
    openDashboard();
    expect(await screen.findByText('56')).toBeInTheDocument();
    expect(within(card('24h Messages')).getByText('+12% vs previous 24 h')).toBeInTheDocument();
    expect(within(card('AI Response Rate')).getByText('80%')).toBeInTheDocument();
    expect(within(card('AI Response Rate')).getByText('+5 pts vs previous 24 h')).toBeInTheDocument();
    expect(within(card('Active Conversations')).getByText('9')).toBeInTheDocument();
    expect(within(card('Active Conversations')).getByText('-25% vs previous 24 h')).toBeInTheDocument();
    expect(within(card('Avg. Response Time')).getByText('1m 35s')).toBeInTheDocument();
    expect(within(card('Avg. Response Time')).getByText('-21% vs previous 24 h')).toBeInTheDocument();
  });

  it('writes N/A for a figure that cannot be computed, without a change', async () => {
    openDashboard({
      summary: summaryOf(
        aDashboardSummary({
          ai_response_rate: { current: null, previous: 0.5 },
          avg_first_response_seconds: { current: null, previous: null },
        }),
      ),
    });
    await screen.findByText('56');
    expect(within(card('AI Response Rate')).getByText('N/A')).toBeInTheDocument();
    expect(within(card('AI Response Rate')).queryByText(/vs previous 24 h/)).not.toBeInTheDocument();
    expect(within(card('Avg. Response Time')).getByText('N/A')).toBeInTheDocument();
  });

  it('shows 0 and N/A without a connection (SPEC.md §2), asking for nothing', async () => {
    const fetchMock = openDashboard({ connected: false });
    await screen.findByText('WhatsApp is not connected');
    expect(within(card('24h Messages')).getByTestId('stat-value')).toHaveTextContent('0');
    expect(within(card('AI Response Rate')).getByTestId('stat-value')).toHaveTextContent('N/A');
    expect(within(card('Active Conversations')).getByTestId('stat-value')).toHaveTextContent('0');
    expect(within(card('Avg. Response Time')).getByTestId('stat-value')).toHaveTextContent('N/A');
    expect(screen.queryByText(/vs previous 24 h/)).not.toBeInTheDocument();
    expect(screen.getByText(/Connect WhatsApp to see your conversations here/)).toBeInTheDocument();
    expect(requestsMade(fetchMock).filter((request) => request.startsWith('GET /dashboard/'))).toEqual([]);
  });

  it('shows skeletons while the figures load', async () => {
    openDashboard({ summary: pending, activity: pending });
    expect(await screen.findAllByTestId('stat-skeleton')).toHaveLength(4);
    expect(screen.getByTestId('activity-skeleton')).toBeInTheDocument();
  });

  it('says when the figures fail and loads them again on retry', async () => {
    let failing = true;
    const fetchMock = openDashboard({
      summary: () => (failing ? apiError(500, 'boom', 'internal') : json(aDashboardSummary())),
    });
    expect(await screen.findByText('The figures could not be loaded.')).toBeInTheDocument();
    const summaryRequests = () =>
      requestsMade(fetchMock).filter((request) => request.startsWith('GET /dashboard/summary')).length;
    const before = summaryRequests();
    failing = false;
    await userEvent.click(screen.getAllByRole('button', { name: 'Retry' })[0]);
    expect(await screen.findByText('56')).toBeInTheDocument();
    expect(screen.queryByText('The figures could not be loaded.')).not.toBeInTheDocument();
    expect(summaryRequests()).toBe(before + 1);
  });
});

describe('the recent activity', () => {
  it('lists events with their badges, each linking to its conversation', async () => {
    openDashboard();
    const list = await screen.findByRole('list', { name: 'Recent activity' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => within(row).getByText(/^(AI|Human|Info)$/).textContent)).toEqual(['AI', 'Human', 'Info']);
    expect(within(list).getByRole('link', { name: 'The AI answered Grace' })).toHaveAttribute(
      'href',
      '/messages?c=4915100000001%40c.us',
    );
    expect(within(list).getByRole('link', { name: 'You answered Alan' })).toHaveAttribute(
      'href',
      '/messages?c=4915100000002%40c.us',
    );
    // A connection change has no conversation to open.
    expect(within(list).queryByRole('link', { name: 'WhatsApp connected' })).not.toBeInTheDocument();
    expect(within(list).getByText('WhatsApp connected')).toBeInTheDocument();
  });

  it('says when there is no activity yet', async () => {
    openDashboard({ activity: activityOf([]) });
    expect(
      await screen.findByText('No activity yet. Conversations will appear here as they happen.'),
    ).toBeInTheDocument();
  });
});

describe('the quick actions', () => {
  it('leads to /agents and /messages and exports when connected', async () => {
    openDashboard();
    expect(await screen.findByRole('link', { name: 'Configure AI Assistant' })).toHaveAttribute('href', '/agents');
    expect(await screen.findByRole('link', { name: 'View New Messages' })).not.toHaveAttribute('aria-disabled');
    expect(screen.getByRole('button', { name: 'Export Chat Data' })).toBeEnabled();
  });

  it('disables the messages and export actions without a connection', async () => {
    openDashboard({ connected: false });
    await screen.findByText('WhatsApp is not connected');
    expect(screen.getByRole('link', { name: 'Configure AI Assistant' })).toHaveAttribute('href', '/agents');
    expect(screen.getByRole('link', { name: 'View New Messages' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('button', { name: 'Export Chat Data' })).toBeDisabled();
  });

  it('downloads the last 30 days, today included, as CSV', async () => {
    const createObjectURL = jest.fn(() => 'blob:export');
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const fetchMock = openDashboard({
      exportFile: () =>
        new Response('conversation,customer_name\n', {
          headers: { 'content-disposition': 'attachment; filename="threadline-messages-2026-10-24_2026-11-22.csv"' },
        }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Export Chat Data' }));
    await screen.findByRole('button', { name: 'Export Chat Data' });
    expect(click).toHaveBeenCalledTimes(1);
    const link = click.mock.instances[0] as unknown as HTMLAnchorElement;
    expect(link.download).toBe('threadline-messages-2026-10-24_2026-11-22.csv');
    const exportRequest = requestsMade(fetchMock).find((request) => request.startsWith('GET /messages/export?'));
    const query = new URLSearchParams(exportRequest?.split('?')[1]);
    expect(query.get('format')).toBe('csv');
    // Whole days of the owner's, as /analytics' 'Last 30 days': 29 days before today, and today.
    expect(query.get('to')).toBe(dayOf(new Date()));
    const days = (Date.parse(query.get('to') ?? '') - Date.parse(query.get('from') ?? '')) / 86_400_000;
    expect(days).toBe(29);
  });
});
