import { screen, waitFor, within } from '@testing-library/react';
import { WHATSAPP_MESSAGES } from '../../../../contract';
import userEvent from '@testing-library/user-event';
import { apiError, DASHBOARD_LOADING, json, mockApi, requestsMade, type ApiRoute } from '../../support/api-mock';
import { renderApp } from '../../support/render';
import { config, profile, subscription } from '../../support/fixtures/whatsapp';
import { aUser, signedInState } from '../../support/users';

function openWhatsApp(routes: Record<string, ApiRoute> = {}) {
  const fetchMock = mockApi({
    'GET /users/me': () => json(aUser()),
    'GET /whatsapp/status': () => json({ isConnected: true }),
    'GET /whatsapp/config': () => json(config),
    'GET /whatsapp/profile': () => json(profile),
    'GET /whatsapp/subscription-info': () => json(subscription),
    'GET /messages/settings': () => json({ read_receipts: true }),
    ...routes,
  });
  return { fetchMock, ...renderApp('/whatsapp', signedInState()) };
}

const card = (title: string) =>
  within(screen.getByRole('heading', { name: title }).closest('.MuiCard-root') as HTMLElement);

afterEach(() => jest.restoreAllMocks());

describe('/whatsapp', () => {
  it('shows the connected number, its profile, its webhook and the documentation', async () => {
    openWhatsApp();
    expect(await screen.findByText('waba-123')).toBeInTheDocument();
    const details = card('Connection Details');
    for (const label of ['WABA ID', 'Phone Number ID', 'Phone Number', 'Status', 'Connected since']) {
      expect(details.getByText(label)).toBeInTheDocument();
    }
    expect(details.getByText('phone-id-456')).toBeInTheDocument();
    expect(details.getByText('+1 555 0100')).toBeInTheDocument();
    expect(details.getAllByText('Active')).not.toHaveLength(0);
    expect(details.getByRole('link', { name: 'Reconnect' })).toHaveAttribute('href', '/onboarding?reconnect=true');

    const businessProfile = card('Business Profile');
    expect(await businessProfile.findByText('Ada Bakery')).toBeInTheDocument();
    expect(businessProfile.getByText('EUR')).toBeInTheDocument();
    expect(businessProfile.getByText('biz-789')).toBeInTheDocument();
    expect(businessProfile.getByText('Ada Holdings')).toBeInTheDocument();

    const webhook = card('Webhook Subscription');
    expect(webhook.getByText('Subscription status: active')).toBeInTheDocument();
    expect(webhook.getByText('Threadline')).toBeInTheDocument();
    expect(webhook.getByText('Business')).toBeInTheDocument();
    expect(webhook.getByRole('link', { name: 'Open Threadline' })).toHaveAttribute(
      'href',
      'https://www.facebook.com/games/?app_id=42',
    );
    expect(webhook.getByText(/^Last checked:/)).toBeInTheDocument();
    expect(webhook.queryByRole('button', { name: 'Check Status' })).not.toBeInTheDocument();

    expect(screen.getByRole('heading', { name: 'Danger Zone' })).toBeInTheDocument();
    const docs = card('Documentation');
    expect(docs.getByRole('link', { name: 'WhatsApp Cloud API' })).toHaveAttribute(
      'href',
      'https://developers.facebook.com/docs/whatsapp/cloud-api',
    );
    expect(docs.getByRole('link', { name: 'Embedded Signup' })).toBeInTheDocument();
    expect(docs.getByRole('link', { name: 'Webhooks' })).toBeInTheDocument();
  });

  it('turns read receipts off and on, and puts the switch back when the save is refused', async () => {
    const saved: unknown[] = [];
    let refuse = false;
    openWhatsApp({
      'PUT /messages/settings': (init) => {
        if (refuse) return apiError(500, 'Database down', 'internal');
        const body = JSON.parse(String(init?.body)) as unknown;
        saved.push(body);
        return json(body);
      },
    });
    await screen.findByRole('heading', { name: 'Read receipts' });
    const receipts = card('Read receipts');
    const toggle = await receipts.findByRole('switch', { name: 'Mark messages read when I open a conversation' });
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).toBeChecked();
    await userEvent.click(toggle);
    await waitFor(() => expect(saved).toEqual([{ read_receipts: false }]));
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).not.toBeChecked();

    refuse = true;
    await userEvent.click(toggle);
    expect(await screen.findByText('Setting not saved')).toBeInTheDocument();
    await waitFor(() => expect(toggle).not.toBeChecked());
  });

  it('flags a connection issue when the profile says the token expired', async () => {
    openWhatsApp({ 'GET /whatsapp/profile': () => apiError(401, 'Token expired', 'unauthorized') });
    const badges = await screen.findAllByText('Connection Issue');
    expect(badges.some((badge) => badge.closest('.MuiChip-root'))).toBe(true);
    expect(screen.getByText('Your WhatsApp connection needs attention')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reconnect now' })).toHaveAttribute('href', '/onboarding?reconnect=true');
    expect(
      card('Business Profile').getByText('WhatsApp access token expired. Please reconnect your account.'),
    ).toBeInTheDocument();
  });

  it('asks for a refresh when the profile fails for another reason', async () => {
    openWhatsApp({ 'GET /whatsapp/profile': () => apiError(500, 'Graph is down', 'graph_error') });
    expect(await screen.findByText('Failed to fetch business profile. Please try refreshing.')).toBeInTheDocument();
    expect(screen.getByText('Graph is down')).toBeInTheDocument();
    expect(screen.queryByText('Connection Issue')).not.toBeInTheDocument();
  });

  it('offers Check Status when the webhook is not subscribed', async () => {
    const { fetchMock } = openWhatsApp({
      'GET /whatsapp/subscription-info': () => json({ ...subscription, is_subscribed: false, subscribed_apps: [] }),
    });
    const check = await screen.findByRole('button', { name: 'Check Status' });
    expect(card('Webhook Subscription').getByText('Inactive')).toBeInTheDocument();
    await userEvent.click(check);
    await waitFor(() =>
      expect(requestsMade(fetchMock).filter((request) => request === 'GET /whatsapp/subscription-info')).toHaveLength(
        2,
      ),
    );
  });

  it('tells what to do next when the WABA was connected without a number (Embedded Signup v4)', async () => {
    openWhatsApp({ 'GET /whatsapp/config': () => json({ ...config, phone_number_id: null, phone_number: 'TBD' }) });
    expect(await screen.findByText(WHATSAPP_MESSAGES.noNumberTitle)).toBeInTheDocument();
    const details = card('Connection Details');
    expect(details.getByText(WHATSAPP_MESSAGES.noNumberBody)).toBeInTheDocument();
    expect(details.getByRole('link', { name: WHATSAPP_MESSAGES.noNumberAction })).toHaveAttribute(
      'href',
      '/onboarding?reconnect=true',
    );
    expect(details.getByText(WHATSAPP_MESSAGES.noNumberId)).toBeInTheDocument();
    // SPEC.md §3's placeholder for the number itself stays.
    expect(details.getByText('TBD')).toBeInTheDocument();
  });

  it('does not ask for a number when one is connected', async () => {
    openWhatsApp();
    expect(await screen.findByText('waba-123')).toBeInTheDocument();
    expect(screen.queryByText(WHATSAPP_MESSAGES.noNumberTitle)).not.toBeInTheDocument();
  });

  it('offers to connect when no number is connected', async () => {
    openWhatsApp({ 'GET /whatsapp/config': () => apiError(404, 'WhatsApp is not connected', 'not_found') });
    expect(await screen.findByRole('heading', { name: 'WhatsApp Not Connected' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Connect WhatsApp Business Account' })).toHaveAttribute(
      'href',
      '/onboarding?reconnect=true',
    );
  });

  it('says when the configuration cannot be loaded', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    openWhatsApp({ 'GET /whatsapp/config': () => apiError(500, 'Database unavailable', 'internal') });
    expect(await screen.findByText('Failed to load WhatsApp configuration.')).toBeInTheDocument();
    expect(await screen.findByText('Failed to fetch WhatsApp data.')).toBeInTheDocument();
  });

  it('refreshes on request', async () => {
    openWhatsApp();
    await userEvent.click(await screen.findByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('Data refreshed successfully!')).toBeInTheDocument();
  });

  describe('the disconnect dialog', () => {
    async function openDialog() {
      const view = openWhatsApp({
        'DELETE /whatsapp/disconnect': () => json({ success: true, message: 'WhatsApp disconnected' }),
        ...DASHBOARD_LOADING,
      });
      await userEvent.click(await screen.findByRole('button', { name: 'Disconnect WhatsApp' }));
      return { ...view, dialog: within(await screen.findByRole('dialog')) };
    }

    it('keeps the confirm button disabled until DISCONNECT is typed exactly', async () => {
      const { dialog } = await openDialog();
      const confirm = dialog.getByRole('button', { name: 'Disconnect' });
      expect(confirm).toBeDisabled();
      const input = dialog.getByLabelText("Type 'DISCONNECT' to confirm");
      await userEvent.type(input, 'disconnect');
      expect(await dialog.findByText("Please type 'DISCONNECT' to confirm")).toBeInTheDocument();
      expect(confirm).toBeDisabled();
      await userEvent.clear(input);
      await userEvent.type(input, 'DISCONNECT');
      await waitFor(() => expect(confirm).toBeEnabled());
      expect(dialog.queryByText("Please type 'DISCONNECT' to confirm")).not.toBeInTheDocument();
    });

    it('disconnects and goes to the dashboard', async () => {
      const { dialog, fetchMock, router } = await openDialog();
      await userEvent.type(dialog.getByLabelText("Type 'DISCONNECT' to confirm"), 'DISCONNECT');
      await userEvent.click(dialog.getByRole('button', { name: 'Disconnect' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
      expect(requestsMade(fetchMock)).toContain('DELETE /whatsapp/disconnect');
    });

    it('explains a failed disconnect in the dialog', async () => {
      openWhatsApp({ 'DELETE /whatsapp/disconnect': () => apiError(502, 'Meta did not answer', 'graph_error') });
      await userEvent.click(await screen.findByRole('button', { name: 'Disconnect WhatsApp' }));
      const dialog = within(await screen.findByRole('dialog'));
      await userEvent.type(dialog.getByLabelText("Type 'DISCONNECT' to confirm"), 'DISCONNECT');
      await userEvent.click(dialog.getByRole('button', { name: 'Disconnect' }));
      expect(await dialog.findByText('Failed to disconnect: Meta did not answer')).toBeInTheDocument();
    });
  });
});
