import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError, type StaticProvider } from 'redux-saga-test-plan/providers';
import type { EmbeddedSignupConfig } from '../../../../contract';
import { ApiError } from '../../../../src/api/client';
import { whatsappApi } from '../../../../src/api/whatsapp';
import { connectionRefreshRequested } from '../../../../src/features/connection/slice';
import { onboardingClosed, onboardingOpened } from '../../../../src/features/onboarding/slice';
import { toastShown, type ToastInput } from '../../../../src/features/toasts/slice';
import {
  loadFacebookSdk,
  LOGGED_CODE_LENGTH,
  type FacebookLoginResponse,
  type FacebookSdk,
} from '../../../../src/features/onboarding/embeddedSignup';
import {
  connectClicked,
  signupFailed,
  signupFinished,
  signupSdkFailed,
  signupSdkLoaded,
  whatsappConnected,
  type SignupState,
} from '../../../../src/features/onboarding/signupSlice';
import { refreshConnection } from '../../../../src/features/connection/saga';
import { navigateTo } from '../../../../src/store/navigation';
import {
  connectWhatsApp,
  prepareSignup,
  runSignupSession,
  SIGNUP_TOASTS,
  skipOnboarding,
} from '../../../../src/features/onboarding/saga';
import type { RootState } from '../../../../src/store';
import { testReducer } from '../../support/store';
import { noDelays } from '../../support/saga-time';

const FACEBOOK = 'https://www.facebook.com';
const CODE = 'AQDx7c0de-that-is-secret-for-thirty-seconds';

const config: EmbeddedSignupConfig = {
  app_id: 'app-42',
  config_id: 'config-7',
  graph_version: 'v23.0',
  sdk_url: 'https://connect.facebook.net/en_US/sdk.js',
  trusted_origins: [FACEBOOK, 'https://web.facebook.com'],
  sandbox: false,
};

const account = { waba_id: 'waba-1', phone_number_id: 'phone-id-1', phone_number: '+1 555 0100' };

function stateWith(signup: Partial<SignupState> = {}): RootState {
  const initial = testReducer(undefined, { type: '@@INIT' });
  return {
    ...initial,
    auth: { ...initial.auth, status: 'authenticated', accessToken: 'stored-token' },
    signup: { ...initial.signup, status: 'in_progress', ...signup },
  };
}

/** toastShown adds a random id: compare what a person sees. */
const toast = ({ variant = 'default', ...rest }: ToastInput) => ({
  action: { type: toastShown.type, payload: { variant, ...rest } },
});

const setupFailedToast = (reason: string) =>
  toast({ title: SIGNUP_TOASTS.setupFailed, description: reason, variant: 'destructive' });

/** The fake SDK's FB.login keeps its callback, so that a test answers when it likes. */
let answerLogin: (response: FacebookLoginResponse | null | undefined) => void = () => {
  throw new Error('FB.login was not called');
};

function installSdk(login: FacebookSdk['login'] = (callback) => void (answerLogin = callback)) {
  const sdk = { init: jest.fn(), login: jest.fn(login) };
  window.FB = sdk;
  return sdk;
}

const nextTick = () => new Promise((resolve) => setTimeout(resolve, 0));

/** What Meta's popup posts to the page: a JSON string, from the origin given. */
function popupPosts(data: unknown, origin = FACEBOOK) {
  const text = typeof data === 'string' ? data : JSON.stringify(data);
  window.dispatchEvent(new MessageEvent('message', { origin, data: text }));
}

const signupEvent = (event: string, data: Record<string, unknown> = {}) => ({
  type: 'WA_EMBEDDED_SIGNUP',
  event,
  data,
});

const finish = (data: Record<string, unknown> = account) => signupEvent('FINISH', data);

const serverWorks: StaticProvider[] = [
  [matchers.call.fn(whatsappApi.exchangeToken), { business_token: 'business-token-ref' }],
  [matchers.call.fn(whatsappApi.saveConnection), null],
  [matchers.call.fn(refreshConnection), null],
];

/** Starts one connect attempt; the listeners and FB.login are in place when this returns. */
function startConnect({
  reconnect = false,
  providers = serverWorks,
}: { reconnect?: boolean; providers?: StaticProvider[] } = {}) {
  return expectSaga(connectWhatsApp, config, reconnect).withReducer(testReducer, stateWith()).provide(providers);
}

afterEach(() => {
  delete window.FB;
  jest.restoreAllMocks();
});

describe('the connect handshake', () => {
  it('exchanges the code and saves the connection when FINISH arrives before the code', async () => {
    installSdk();
    const test = startConnect()
      .call(whatsappApi.exchangeToken, 'stored-token', { code: CODE, ...account })
      .call(whatsappApi.saveConnection, 'stored-token', { ...account, business_token: 'business-token-ref' })
      .call(refreshConnection, connectionRefreshRequested({ force: true }))
      .put(whatsappConnected())
      .put.like(
        toast({
          title: 'WhatsApp Connected',
          description: 'Your WhatsApp Business number is ready.',
          variant: 'success',
        }),
      )
      .call(navigateTo, '/dashboard');
    const running = test.run();
    popupPosts(finish());
    answerLogin({ authResponse: { code: CODE }, status: 'connected' });
    const { storeState } = await running;
    expect(storeState.signup).toEqual({ status: 'succeeded', error: null, account });
  });

  it('waits for the FINISH data when the code arrives first', async () => {
    installSdk();
    const running = startConnect()
      .put(signupFinished(account))
      .call(whatsappApi.exchangeToken, 'stored-token', { code: CODE, ...account })
      .put(whatsappConnected())
      .run();
    answerLogin({ authResponse: { code: CODE } });
    popupPosts(finish());
    await running;
  });

  it('launches Embedded Signup v4: the configuration id, a code, and empty extras', async () => {
    const sdk = installSdk();
    const running = startConnect().run();
    popupPosts(finish());
    answerLogin({ authResponse: { code: CODE } });
    await running;
    expect(sdk.login).toHaveBeenCalledWith(expect.any(Function), {
      config_id: 'config-7',
      response_type: 'code',
      override_default_response_type: true,
      extras: { setup: {} },
    });
  });

  it('goes back to /whatsapp after a reconnect', async () => {
    installSdk();
    const running = startConnect({ reconnect: true }).call(navigateTo, '/whatsapp').run();
    popupPosts(finish());
    answerLogin({ authResponse: { code: CODE } });
    await running;
  });

  it("saves 'TBD' when the popup names no phone number", async () => {
    installSdk();
    const running = startConnect()
      .call(whatsappApi.exchangeToken, 'stored-token', {
        code: CODE,
        waba_id: 'waba-1',
        phone_number_id: 'phone-id-1',
        phone_number: 'TBD',
      })
      .run();
    popupPosts(finish({ waba_id: 'waba-1', phone_number_id: 'phone-id-1', business_id: 'biz-1' }));
    answerLogin({ authResponse: { code: CODE } });
    await running;
  });

  it('ignores messages from origins it does not trust', async () => {
    installSdk();
    const running = startConnect()
      .call(whatsappApi.exchangeToken, 'stored-token', { code: CODE, ...account })
      .not.put(signupFailed({ reason: 'WhatsApp setup was cancelled. Please try again.' }))
      .run();
    popupPosts(signupEvent('CANCEL', { current_step: 'PHONE_NUMBER_SETUP' }), 'https://evil.example');
    popupPosts(finish({ ...account, waba_id: 'attacker-waba' }), 'https://facebook.com.evil.example');
    popupPosts(finish({ ...account, waba_id: 'http-waba' }), 'http://www.facebook.com');
    popupPosts(finish());
    answerLogin({ authResponse: { code: CODE } });
    await running;
  });

  it('does not take FINISH data from an untrusted origin', async () => {
    installSdk();
    const reason = 'Missing WhatsApp configuration data. Please try again.';
    const running = startConnect({ providers: [...serverWorks, noDelays] })
      .put(signupFailed({ reason }))
      .put.like(setupFailedToast(reason))
      .not.call.fn(whatsappApi.exchangeToken)
      .run();
    popupPosts(finish(), 'https://evil.example');
    answerLogin({ authResponse: { code: CODE } });
    await running;
  });

  it('ignores messages that are not JSON strings', async () => {
    installSdk();
    const running = startConnect()
      .call(whatsappApi.exchangeToken, 'stored-token', { code: CODE, ...account })
      .not.put.actionType(signupFailed.type)
      .run();
    popupPosts('sdk-internal:ready');
    window.dispatchEvent(new MessageEvent('message', { origin: FACEBOOK, data: finish({ waba_id: 'object-waba' }) }));
    popupPosts(JSON.stringify({ type: 'SOMETHING_ELSE', event: 'CANCEL' }));
    popupPosts(finish());
    answerLogin({ authResponse: { code: CODE } });
    await running;
  });

  it('fails when a signup message cannot be read', async () => {
    installSdk();
    const reason = 'Failed to process WhatsApp setup response.';
    const running = startConnect()
      .put(signupFailed({ reason }))
      .put.like(setupFailedToast(reason))
      .not.call.fn(whatsappApi.exchangeToken)
      .run();
    popupPosts('{"type":"WA_EMBEDDED_SIGNUP","event":"FINISH",');
    const { storeState } = await running;
    expect(storeState.signup).toMatchObject({ status: 'failed', error: reason });
  });

  it('tells the owner the setup was cancelled', async () => {
    installSdk();
    const reason = 'WhatsApp setup was cancelled. Please try again.';
    const running = startConnect().put(signupFailed({ reason })).put.like(setupFailedToast(reason)).run();
    popupPosts(signupEvent('CANCEL', { current_step: 'PHONE_NUMBER_SETUP' }));
    await running;
  });

  it.each([
    ['CANCEL', 'WhatsApp setup error: Phone number already registered'],
    ['ERROR', 'WhatsApp setup error: Phone number already registered'],
  ])('shows the error the popup reports with %s', async (event, reason) => {
    installSdk();
    const running = startConnect().put(signupFailed({ reason })).put.like(setupFailedToast(reason)).run();
    popupPosts(
      signupEvent(event, {
        error_message: 'Phone number already registered',
        error_id: '524126',
        session_id: 'f34b51dab5e0498',
        timestamp: '1746041036',
      }),
    );
    await running;
  });

  it.each<[string, FacebookLoginResponse | null, string]>([
    [
      'an unknown login status',
      { authResponse: null, status: 'unknown' },
      'WhatsApp setup was cancelled. Please try again.',
    ],
    ['a refused login', { status: 'not_authorized' }, 'WhatsApp setup was cancelled. Please try again.'],
    ['a login error', { error: { message: 'Popup blocked' } }, 'WhatsApp setup failed: Popup blocked'],
    ['a login error without words', { error: {} }, 'WhatsApp setup failed: Unknown error'],
    ['no response at all', null, 'WhatsApp setup failed. Please try again.'],
  ])('fails on %s', async (_case, response, reason) => {
    installSdk();
    const running = startConnect()
      .put(signupFailed({ reason }))
      .put.like(setupFailedToast(reason))
      .not.call.fn(whatsappApi.exchangeToken)
      .run();
    answerLogin(response);
    await running;
  });

  it('fails when the popup cannot be launched', async () => {
    installSdk(() => {
      throw new Error('FB.login called before FB.init');
    });
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const reason = 'Failed to launch WhatsApp setup. Please try again.';
    await startConnect().put(signupFailed({ reason })).put.like(setupFailedToast(reason)).run();
  });

  it('fails when the SDK is not on the page', async () => {
    const reason = 'Facebook SDK not initialized. Please refresh the page.';
    await startConnect().put(signupFailed({ reason })).put.like(setupFailedToast(reason)).run();
  });

  it('fails when the WABA id is missing', async () => {
    installSdk();
    const reason = 'Missing WhatsApp configuration data. Please try again.';
    const running = startConnect()
      .put(signupFailed({ reason }))
      .put.like(setupFailedToast(reason))
      .not.call.fn(whatsappApi.exchangeToken)
      .run();
    popupPosts(signupEvent('FINISH', { phone_number_id: 'phone-id-1' }));
    answerLogin({ authResponse: { code: CODE } });
    await running;
  });

  it.each([
    ['FINISH_ONLY_WABA', { waba_id: 'waba-1' }],
    ['FINISH without a phone_number_id', { waba_id: 'waba-1', business_id: 'biz-1' }],
  ])('connects the WABA without a number on v4 %s', async (event, data) => {
    installSdk();
    const wabaOnly = { waba_id: 'waba-1', phone_number: 'TBD' };
    const running = startConnect()
      .put(signupFinished({ waba_id: 'waba-1', phone_number_id: null, phone_number: 'TBD' }))
      .call(whatsappApi.exchangeToken, 'stored-token', { code: CODE, ...wabaOnly })
      .call(whatsappApi.saveConnection, 'stored-token', { ...wabaOnly, business_token: 'business-token-ref' })
      .put(whatsappConnected())
      .call(navigateTo, '/dashboard')
      .run();
    popupPosts(signupEvent(event.split(' ')[0], data));
    answerLogin({ authResponse: { code: CODE } });
    await running;
  });

  it('tells the owner of a v4 ERROR without words', async () => {
    installSdk();
    const reason = 'WhatsApp setup error: Unknown error';
    const running = startConnect().put(signupFailed({ reason })).put.like(setupFailedToast(reason)).run();
    popupPosts(signupEvent('ERROR', { session_id: 'f34b51dab5e0498' }));
    await running;
  });

  it('fails when the FINISH data never follows the code', async () => {
    installSdk();
    const reason = 'Missing WhatsApp configuration data. Please try again.';
    const running = startConnect({ providers: [...serverWorks, noDelays] })
      .put(signupFailed({ reason }))
      .run();
    answerLogin({ authResponse: { code: CODE } });
    await running;
  });

  it('fails when the code cannot be exchanged', async () => {
    installSdk();
    const reason = 'Failed to complete setup: The authorization code has expired.';
    const running = startConnect({
      providers: [
        [
          matchers.call.fn(whatsappApi.exchangeToken),
          throwError(new ApiError('The authorization code has expired.', 400, 'code_expired')),
        ],
        ...serverWorks,
      ],
    })
      .put(signupFailed({ reason }))
      .put.like(setupFailedToast(reason))
      .not.call.fn(whatsappApi.saveConnection)
      .run();
    popupPosts(finish());
    answerLogin({ authResponse: { code: CODE } });
    await running;
  });

  it.each([
    [
      'with the server message',
      new ApiError('This number is connected to another account', 409),
      'This number is connected to another account',
    ],
    ['with a fallback when the server said nothing', new TypeError('Failed to fetch'), 'An unknown error occurred.'],
  ])('reports a failed save as Connection Failed %s', async (_case, error, reason) => {
    installSdk();
    const running = startConnect({
      providers: [[matchers.call.fn(whatsappApi.saveConnection), throwError(error)], ...serverWorks],
    })
      .put(signupFailed({ reason }))
      .put.like(toast({ title: 'Connection Failed', description: reason, variant: 'destructive' }))
      .not.put(whatsappConnected())
      .not.call.fn(navigateTo)
      .run();
    popupPosts(finish());
    answerLogin({ authResponse: { code: CODE } });
    await running;
  });

  it('logs only the first 10 characters of the code', async () => {
    installSdk();
    const logged = ['log', 'info', 'warn', 'error', 'debug'].map((method) =>
      jest.spyOn(console, method as 'log').mockImplementation(() => undefined),
    );
    const running = startConnect().run();
    popupPosts(finish());
    answerLogin({ authResponse: { code: CODE } });
    await running;
    const everything = logged.flatMap((spy) => spy.mock.calls.flat().map(String)).join('\n');
    expect(everything).toContain(CODE.slice(0, LOGGED_CODE_LENGTH));
    expect(everything).not.toContain(CODE.slice(0, LOGGED_CODE_LENGTH + 1));
  });
});

describe('the signup session of the onboarding page', () => {
  it('loads the signup config and the SDK, and initialises it', async () => {
    const sdk = installSdk();
    await expectSaga(prepareSignup)
      .withReducer(testReducer, stateWith({ status: 'not_ready' }))
      .provide([[matchers.call.fn(whatsappApi.signupConfig), config]])
      .call(whatsappApi.signupConfig, 'stored-token')
      .put(signupSdkLoaded())
      .returns(config)
      .run();
    expect(sdk.init).toHaveBeenCalledWith({ appId: 'app-42', autoLogAppEvents: true, xfbml: true, version: 'v23.0' });
  });

  it('keeps the button from working when the SDK cannot be prepared', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const reason = 'Facebook SDK not initialized. Please refresh the page.';
    const { storeState } = await expectSaga(runSignupSession, onboardingOpened({ reconnect: false }))
      .withReducer(testReducer, stateWith({ status: 'not_ready' }))
      .provide([[matchers.call.fn(whatsappApi.signupConfig), throwError(new ApiError('Bad gateway', 502))]])
      .put(signupSdkFailed({ reason }))
      .dispatch(connectClicked())
      .put.like(setupFailedToast(reason))
      .silentRun(50);
    expect(storeState.signup).toMatchObject({ status: 'failed', error: reason });
  });

  it('stops listening to the popup when the owner leaves the page', async () => {
    installSdk();
    const added = jest.spyOn(window, 'addEventListener');
    const removed = jest.spyOn(window, 'removeEventListener');
    const session = expectSaga(runSignupSession, onboardingOpened({ reconnect: false }))
      .withReducer(testReducer, stateWith({ status: 'not_ready' }))
      .provide([
        [matchers.call.fn(whatsappApi.signupConfig), config],
        [matchers.call.fn(loadFacebookSdk), window.FB],
      ])
      .not.put.actionType(signupFinished.type)
      .not.call.fn(whatsappApi.exchangeToken);
    const running = session.run();
    session.dispatch(connectClicked());
    await nextTick();
    const listener = added.mock.calls.find(([type]) => type === 'message')?.[1];
    expect(listener).toBeDefined();

    session.dispatch(onboardingClosed());
    await nextTick();
    popupPosts(finish());
    answerLogin({ authResponse: { code: CODE } });
    const { storeState } = await running;
    expect(removed).toHaveBeenCalledWith('message', listener);
    expect(storeState.signup.status).toBe('not_ready');
  });

  it('shows a toast and goes to the dashboard when the owner skips', () =>
    expectSaga(skipOnboarding)
      .put.like(
        toast({ title: 'Onboarding skipped', description: 'You can connect WhatsApp later from the dashboard.' }),
      )
      .call(navigateTo, '/dashboard')
      .run());
});

describe('loading the SDK', () => {
  afterEach(() => {
    document.querySelectorAll('script').forEach((script) => script.remove());
    delete window.fbAsyncInit;
  });

  it('injects the script once and resolves when the SDK announces itself', async () => {
    const first = loadFacebookSdk(config.sdk_url);
    const second = loadFacebookSdk(config.sdk_url);
    const scripts = document.querySelectorAll(`script[src="${config.sdk_url}"]`);
    expect(scripts).toHaveLength(1);
    const sdk = installSdk();
    window.fbAsyncInit?.();
    await expect(first).resolves.toBe(sdk);
    await expect(second).resolves.toBe(sdk);
  });

  it('resolves at once when the SDK is already there', async () => {
    const sdk = installSdk();
    await expect(loadFacebookSdk(config.sdk_url)).resolves.toBe(sdk);
    expect(document.querySelector('script')).toBeNull();
  });

  it('fails when the script cannot be loaded, and tries again next time', async () => {
    const loading = loadFacebookSdk(config.sdk_url);
    document.querySelector('script')!.dispatchEvent(new Event('error'));
    await expect(loading).rejects.toThrow('could not be loaded');
    const again = loadFacebookSdk(config.sdk_url);
    expect(document.querySelectorAll('script')).toHaveLength(1);
    const sdk = installSdk();
    document.querySelector('script')!.dispatchEvent(new Event('load'));
    await expect(again).resolves.toBe(sdk);
  });
});
