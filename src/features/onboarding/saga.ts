import { buffers, eventChannel, type EventChannel } from 'redux-saga';
import { call, delay, put, race, take, takeLatest, takeLeading } from 'typed-redux-saga';
import type { EmbeddedSignupConfig } from '../../../contract';
import { errorText } from '../../api/client';
import { whatsappApi } from '../../api/whatsapp';
import { loggedOut } from '../auth/slice';
import { connectionRefreshRequested } from '../connection/slice';
import { onboardingClosed, onboardingOpened, onboardingSkipped } from './slice';
import { toastShown } from '../toasts/slice';
import {
  codeForLog,
  exchangeFailedText,
  facebookSdk,
  loadFacebookSdk,
  loginOptions,
  readLoginResponse,
  readSignupMessage,
  SETUP_FAILURES,
  type FacebookSdk,
  type LoginOutcome,
  type SignupAccount,
  type SignupMessage,
} from './embeddedSignup';
import {
  connectClicked,
  signupFailed,
  signupFinished,
  signupSdkFailed,
  signupSdkLoaded,
  whatsappConnected,
} from './signupSlice';
import { refreshConnection } from '../connection/saga';
import { navigateTo } from '../../store/navigation';
import { safely, type Subsaga } from '../../store/safely';
import { requireAccessToken } from '../auth/session';

/**
 * The popup's FINISH message and the login callback arrive in either order. Once the code is here, the
 * account data gets this long to follow: the code itself is only good for 30 seconds.
 */
export const ACCOUNT_AFTER_CODE_WAIT_MS = 5000;

export const SIGNUP_TOASTS = {
  setupFailed: 'WhatsApp Setup Failed',
  saveFailed: 'Connection Failed',
  connected: 'WhatsApp Connected',
  connectedDescription: 'Your WhatsApp Business number is ready.',
  skipped: 'Onboarding skipped',
  skippedDescription: 'You can connect WhatsApp later from the dashboard.',
} as const;

/** A connect attempt that ends here, with the owner's reason and the toast that announces it. */
class SetupFailure extends Error {
  constructor(
    reason: string,
    readonly toastTitle: string = SIGNUP_TOASTS.setupFailed,
  ) {
    super(reason);
    this.name = 'SetupFailure';
  }
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The popup's `message` events that concern signup, from the trusted origins only (SPEC.md §5). */
export function signupMessageChannel(trustedOrigins: readonly string[]): EventChannel<SignupMessage> {
  return eventChannel((emit) => {
    const onMessage = (event: MessageEvent) => {
      const message = readSignupMessage(event.origin, event.data, trustedOrigins);
      if (message) emit(message);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, buffers.expanding<SignupMessage>());
}

/**
 * Opens Meta's login popup; the channel carries what its callback says. FB.login cannot be aborted, so
 * closing the channel only stops listening. A launch that throws, throws here.
 */
export function facebookLoginChannel(sdk: FacebookSdk, configId: string): EventChannel<LoginOutcome> {
  return eventChannel((emit) => {
    sdk.login((response) => emit(readLoginResponse(response)), loginOptions(configId));
    return () => undefined;
  }, buffers.expanding<LoginOutcome>());
}

/** Loads the signup config and the SDK for it; null when either cannot be had. */
export function* prepareSignup() {
  try {
    const token = yield* call(requireAccessToken);
    const config = yield* call(whatsappApi.signupConfig, token);
    const sdk = yield* call(loadFacebookSdk, config.sdk_url);
    yield* call([sdk, sdk.init], {
      appId: config.app_id,
      autoLogAppEvents: true,
      xfbml: true,
      version: config.graph_version,
    });
    yield* put(signupSdkLoaded());
    return config;
  } catch (error) {
    console.error('The WhatsApp signup SDK could not be prepared', error);
    yield* put(signupSdkFailed({ reason: SETUP_FAILURES.sdkMissing }));
    return null;
  }
}

/**
 * What a signup attempt needs from the popup before the server can take over: the code and the WABA.
 * The number is optional since v4 (a business may finish without one); the server then connects the
 * WABA alone and /whatsapp tells the owner how to add a number.
 */
export interface SignupResult {
  code: string;
  account: { waba_id: string; phone_number_id?: string; phone_number: string };
}

/** Waits for both the code and the FINISH account, whichever comes first; any other answer ends the attempt. */
export function* awaitCodeAndAccount(
  messages: EventChannel<SignupMessage>,
  login: EventChannel<LoginOutcome>,
): Subsaga<SignupResult> {
  let code: string | null = null;
  let account: SignupAccount | null = null;
  while (code === null || account === null) {
    const answer: { message?: SignupMessage; outcome?: LoginOutcome } = yield* race({
      message: take(messages),
      outcome: take(login),
      ...(code !== null && { timedOut: delay(ACCOUNT_AFTER_CODE_WAIT_MS) }),
    });
    const said: SignupMessage | LoginOutcome | undefined = answer.message ?? answer.outcome;
    // Neither: the wait for the account after the code ran out.
    if (!said) break;
    if (said.kind === 'failed') throw new SetupFailure(said.reason);
    if (said.kind === 'finished') {
      account = said.account;
      yield* put(signupFinished(said.account));
    } else {
      code = said.code;
      yield* call([console, console.info], 'WhatsApp signup code received:', codeForLog(said.code));
    }
  }
  if (code === null || !account?.waba_id) throw new SetupFailure(SETUP_FAILURES.missingAccount);
  const { waba_id, phone_number_id, phone_number } = account;
  const result: SignupResult = {
    code,
    account: { waba_id, ...(phone_number_id && { phone_number_id }), phone_number },
  };
  return result;
}

/**
 * One connect attempt (SPEC.md §4 Connect sequence): launch the popup, correlate the code with the
 * account, exchange the code for a business token, save the connection, then refresh and move on.
 */
export function* connectWhatsApp(config: EmbeddedSignupConfig, reconnect: boolean) {
  const channels: EventChannel<SignupMessage | LoginOutcome>[] = [];
  try {
    const sdk = yield* call(facebookSdk);
    if (!sdk) throw new SetupFailure(SETUP_FAILURES.sdkMissing);
    // Listen before launching: the popup may answer before the login callback does.
    const messages = yield* call(signupMessageChannel, config.trusted_origins);
    channels.push(messages);
    let login: EventChannel<LoginOutcome>;
    try {
      login = yield* call(facebookLoginChannel, sdk, config.config_id);
    } catch (error) {
      console.error('The WhatsApp signup popup could not be launched', error);
      throw new SetupFailure(SETUP_FAILURES.launchFailed);
    }
    channels.push(login);
    const { code, account } = yield* call(awaitCodeAndAccount, messages, login);

    const token = yield* call(requireAccessToken);
    let businessToken: string;
    try {
      const exchanged = yield* call(whatsappApi.exchangeToken, token, { code, ...account });
      businessToken = exchanged.business_token;
    } catch (error) {
      throw new SetupFailure(exchangeFailedText(reasonOf(error)));
    }
    try {
      yield* call(whatsappApi.saveConnection, token, { ...account, business_token: businessToken });
    } catch (error) {
      const reason = errorText(error, SETUP_FAILURES.saveFailedFallback);
      throw new SetupFailure(reason, SIGNUP_TOASTS.saveFailed);
    }

    yield* call(refreshConnection, connectionRefreshRequested({ force: true }));
    yield* put(whatsappConnected());
    yield* put(
      toastShown({
        title: SIGNUP_TOASTS.connected,
        description: SIGNUP_TOASTS.connectedDescription,
        variant: 'success',
      }),
    );
    yield* call(navigateTo, reconnect ? '/whatsapp' : '/dashboard');
  } catch (error) {
    if (!(error instanceof SetupFailure)) throw error;
    yield* call(reportSetupFailure, error.message, error.toastTitle);
  } finally {
    for (const channel of channels) channel.close();
  }
}

export function* reportSetupFailure(reason: string, toastTitle: string = SIGNUP_TOASTS.setupFailed) {
  yield* put(signupFailed({ reason }));
  yield* put(toastShown({ title: toastTitle, description: reason, variant: 'destructive' }));
}

/** The onboarding page's signup: the SDK is prepared once, then each click on the button is one attempt. */
export function* signupSession({ payload }: ReturnType<typeof onboardingOpened>) {
  const config = yield* call(prepareSignup);
  while (true) {
    yield* take(connectClicked);
    if (config) yield* call(connectWhatsApp, config, payload.reconnect);
    else yield* call(reportSetupFailure, SETUP_FAILURES.sdkMissing);
  }
}

/** Leaving the page (or signing out) cancels the session, which closes its channels. */
export function* runSignupSession(action: ReturnType<typeof onboardingOpened>) {
  yield* race({ session: call(signupSession, action), closed: take(onboardingClosed), loggedOut: take(loggedOut) });
}

export function* skipOnboarding() {
  yield* put(toastShown({ title: SIGNUP_TOASTS.skipped, description: SIGNUP_TOASTS.skippedDescription }));
  yield* call(navigateTo, '/dashboard');
}

export function* watchSignup() {
  yield* takeLatest(onboardingOpened, safely(runSignupSession));
  yield* takeLeading(onboardingSkipped, safely(skipOnboarding));
}
