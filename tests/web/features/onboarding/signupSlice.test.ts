import { loggedOut } from '../../../../src/features/auth/slice';
import onboardingSlice, {
  onboardingBackClicked,
  onboardingClosed,
  onboardingNextClicked,
  onboardingOpened,
  selectOnboardingProgress,
} from '../../../../src/features/onboarding/slice';
import { readLoginResponse, readSignupMessage } from '../../../../src/features/onboarding/embeddedSignup';
import signupSlice, {
  connectClicked,
  signupFailed,
  signupFinished,
  signupSdkFailed,
  signupSdkLoaded,
  whatsappConnected,
  type SignupState,
} from '../../../../src/features/onboarding/signupSlice';
import { testReducer } from '../../support/store';

const reducer = signupSlice.reducer;
const account = { waba_id: 'waba-1', phone_number_id: 'phone-id-1', phone_number: '+1 555 0100' };

function reduce(...actions: Parameters<typeof reducer>[1][]): SignupState {
  return actions.reduce(reducer, reducer(undefined, { type: '@@INIT' }));
}

describe('the connect flow', () => {
  it('is not ready until the SDK is loaded', () => {
    expect(reduce().status).toBe('not_ready');
    expect(reduce(connectClicked()).status).toBe('not_ready');
    expect(reduce(signupSdkLoaded()).status).toBe('ready');
  });

  it('goes in progress on a click, keeps the FINISH account and succeeds', () => {
    const state = reduce(signupSdkLoaded(), connectClicked(), signupFinished(account), whatsappConnected());
    expect(state).toEqual({ status: 'succeeded', error: null, account });
  });

  it('shows why an attempt failed, and clears it on the next try', () => {
    const failed = reduce(signupSdkLoaded(), connectClicked(), signupFailed({ reason: 'WhatsApp setup failed.' }));
    expect(failed).toMatchObject({ status: 'failed', error: 'WhatsApp setup failed.' });
    expect(reducer(failed, connectClicked())).toEqual({ status: 'in_progress', error: null, account: null });
  });

  it('fails without a working button when the SDK cannot be loaded', () => {
    const reason = 'Facebook SDK not initialized. Please refresh the page.';
    expect(reduce(signupSdkFailed({ reason }))).toMatchObject({ status: 'failed', error: reason });
  });

  it('ignores a click while an attempt is under way', () => {
    const state = reduce(signupSdkLoaded(), connectClicked(), signupFinished(account), connectClicked());
    expect(state).toEqual({ status: 'in_progress', error: null, account });
  });

  it.each([
    ['a failure', signupFailed({ reason: 'late' })],
    ['a success', whatsappConnected()],
    ['FINISH data', signupFinished(account)],
  ])('ignores %s that arrives when no attempt is under way', (_case, late) => {
    expect(reduce(signupSdkLoaded(), late)).toEqual(reduce(signupSdkLoaded()));
    const succeeded = reduce(signupSdkLoaded(), connectClicked(), whatsappConnected());
    expect(reducer(succeeded, late)).toEqual(succeeded);
  });

  it('ignores a late SDK answer once an attempt has started or failed', () => {
    const failed = reduce(signupSdkLoaded(), connectClicked(), signupFailed({ reason: 'no' }));
    expect(reducer(failed, signupSdkLoaded())).toEqual(failed);
    expect(reducer(reduce(signupSdkLoaded()), signupSdkFailed({ reason: 'late' })).status).toBe('ready');
  });

  it('keeps a FINISH account without a number (Embedded Signup v4) and succeeds with it', () => {
    const wabaOnly = { waba_id: 'waba-1', phone_number_id: null, phone_number: 'TBD' };
    const state = reduce(signupSdkLoaded(), connectClicked(), signupFinished(wabaOnly), whatsappConnected());
    expect(state).toEqual({ status: 'succeeded', error: null, account: wabaOnly });
  });

  it('starts over when the onboarding page closes or the owner signs out', () => {
    const busy = reduce(signupSdkLoaded(), connectClicked());
    expect(reducer(busy, onboardingClosed())).toEqual(reduce());
    expect(reducer(busy, loggedOut())).toEqual(reduce());
  });
});

describe('the onboarding step', () => {
  const step = onboardingSlice.reducer;
  const progressOf = (state: ReturnType<typeof step>) =>
    selectOnboardingProgress({ ...testReducer(undefined, { type: '@@INIT' }), onboarding: state });

  it('starts at step 1 of 2, at 50%', () => {
    const opened = step(undefined, onboardingOpened({ reconnect: false }));
    expect(opened).toEqual({ step: 1, reconnecting: false });
    expect(progressOf(opened)).toBe(50);
  });

  it('goes forward with Next and back with Back, within the two steps', () => {
    let state = step(undefined, onboardingOpened({ reconnect: false }));
    state = step(state, onboardingNextClicked());
    expect(state.step).toBe(2);
    expect(progressOf(state)).toBe(100);
    expect(step(state, onboardingNextClicked()).step).toBe(2);
    state = step(state, onboardingBackClicked());
    expect(state.step).toBe(1);
    expect(step(state, onboardingBackClicked()).step).toBe(1);
  });

  it('starts a reconnect at the connect step', () => {
    expect(step(undefined, onboardingOpened({ reconnect: true }))).toEqual({ step: 2, reconnecting: true });
  });
});

describe('reading what Meta says', () => {
  const trusted = ['https://www.facebook.com'];
  const post = (value: unknown) => JSON.stringify(value);

  it('reads FINISH variants as a finished signup', () => {
    const v4Events = ['FINISH_OBO_MIGRATION', 'FINISH_GRANT_ONLY_API_ACCESS'];
    for (const event of ['FINISH', 'FINISH_ONLY_WABA', 'FINISH_WHATSAPP_BUSINESS_APP_ONBOARDING', ...v4Events]) {
      expect(
        readSignupMessage(
          'https://www.facebook.com',
          post({ type: 'WA_EMBEDDED_SIGNUP', event, data: { waba_id: 'w', phone_number_id: 'p' } }),
          trusted,
        ),
      ).toEqual({ kind: 'finished', account: { waba_id: 'w', phone_number_id: 'p', phone_number: 'TBD' } });
    }
  });

  it.each([
    ['FINISH_ONLY_WABA', { waba_id: 'w' }],
    ['FINISH', { waba_id: 'w', business_id: 'b' }],
  ])('reads v4 %s without a phone number as a finished signup with no number', (event, data) => {
    expect(
      readSignupMessage(
        'https://www.facebook.com',
        post({ type: 'WA_EMBEDDED_SIGNUP', event, data, version: 4 }),
        trusted,
      ),
    ).toEqual({ kind: 'finished', account: { waba_id: 'w', phone_number_id: null, phone_number: 'TBD' } });
  });

  it('reads v4 ERROR as the error the popup reports, or an unknown one', () => {
    const error = (data: Record<string, unknown>) =>
      readSignupMessage(
        'https://www.facebook.com',
        post({ type: 'WA_EMBEDDED_SIGNUP', event: 'ERROR', data }),
        trusted,
      );
    expect(error({ error_message: 'Number in use', error_code: '524126', session_id: 's' })).toEqual({
      kind: 'failed',
      reason: 'WhatsApp setup error: Number in use',
    });
    expect(error({})).toEqual({ kind: 'failed', reason: 'WhatsApp setup error: Unknown error' });
  });

  it('ignores other message types, unknown events and untrusted origins', () => {
    const cancel = post({ type: 'WA_EMBEDDED_SIGNUP', event: 'CANCEL', data: {} });
    expect(readSignupMessage('https://www.facebook.com', post({ type: 'OTHER', event: 'CANCEL' }), trusted)).toBeNull();
    expect(
      readSignupMessage('https://www.facebook.com', post({ type: 'WA_EMBEDDED_SIGNUP', event: 'STEP' }), trusted),
    ).toBeNull();
    expect(readSignupMessage('https://facebook.com', cancel, trusted)).toBeNull();
    expect(readSignupMessage('https://www.facebook.com', cancel, trusted)).toEqual({
      kind: 'failed',
      reason: 'WhatsApp setup was cancelled. Please try again.',
    });
  });

  it('turns a login response into a code or a reason', () => {
    expect(readLoginResponse({ authResponse: { code: 'abc' } })).toEqual({ kind: 'code', code: 'abc' });
    expect(readLoginResponse({ authResponse: {} })).toEqual({
      kind: 'failed',
      reason: 'WhatsApp setup failed. Please try again.',
    });
    expect(readLoginResponse(undefined)).toEqual({
      kind: 'failed',
      reason: 'WhatsApp setup failed. Please try again.',
    });
  });
});
