import { compose, type DevToolsEnhancerOptions, type UnknownAction } from '@reduxjs/toolkit';
import {
  emailVerificationStarted,
  passwordChangeSubmitted,
  passwordResetSubmitted,
  verifyEmailPageOpened,
} from '../../../src/features/account/slice';
import { agentDetailLoaded, agentDetailOpened } from '../../../src/features/agents/detailSlice';
import { agentFormSubmitted, agentToEditLoaded } from '../../../src/features/agents/formSlice';
import {
  loginSubmitted,
  loginSucceeded,
  registerSubmitted,
  registerSucceeded,
  sessionRestored,
} from '../../../src/features/auth/slice';
import type * as StoreModule from '../../../src/store';
import { DEV_TOOLS_SANITIZERS, REDACTED, redactSecrets } from '../../../src/store/sanitize';
import { anAgentDetail } from '../support/fixtures/agents';
import { stateAfter } from '../support/store';
import { registration } from '../support/users';

const agentValues = {
  name: 'Front desk',
  description: 'Answers questions about opening hours',
  model: 'openai/gpt-4o-mini',
  system_prompt: 'Be kind.',
  user_prompt: 'Keep it short.',
  api_key: 'sk-live-1234567890',
};

/** Frozen all the way down, as Immer freezes the state: a sanitizer that writes into it throws. */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    Object.values(value).forEach(deepFreeze);
    Object.freeze(value);
  }
  return value;
}

describe('redactSecrets', () => {
  it.each<[string, UnknownAction, UnknownAction]>([
    [
      'the register form',
      registerSubmitted(registration),
      registerSubmitted({ ...registration, password: REDACTED, confirm_password: REDACTED }),
    ],
    [
      'the sign-in form',
      loginSubmitted({ emailOrUsername: 'ada', password: 'analytical-engine', rememberMe: true }),
      loginSubmitted({ emailOrUsername: 'ada', password: REDACTED, rememberMe: true }),
    ],
    ['the token of a sign-in', loginSucceeded({ accessToken: 'eyJ.a.b' }), loginSucceeded({ accessToken: REDACTED })],
    [
      'the token of a registration',
      registerSucceeded({ accessToken: 'eyJ.a.b' }),
      registerSucceeded({ accessToken: REDACTED }),
    ],
    ['a restored session', sessionRestored({ accessToken: 'eyJ.a.b' }), sessionRestored({ accessToken: REDACTED })],
    [
      'the change-password form',
      passwordChangeSubmitted({ currentPassword: 'old-password', newPassword: 'new-password' }),
      passwordChangeSubmitted({ currentPassword: REDACTED, newPassword: REDACTED }),
    ],
    [
      'the reset form',
      passwordResetSubmitted({ token: 'reset-link-token', newPassword: 'new-password' }),
      passwordResetSubmitted({ token: REDACTED, newPassword: REDACTED }),
    ],
    [
      'the verification link',
      verifyEmailPageOpened({ token: 'verify-link-token' }),
      verifyEmailPageOpened({ token: REDACTED }),
    ],
    [
      'the agent form',
      agentFormSubmitted({ agentId: 4, values: agentValues }),
      agentFormSubmitted({ agentId: 4, values: { ...agentValues, api_key: REDACTED } }),
    ],
    [
      'an agent from the server',
      agentToEditLoaded(anAgentDetail({ api_key: 'sk-l...7890' })),
      agentToEditLoaded(anAgentDetail({ api_key: REDACTED })),
    ],
  ])('hides the secrets of %s and keeps everything else', (_flow, action, shown) => {
    expect(redactSecrets(action)).toEqual(shown);
  });

  it('shows that there is no token rather than hiding nothing', () => {
    expect(redactSecrets(sessionRestored({ accessToken: null }))).toEqual(sessionRestored({ accessToken: null }));
    const noKey = agentFormSubmitted({ agentId: null, values: { ...agentValues, api_key: '' } });
    expect(redactSecrets(noKey)).toEqual(noKey);
  });

  it('hides the access token, a link token and an agent key in the state, and nothing else', () => {
    const state = stateAfter(
      emailVerificationStarted({ token: 'verify-link-token' }),
      agentDetailOpened({ agentId: 4 }),
      agentDetailLoaded(anAgentDetail({ api_key: 'sk-l...7890' })),
    );

    const shown = redactSecrets(state);

    expect(shown.auth).toEqual({ ...state.auth, accessToken: REDACTED });
    expect(shown.account.verification).toEqual({ ...state.account.verification, token: REDACTED });
    expect(shown.agentDetail.agent.data).toEqual({ ...state.agentDetail.agent.data, api_key: REDACTED });
    // Statuses named after a secret are not secrets, and parts without one are the very same objects.
    expect(shown.account.passwordChange).toBe(state.account.passwordChange);
    expect(shown.inbox).toBe(state.inbox);
    expect(shown.toasts).toBe(state.toasts);
  });

  it('looks into arrays and leaves a field that only names a secret alone', () => {
    const failure = { type: 'account/passwordChangeFailed', payload: { message: 'Too common', field: 'newPassword' } };
    expect(redactSecrets(failure)).toBe(failure);
    expect(redactSecrets([{ token: 'a' }, { token_type: 'bearer' }])).toEqual([
      { token: REDACTED },
      { token_type: 'bearer' },
    ]);
  });

  it('never changes what it is given', () => {
    const action = deepFreeze(passwordResetSubmitted({ token: 'reset-link-token', newPassword: 'new-password' }));
    const state = deepFreeze(stateAfter(emailVerificationStarted({ token: 'verify-link-token' })));
    redactSecrets(action);
    redactSecrets(state);
    expect(action.payload).toEqual({ token: 'reset-link-token', newPassword: 'new-password' });
    expect(state.auth.accessToken).toBe('token');
    expect(state.account.verification.token).toBe('verify-link-token');
  });
});

describe('setupStore', () => {
  const devToolsWindow = window as Window & { __REDUX_DEVTOOLS_EXTENSION_COMPOSE__?: unknown };

  afterEach(() => {
    delete devToolsWindow.__REDUX_DEVTOOLS_EXTENSION_COMPOSE__;
  });

  /** The store module loaded anew, after the extension is there: Redux Toolkit looks for it when it loads. */
  function setupStoreWithExtension() {
    const connectDevTools = jest.fn((_options: DevToolsEnhancerOptions) => compose);
    devToolsWindow.__REDUX_DEVTOOLS_EXTENSION_COMPOSE__ = connectDevTools;
    let setupStore!: typeof StoreModule.setupStore;
    jest.isolateModules(() => {
      ({ setupStore } = jest.requireActual<typeof StoreModule>('../../../src/store'));
    });
    return { setupStore, connectDevTools };
  }

  it('gives Redux DevTools the sanitizers, and the app its real values', () => {
    const { setupStore, connectDevTools } = setupStoreWithExtension();

    const store = setupStore(undefined, { runSagas: false, devTools: DEV_TOOLS_SANITIZERS });
    const options = connectDevTools.mock.calls[0][0];
    const signIn = loginSubmitted({ emailOrUsername: 'ada', password: 'analytical-engine', rememberMe: false });
    store.dispatch(loginSucceeded({ accessToken: 'eyJ.a.b' }));

    expect(connectDevTools).toHaveBeenCalledTimes(1);
    expect(options.actionSanitizer?.(signIn, 0)).toEqual({
      ...signIn,
      payload: { ...signIn.payload, password: REDACTED },
    });
    expect(options.stateSanitizer?.(store.getState(), 0).auth.accessToken).toBe(REDACTED);
    expect(store.getState().auth.accessToken).toBe('eyJ.a.b');
  });

  it('does not connect Redux DevTools without the sanitizers', () => {
    const { setupStore, connectDevTools } = setupStoreWithExtension();
    setupStore(undefined, { runSagas: false });
    expect(connectDevTools).not.toHaveBeenCalled();
  });

  it('warns about an action that would not replay in Redux DevTools', () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const store = jest.requireActual<typeof StoreModule>('../../../src/store').setupStore(undefined, {
      runSagas: false,
    });
    store.dispatch({ type: 'test/fileChosen', payload: new Blob(['secret']) });
    // Every web test fails on a console error, so every action the suite dispatches is plain data.
    expect(error).toHaveBeenCalledTimes(1);
    expect(error.mock.calls[0][0]).toContain('A non-serializable value was detected in an action');
  });
});
