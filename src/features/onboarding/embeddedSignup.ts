/**
 * The browser side of Meta's Embedded Signup (shared/WHATSAPP.md §1): the SDK's shape, loading it once,
 * and reading what the popup and the login callback say. Pure apart from the loader; the handshake
 * itself is ./saga.ts.
 */

/** SPEC.md §8 (Connect flow): every reason a connect attempt fails, in the owner's words. */
export const SETUP_FAILURES = {
  cancelled: 'WhatsApp setup was cancelled. Please try again.',
  unreadable: 'Failed to process WhatsApp setup response.',
  noResponse: 'WhatsApp setup failed. Please try again.',
  missingAccount: 'Missing WhatsApp configuration data. Please try again.',
  sdkMissing: 'Facebook SDK not initialized. Please refresh the page.',
  launchFailed: 'Failed to launch WhatsApp setup. Please try again.',
  unknownError: 'Unknown error',
  saveFailedFallback: 'An unknown error occurred.',
} as const;

const setupErrorText = (message: string) => `WhatsApp setup error: ${message}`;
const loginErrorText = (message: string | undefined) =>
  `WhatsApp setup failed: ${message || SETUP_FAILURES.unknownError}`;
export const exchangeFailedText = (message: string) => `Failed to complete setup: ${message}`;

/** SPEC.md §3: the phone number when the provider gives none. */
export const PHONE_NUMBER_UNKNOWN = 'TBD';

export const SIGNUP_MESSAGE_TYPE = 'WA_EMBEDDED_SIGNUP';

export interface FacebookLoginResponse {
  authResponse?: { code?: string } | null;
  status?: string;
  error?: { message?: string } | null;
}

interface FacebookLoginOptions {
  config_id: string;
  response_type: 'code';
  override_default_response_type: boolean;
  /** Empty on purpose in v4: the version and the products come from the login configuration. */
  extras: { setup: Record<string, never> };
}

/** The part of Meta's JavaScript SDK that signup uses. */
export interface FacebookSdk {
  init(options: { appId: string; autoLogAppEvents: boolean; xfbml: boolean; version: string }): void;
  login(callback: (response: FacebookLoginResponse | null | undefined) => void, options: FacebookLoginOptions): void;
}

declare global {
  interface Window {
    FB?: FacebookSdk;
    fbAsyncInit?: () => void;
  }
}

/**
 * Embedded Signup v4's launch options (WHATSAPP.md §0, Meta's "Embedded Signup: Versions"): v2 and v3,
 * whose `extras` carried `featureType` and `sessionInfoVersion: '3'`, were retired in October 2026.
 */
export function loginOptions(configId: string): FacebookLoginOptions {
  return {
    config_id: configId,
    response_type: 'code',
    override_default_response_type: true,
    extras: { setup: {} },
  };
}

/** The SDK when it is on the page. */
export function facebookSdk(): FacebookSdk | undefined {
  return window.FB;
}

let sdkLoading: Promise<FacebookSdk> | null = null;

/**
 * Injects the SDK script once and resolves with `window.FB` when it is there, whether the SDK announces
 * itself through `fbAsyncInit` (Meta's) or only finishes loading. A failed load may be tried again.
 */
export function loadFacebookSdk(sdkUrl: string): Promise<FacebookSdk> {
  const loaded = facebookSdk();
  if (loaded) return Promise.resolve(loaded);
  sdkLoading ??= new Promise<FacebookSdk>((resolve, reject) => {
    const resolveWhenPresent = () => {
      const sdk = facebookSdk();
      if (!sdk) return;
      // From now on `window.FB` answers; a later call loads again only if the SDK was taken away.
      sdkLoading = null;
      resolve(sdk);
    };
    const previousInit = window.fbAsyncInit;
    window.fbAsyncInit = () => {
      previousInit?.();
      resolveWhenPresent();
    };
    const script = document.createElement('script');
    script.src = sdkUrl;
    script.async = true;
    script.defer = true;
    script.crossOrigin = 'anonymous';
    script.addEventListener('load', resolveWhenPresent);
    script.addEventListener('error', () => {
      sdkLoading = null;
      script.remove();
      reject(new Error(`The Facebook SDK could not be loaded from ${sdkUrl}`));
    });
    document.body.appendChild(script);
  });
  return sdkLoading;
}

/**
 * The account the popup created or chose (any FINISH event). Ids may be missing: in v4 a business may
 * finish with no number (FINISH_ONLY_WABA, or FINISH without `phone_number_id`).
 */
export interface SignupAccount {
  waba_id: string | null;
  phone_number_id: string | null;
  phone_number: string;
}

export type SignupMessage = { kind: 'finished'; account: SignupAccount } | { kind: 'failed'; reason: string };

export type LoginOutcome = { kind: 'code'; code: string } | { kind: 'failed'; reason: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/**
 * What a window `message` means for signup, or null when it is none of signup's business: only JSON
 * strings from a trusted origin (exact match) with type WA_EMBEDDED_SIGNUP count (SPEC.md §5).
 */
export function readSignupMessage(
  origin: string,
  data: unknown,
  trustedOrigins: readonly string[],
): SignupMessage | null {
  if (!trustedOrigins.includes(origin) || typeof data !== 'string') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    // The SDK posts other, non-JSON messages too; only a broken signup message is a failure.
    return data.includes(SIGNUP_MESSAGE_TYPE) ? { kind: 'failed', reason: SETUP_FAILURES.unreadable } : null;
  }
  if (!isRecord(parsed) || parsed.type !== SIGNUP_MESSAGE_TYPE) return null;
  const event = text(parsed.event) ?? '';
  const details = isRecord(parsed.data) ? parsed.data : {};
  if (event.startsWith('FINISH')) {
    return {
      kind: 'finished',
      account: {
        waba_id: text(details.waba_id),
        phone_number_id: text(details.phone_number_id),
        phone_number: text(details.phone_number) ?? PHONE_NUMBER_UNKNOWN,
      },
    };
  }
  if (event !== 'CANCEL' && event !== 'ERROR') return null;
  const errorMessage = text(details.error_message);
  if (errorMessage) return { kind: 'failed', reason: setupErrorText(errorMessage) };
  return {
    kind: 'failed',
    reason: event === 'CANCEL' ? SETUP_FAILURES.cancelled : setupErrorText(SETUP_FAILURES.unknownError),
  };
}

/** What the FB.login callback means: the exchangeable code, or why there is none. */
export function readLoginResponse(response: FacebookLoginResponse | null | undefined): LoginOutcome {
  if (!response) return { kind: 'failed', reason: SETUP_FAILURES.noResponse };
  const code = text(response.authResponse?.code);
  if (code) return { kind: 'code', code };
  if (response.error) return { kind: 'failed', reason: loginErrorText(response.error.message) };
  if (!response.authResponse && (response.status === 'unknown' || response.status === 'not_authorized')) {
    return { kind: 'failed', reason: SETUP_FAILURES.cancelled };
  }
  return { kind: 'failed', reason: SETUP_FAILURES.noResponse };
}

/** Only the start of the code ever reaches a log: it can be exchanged for a token for 30 seconds. */
export const LOGGED_CODE_LENGTH = 10;

export const codeForLog = (code: string) => `${code.slice(0, LOGGED_CODE_LENGTH)}...`;
