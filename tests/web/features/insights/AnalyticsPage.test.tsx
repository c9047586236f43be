import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AnalyticsSummary, Timeseries } from '../../../../contract';
import { dayOf } from '../../../../src/features/insights/range';
import { ACCESS_TOKEN_KEY } from '../../../../src/features/auth/session';
import { apiError, json, mockApi, pending, requestsMade, type ApiRoute } from '../../support/api-mock';
import { aTimeseries, EMPTY_SUMMARY, anAnalyticsSummary } from '../../support/fixtures/insights';
import { renderApp } from '../../support/render';
import { aUser } from '../../support/users';

interface Options {
  summary?: ApiRoute;
  timeseries?: ApiRoute;
  exportFile?: ApiRoute;
}

const answer = (body: AnalyticsSummary | Timeseries) => () => json(body);

/** The API by path, whatever the query (the range's dates depend on today). */
function openAnalytics({
  summary = answer(anAnalyticsSummary()),
  timeseries = answer(aTimeseries()),
  exportFile,
}: Options = {}) {
  window.localStorage.setItem(ACCESS_TOKEN_KEY, 'stored-token');
  const routes: Record<string, ApiRoute | undefined> = {
    'GET /users/me': () => json(aUser()),
    'GET /whatsapp/status': () => json({ isConnected: true }),
    'GET /messages/unread': () => json({ unread_conversations: 0 }),
    'GET /escalations': () => json([]),
    'GET /analytics/summary': summary,
    'GET /analytics/timeseries': timeseries,
    'GET /messages/export': exportFile,
    // The Costs card has tests of its own (CostsCard.test.tsx).
    'GET /analytics/costs': pending,
    'GET /analytics/rate-card': pending,
  };
  const fetchMock = mockApi(
    new Proxy({} as Record<string, ApiRoute>, { get: (_target, key: string) => routes[key.split('?')[0]] }),
  );
  renderApp('/analytics');
  return fetchMock;
}

/** The query of every request made to `path`, in order. */
function queriesTo(fetchMock: jest.SpyInstance, path: string): URLSearchParams[] {
  return requestsMade(fetchMock)
    .filter((request) => request.startsWith(`GET ${path}?`))
    .map((request) => new URLSearchParams(request.split('?')[1]));
}

const region = (name: string) => screen.getByRole('region', { name });

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

describe('the analytics page', () => {
  it('asks for the last 7 days in the browser time zone by default', async () => {
    const fetchMock = openAnalytics();
    await screen.findByRole('heading', { level: 1, name: 'Analytics' });
    await screen.findByRole('table', { name: 'Conversations and messages' });
    const [summary] = queriesTo(fetchMock, '/analytics/summary');
    const today = new Date();
    expect(summary.get('to')).toBe(dayOf(today));
    expect(summary.get('from')).toBe(dayOf(new Date(today.getFullYear(), today.getMonth(), today.getDate() - 6)));
    expect(summary.get('tz')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(queriesTo(fetchMock, '/analytics/timeseries')[0].get('interval')).toBe('day');
    expect(screen.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows the figures of the range, every chart also as a table', async () => {
    openAnalytics();
    const table = await screen.findByRole('table', { name: 'Conversations and messages' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByRole('row', { name: 'Nov 21 3 5 4 1' })).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'AI response rate' })).getByText('N/A')).toBeInTheDocument();
    const times = screen.getByRole('table', { name: 'First response time' });
    expect(within(times).getByRole('row', { name: 'AI 4s 9s 7' })).toBeInTheDocument();
    expect(within(times).getByRole('row', { name: 'People 5m 10m 2' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('table', { name: 'Hand-overs by reason' })).getByText('Lack of knowledge'),
    ).toBeInTheDocument();
    const busiest = screen.getByRole('table', { name: 'Busiest hours' });
    expect(within(busiest).getByRole('row', { name: /^Mon / })).toHaveTextContent(/^Mon(0){9}6(0){14}$/);
    expect(within(region('Top customers')).getByRole('row', { name: 'Grace +49 151 00000001 8' })).toBeInTheDocument();
    expect(
      within(region('Unanswered questions')).getByRole('link', { name: 'Do you deliver on Sundays?' }),
    ).toHaveAttribute('href', '/messages?c=4915100000001%40c.us');
    expect(within(screen.getByRole('article', { name: 'AI Resolution Rate' })).getByText('75%')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Messages' })).getByText('19')).toBeInTheDocument();
  });

  it('shows a chart as a visible table on request', async () => {
    openAnalytics();
    await screen.findByRole('table', { name: 'Hand-overs' });
    const card = region('Hand-overs');
    await userEvent.click(within(card).getByRole('button', { name: 'Show table' }));
    expect(within(card).getByRole('button', { name: 'Show chart' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(card).getByRole('table', { name: 'Hand-overs' })).not.toHaveStyle({ position: 'absolute' });
  });

  it('keeps the screen-reader tables clipped inside their cards, so the page never scrolls sideways', async () => {
    openAnalytics();
    const table = await screen.findByRole('table', { name: 'Busiest hours' });
    // A table is not clipped by its own overflow: the clip belongs to a block around it.
    expect(table).not.toHaveStyle({ position: 'absolute' });
    expect(table.parentElement).toHaveStyle({ position: 'absolute', overflow: 'hidden', width: '1px' });
    expect(region('Busiest hours')).toHaveStyle({ position: 'relative' });
  });

  it('draws the AI response rate of a lone day with data as a mark', async () => {
    openAnalytics();
    await screen.findByRole('table', { name: 'AI response rate' });
    expect(region('AI response rate').querySelectorAll('.MuiLineChart-mark').length).toBeGreaterThan(0);
  });

  it('says a range is empty instead of drawing empty charts', async () => {
    openAnalytics({ summary: answer(EMPTY_SUMMARY), timeseries: answer(aTimeseries(0)) });
    expect(await screen.findAllByText('No data for this range yet.')).not.toHaveLength(0);
    expect(within(region('Unanswered questions')).getByText(/No unanswered questions/)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'AI Response Rate' })).getByText('N/A')).toBeInTheDocument();
  });

  it('shows skeletons while the range loads', async () => {
    openAnalytics({ summary: pending, timeseries: pending });
    expect(await screen.findAllByTestId('chart-skeleton')).toHaveLength(8);
  });

  it('asks again when the range changes', async () => {
    const fetchMock = openAnalytics();
    await screen.findByRole('table', { name: 'Conversations and messages' });
    await userEvent.click(screen.getByRole('button', { name: 'Last 30 days' }));
    await screen.findByRole('table', { name: 'Conversations and messages' });
    const today = new Date();
    expect(queriesTo(fetchMock, '/analytics/summary').at(-1)?.get('from')).toBe(
      dayOf(new Date(today.getFullYear(), today.getMonth(), today.getDate() - 29)),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Last 24 hours' }));
    await screen.findByRole('table', { name: 'Conversations and messages' });
    const hourly = queriesTo(fetchMock, '/analytics/timeseries').at(-1);
    expect(hourly?.get('interval')).toBe('hour');
    expect(Date.parse(hourly?.get('to') ?? '') - Date.parse(hourly?.get('from') ?? '')).toBe(86_400_000);
  });

  it('takes a custom range and refuses one that ends before it starts', async () => {
    const fetchMock = openAnalytics();
    await screen.findByRole('table', { name: 'Conversations and messages' });
    await userEvent.click(screen.getByRole('button', { name: 'Custom' }));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-10' } });
    await screen.findByRole('table', { name: 'Conversations and messages' });
    const custom = queriesTo(fetchMock, '/analytics/summary').at(-1);
    expect([custom?.get('from'), custom?.get('to')]).toEqual(['2026-11-01', '2026-11-10']);

    const asked = queriesTo(fetchMock, '/analytics/summary').length;
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-10-01' } });
    expect(await screen.findByRole('alert')).toHaveTextContent('The last day must not be before the first day.');
    expect(queriesTo(fetchMock, '/analytics/summary')).toHaveLength(asked);
  });

  it('says when the figures fail and loads them again on retry', async () => {
    let failing = true;
    openAnalytics({ summary: () => (failing ? apiError(500, 'boom', 'internal') : json(anAnalyticsSummary())) });
    expect(await screen.findByText('The analytics could not be loaded.')).toBeInTheDocument();
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Conversations and messages' })).toBeInTheDocument();
  });

  it('exports the range on screen as JSON', async () => {
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:export'), revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const fetchMock = openAnalytics({ exportFile: () => new Response('[]') });
    await screen.findByRole('table', { name: 'Conversations and messages' });
    await userEvent.click(screen.getByRole('button', { name: 'Export JSON' }));
    await screen.findByRole('button', { name: 'Export JSON' });
    const [summary] = queriesTo(fetchMock, '/analytics/summary');
    const [exported] = queriesTo(fetchMock, '/messages/export');
    expect(exported.get('format')).toBe('json');
    expect([exported.get('from'), exported.get('to')]).toEqual([summary.get('from'), summary.get('to')]);
    expect(click).toHaveBeenCalledTimes(1);
    expect((click.mock.instances[0] as unknown as HTMLAnchorElement).download).toBe(
      `threadline-messages-${summary.get('from')}-${summary.get('to')}.json`,
    );
  });
});
