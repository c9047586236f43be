import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCESS_TOKEN_KEY } from '../../../../src/features/auth/session';
import { apiError, json, mockApi, pending, requestsMade, type ApiRoute } from '../../support/api-mock';
import { aCostReport, aRateCard, aTimeseries, anAnalyticsSummary } from '../../support/fixtures/insights';
import { renderApp } from '../../support/render';
import { aUser } from '../../support/users';

/** /analytics' Costs card: the month's billed messages, the estimate, and the 'Edit rates' dialog. */

function openAnalytics(routes: Record<string, ApiRoute | undefined>) {
  window.localStorage.setItem(ACCESS_TOKEN_KEY, 'stored-token');
  const all: Record<string, ApiRoute | undefined> = {
    'GET /users/me': () => json(aUser()),
    'GET /whatsapp/status': () => json({ isConnected: true }),
    'GET /messages/unread': () => json({ unread_conversations: 0 }),
    'GET /escalations': () => json([]),
    'GET /analytics/summary': () => json(anAnalyticsSummary()),
    'GET /analytics/timeseries': () => json(aTimeseries()),
    'GET /analytics/rate-card': () => json(aRateCard()),
    ...routes,
  };
  const fetchMock = mockApi(
    new Proxy({} as Record<string, ApiRoute>, { get: (_target, key: string) => all[key.split('?')[0]] }),
  );
  renderApp('/analytics');
  return fetchMock;
}

const costsCard = () => screen.getByRole('region', { name: 'Costs' });

/** The `month` of every costs request, in order. */
function monthsAsked(fetchMock: jest.SpyInstance): (string | null)[] {
  return requestsMade(fetchMock)
    .filter((request) => request.startsWith('GET /analytics/costs?'))
    .map((request) => new URLSearchParams(request.split('?')[1]).get('month'));
}

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

describe('the Costs card', () => {
  it("shows the month's billed messages per category and the estimate", async () => {
    openAnalytics({ 'GET /analytics/costs': () => json(aCostReport()) });

    const table = await screen.findByRole('table', { name: 'Billed messages per category' });
    expect(within(table).getByRole('row', { name: 'Marketing 3 $0.025 $0.075' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: 'Marketing lite 0 $0.025 $0.00' })).toBeInTheDocument();
    expect(within(costsCard()).getByLabelText('Estimated cost')).toHaveTextContent('$0.079');
    expect(within(costsCard()).getByText('Estimated cost for November 2026')).toBeInTheDocument();
    expect(within(costsCard()).getByText(/Default rates: Meta's North America list rates/)).toBeInTheDocument();
  });

  it('asks for the previous month', async () => {
    const fetchMock = openAnalytics({ 'GET /analytics/costs': () => json(aCostReport()) });
    await screen.findByRole('table', { name: 'Billed messages per category' });
    const [shown] = monthsAsked(fetchMock);
    const [year, month] = (shown ?? '').split('-').map(Number);

    await userEvent.click(within(costsCard()).getByRole('button', { name: 'Previous month' }));

    await waitFor(() => expect(monthsAsked(fetchMock)).toHaveLength(2));
    expect(monthsAsked(fetchMock)[1]).toBe(new Date(Date.UTC(year!, month! - 2, 1)).toISOString().slice(0, 7));
  });

  it('saves new rates from the dialog and shows the refusal of a field', async () => {
    let saves = 0;
    openAnalytics({
      'GET /analytics/costs': () => json(aCostReport()),
      'PUT /analytics/rate-card': () => {
        saves += 1;
        return saves === 1
          ? apiError(
              422,
              'currency must be a 3-letter ISO 4217 code, such as USD or EUR.',
              'validation_failed',
              'currency',
            )
          : json(aRateCard({ currency: 'EUR', is_default: false }));
      },
    });
    await screen.findByRole('table', { name: 'Billed messages per category' });

    await userEvent.click(within(costsCard()).getByRole('button', { name: 'Edit rates' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit rates' });
    const currency = within(dialog).getByLabelText('Currency');
    await userEvent.clear(currency);
    await userEvent.type(currency, 'XXQ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findAllByText('currency must be a 3-letter ISO 4217 code, such as USD or EUR.'),
    ).not.toHaveLength(0);

    await userEvent.clear(currency);
    await userEvent.type(currency, 'eur');
    await userEvent.clear(within(dialog).getByLabelText('Marketing'));
    await userEvent.type(within(dialog).getByLabelText('Marketing'), '0.06');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit rates' })).not.toBeInTheDocument());
    expect(saves).toBe(2);
  });

  it('checks a rate before sending it', async () => {
    const fetchMock = openAnalytics({ 'GET /analytics/costs': () => json(aCostReport()) });
    await screen.findByRole('table', { name: 'Billed messages per category' });

    await userEvent.click(within(costsCard()).getByRole('button', { name: 'Edit rates' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit rates' });
    await userEvent.clear(within(dialog).getByLabelText('Utility'));
    await userEvent.type(within(dialog).getByLabelText('Utility'), '0.00001');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByText(/^Utility must be a number from 0 to 1000/)).toBeInTheDocument();
    expect(requestsMade(fetchMock).some((request) => request.startsWith('PUT /analytics/rate-card'))).toBe(false);
  });

  it('says when the costs fail to load', async () => {
    openAnalytics({
      'GET /analytics/costs': () => apiError(500, 'Something went wrong on our side.', 'internal'),
      'GET /analytics/rate-card': pending,
    });
    expect(
      await within(await screen.findByRole('region', { name: 'Costs' })).findByText('The costs could not be loaded.'),
    ).toBeInTheDocument();
  });
});
