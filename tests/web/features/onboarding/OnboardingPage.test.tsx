import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EmbeddedSignupConfig } from '../../../../contract';
import { FOOTER_HINT } from '../../../../src/features/onboarding/OnboardingPage';
import type { FacebookLoginResponse, FacebookSdk } from '../../../../src/features/onboarding/embeddedSignup';
import { DASHBOARD_LOADING, json, mockApi, pending, requestsMade, type ApiRoute } from '../../support/api-mock';
import { renderApp } from '../../support/render';
import { aUser, signedInState } from '../../support/users';

const FACEBOOK = 'https://www.facebook.com';

const signupConfig: EmbeddedSignupConfig = {
  app_id: 'app-42',
  config_id: 'config-7',
  graph_version: 'v23.0',
  sdk_url: 'https://connect.facebook.net/en_US/sdk.js',
  trusted_origins: [FACEBOOK],
  sandbox: false,
};

let answerLogin: (response: FacebookLoginResponse | null) => void = () => undefined;

function installSdk(): FacebookSdk {
  const sdk: FacebookSdk = {
    init: jest.fn(),
    login: jest.fn((callback) => {
      answerLogin = callback;
    }),
  };
  window.FB = sdk;
  return sdk;
}

function openOnboarding(path = '/onboarding', routes: Record<string, ApiRoute> = {}) {
  const fetchMock = mockApi({
    'GET /users/me': () => json(aUser()),
    'GET /whatsapp/status': () => json({ isConnected: false }),
    'GET /whatsapp/embedded-signup': () => json(signupConfig),
    ...DASHBOARD_LOADING,
    ...routes,
  });
  return { fetchMock, ...renderApp(path, signedInState()) };
}

async function goToConnectStep() {
  await userEvent.click(await screen.findByRole('button', { name: 'Next' }));
  return screen.findByRole('button', { name: 'Connect WhatsApp Business' });
}

beforeEach(() => installSdk());

afterEach(() => {
  delete window.FB;
  jest.restoreAllMocks();
});

describe('/onboarding', () => {
  it('welcomes the owner at step 1 of 2', async () => {
    openOnboarding();
    expect(await screen.findByText('Step 1 of 2')).toBeInTheDocument();
    expect(screen.getByText('50% Complete')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Onboarding progress' })).toHaveAttribute('aria-valuenow', '50');
    expect(screen.getByText(/Facebook Business account and a verified WhatsApp Business account/)).toBeInTheDocument();
    const setup = screen.getByRole('list', { name: 'What the setup does' });
    for (const step of [/secure authentication/i, /automatic creation/i, /phone number verification/i]) {
      expect(setup).toHaveTextContent(step);
    }
    expect(setup).toHaveTextContent(/business profile setup/i);
    expect(setup).toHaveTextContent(/webhook subscription/i);
    expect(setup).toHaveTextContent(/AI messaging/i);
    expect(screen.getByRole('link', { name: 'Learn more about Embedded Signup' })).toHaveAttribute(
      'href',
      'https://developers.facebook.com/docs/whatsapp/embedded-signup',
    );
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('button', { name: 'Skip for now' })).toBeInTheDocument();
    // No agent exists yet: the welcome says what to do after connecting instead of promising answers.
    expect(screen.getByText(/create an agent on the Agents page/)).toBeInTheDocument();
    expect(screen.queryByText(/starts answering customers as soon as/)).not.toBeInTheDocument();
  });

  it("dresses step 2's footer button as a step control that points to the connect button", async () => {
    openOnboarding();
    await goToConnectStep();
    const steps = screen.getByRole('navigation', { name: 'Onboarding steps' });
    const footerButton = within(steps).getByRole('button', { name: 'Connect My WhatsApp' });
    expect(footerButton).toHaveAccessibleDescription(FOOTER_HINT);
    expect(footerButton).toHaveClass('MuiButton-text');
    expect(within(steps).queryByRole('button', { name: 'Connect WhatsApp Business' })).not.toBeInTheDocument();
  });

  it('goes to step 2 of 2 at 100% with Next, and back with Back', async () => {
    openOnboarding();
    await goToConnectStep();
    expect(screen.getByText('Step 2 of 2')).toBeInTheDocument();
    expect(screen.getByText('100% Complete')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Connect My WhatsApp' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByText('Step 1 of 2')).toBeInTheDocument();
  });

  it('starts a reconnect at the connect step, without a way to skip', async () => {
    openOnboarding('/onboarding?reconnect=true');
    expect(await screen.findByText('Step 2 of 2')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Reconnect your WhatsApp Business account' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Skip for now' })).not.toBeInTheDocument();
  });

  it('lets the owner skip to the dashboard with a toast', async () => {
    const { router } = openOnboarding();
    await userEvent.click(await screen.findByRole('button', { name: 'Skip for now' }));
    expect(await screen.findByText('Onboarding skipped')).toBeInTheDocument();
    expect(screen.getByText('You can connect WhatsApp later from the dashboard.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('keeps the connect button disabled until the SDK is ready', async () => {
    openOnboarding('/onboarding', { 'GET /whatsapp/embedded-signup': pending });
    const button = await goToConnectStep();
    expect(button).toBeDisabled();
    expect(screen.getByText("Preparing Meta's signup...")).toBeInTheDocument();
  });

  it('initialises the SDK and enables the button', async () => {
    const sdk = window.FB!;
    openOnboarding();
    const button = await goToConnectStep();
    await waitFor(() => expect(button).toBeEnabled());
    expect(sdk.init).toHaveBeenCalledWith({ appId: 'app-42', autoLogAppEvents: true, xfbml: true, version: 'v23.0' });
  });

  it('reads Setting up WhatsApp... while the popup is open', async () => {
    openOnboarding();
    const button = await goToConnectStep();
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    const busy = await screen.findByRole('button', { name: 'Setting up WhatsApp...' });
    expect(busy).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Back' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Connect My WhatsApp' })).toBeDisabled();
  });

  it('shows why the setup failed, and lets the owner try again', async () => {
    openOnboarding();
    const button = await goToConnectStep();
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    act(() => answerLogin({ status: 'unknown' }));
    const reason = 'WhatsApp setup was cancelled. Please try again.';
    await waitFor(() => {
      const alerts = screen.getAllByRole('alert').map((alert) => alert.textContent);
      expect(alerts).toContain(reason);
      expect(alerts).toContain(`WhatsApp Setup Failed${reason}`);
    });
    expect(screen.getByRole('button', { name: 'Connect WhatsApp Business' })).toBeEnabled();
  });

  it('connects, saves and goes to the dashboard', async () => {
    const { fetchMock, router } = openOnboarding('/onboarding', {
      'POST /whatsapp/exchange-token': () => json({ business_token: 'business-token-ref' }),
      'POST /whatsapp/embedded-signup': () => json({ success: true }),
    });
    const button = await goToConnectStep();
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          origin: FACEBOOK,
          data: JSON.stringify({
            type: 'WA_EMBEDDED_SIGNUP',
            event: 'FINISH',
            data: { waba_id: 'waba-1', phone_number_id: 'phone-id-1' },
          }),
        }),
      );
      answerLogin({ authResponse: { code: 'c0de-for-the-exchange' } });
    });
    expect(await screen.findByText('WhatsApp Connected')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    const saved = fetchMock.mock.calls
      .filter(([input, init]) => String(input).endsWith('/whatsapp/embedded-signup') && init?.method === 'POST')
      .map(([, init]) => JSON.parse(String(init?.body)));
    expect(saved).toEqual([
      { waba_id: 'waba-1', phone_number_id: 'phone-id-1', phone_number: 'TBD', business_token: 'business-token-ref' },
    ]);
    expect(requestsMade(fetchMock)).toEqual(
      expect.arrayContaining([
        'POST /whatsapp/exchange-token',
        'POST /whatsapp/embedded-signup',
        'GET /whatsapp/status',
      ]),
    );
  });
});
