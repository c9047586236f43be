import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import type { TokenResponse } from '../../../../contract';
import { AUTH_ERRORS } from '../../../../contract/messages';
import { authApi } from '../../../../src/api/auth';
import { signInApi } from '../../../../src/api/signIn';
import { ApiError } from '../../../../src/api/client';
import { usernameEdited } from '../../../../src/features/register/slice';
import {
  loggedOut,
  loginFailed,
  loginSubmitted,
  loginSucceeded,
  registerFailed,
  registerSubmitted,
  registerSucceeded,
  userConfirmed,
  userLoaded,
  userLoadFailed,
  userRefreshRequested,
  type AuthState,
} from '../../../../src/features/auth/slice';
import { connectionChecked, connectionCheckStarted } from '../../../../src/features/connection/slice';
import { toastShown, type ToastInput } from '../../../../src/features/toasts/slice';
import { logout, refreshUser, USER_FRESHNESS_MS, watchUserRefresh } from '../../../../src/features/auth/saga';
import { login, register } from '../../../../src/features/auth/signIn';
import { NAVIGATE_CONTEXT_KEY } from '../../../../src/store/navigation';
import { ACCESS_TOKEN_KEY } from '../../../../src/features/auth/session';
import type { RootState } from '../../../../src/store';
import { testReducer } from '../../support/store';
import { aUser, registration } from '../../support/users';

const token: TokenResponse = { access_token: 'fresh-token', token_type: 'bearer', expires_in: 43_200 };
const user = aUser();
const NOW = 1_750_000_000_000;

function stateWith(auth: Partial<AuthState> = {}): RootState {
  const initial = testReducer(undefined, { type: '@@INIT' });
  return { ...initial, auth: { ...initial.auth, status: 'authenticated', accessToken: 'stored-token', ...auth } };
}

const anonymous = () => stateWith({ status: 'anonymous', accessToken: null });

/** toastShown adds a random id: compare what a person sees. */
const toast = ({ variant = 'default', ...rest }: ToastInput) => ({
  action: { type: toastShown.type, payload: { variant, ...rest } },
});

describe('login', () => {
  const submitted = (rememberMe: boolean) =>
    loginSubmitted({ emailOrUsername: 'ada', password: 'analytical-engine', rememberMe });

  it('keeps the token in local storage with remember me', async () => {
    window.sessionStorage.setItem(ACCESS_TOKEN_KEY, 'older-token');
    await expectSaga(login, submitted(true))
      .withReducer(testReducer, anonymous())
      .provide([[matchers.call.fn(signInApi.login), token]])
      .call(signInApi.login, 'ada', 'analytical-engine', true)
      .put(loginSucceeded({ accessToken: 'fresh-token' }))
      .put.like(toast({ title: 'Login successful', description: 'Welcome back!', variant: 'success' }))
      .put(userRefreshRequested({ force: true }))
      .run();
    expect(window.localStorage.getItem(ACCESS_TOKEN_KEY)).toBe('fresh-token');
    expect(window.sessionStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
  });

  it('keeps the token in session storage without remember me', async () => {
    const { storeState } = await expectSaga(login, submitted(false))
      .withReducer(testReducer, anonymous())
      .provide([[matchers.call.fn(signInApi.login), token]])
      .run();
    expect(window.sessionStorage.getItem(ACCESS_TOKEN_KEY)).toBe('fresh-token');
    expect(window.localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(storeState.auth).toMatchObject({ status: 'authenticated', accessToken: 'fresh-token' });
  });

  it("shows the server's message inline and in a destructive toast", async () => {
    const wrong = new ApiError(AUTH_ERRORS.badCredentials, 401, 'bad_credentials');
    const { storeState } = await expectSaga(login, submitted(false))
      .withReducer(testReducer, {
        ...anonymous(),
        auth: { ...anonymous().auth, login: { status: 'submitting', error: null, field: null } },
      })
      .provide([[matchers.call.fn(signInApi.login), throwError(wrong)]])
      .put(loginFailed({ message: AUTH_ERRORS.badCredentials, field: undefined }))
      .put.like(toast({ title: 'Login failed', description: AUTH_ERRORS.badCredentials, variant: 'destructive' }))
      .not.put.actionType(loginSucceeded.type)
      .run();
    expect(storeState.auth.login).toEqual({ status: 'failed', error: AUTH_ERRORS.badCredentials, field: null });
    expect(window.localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(window.sessionStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
  });

  it("says 'Login failed' when the request never reached the server", () =>
    expectSaga(login, submitted(false))
      .provide([[matchers.call.fn(signInApi.login), throwError(new TypeError('Failed to fetch'))]])
      .put(loginFailed({ message: 'Login failed' }))
      .put.like(toast({ title: 'Login failed', description: 'Login failed', variant: 'destructive' }))
      .run());
});

describe('register', () => {
  it('keeps the token in local storage and goes to /dashboard, replacing history', async () => {
    const navigate = jest.fn();
    await expectSaga(register, registerSubmitted(registration))
      .withReducer(testReducer, anonymous())
      .provide([
        [matchers.call.fn(signInApi.register), token],
        [matchers.getContext(NAVIGATE_CONTEXT_KEY), navigate],
      ])
      .call(signInApi.register, registration)
      .put(registerSucceeded({ accessToken: 'fresh-token' }))
      .put.like(
        toast({ title: 'Registration successful', description: 'Welcome to our platform!', variant: 'success' }),
      )
      .put(userRefreshRequested({ force: true }))
      .call(navigate, '/dashboard', { replace: true })
      .run();
    expect(window.localStorage.getItem(ACCESS_TOKEN_KEY)).toBe('fresh-token');
  });

  it('names the field the server blamed and shows its message', async () => {
    const duplicate = new ApiError('Email already registered.', 409, 'email_taken', 'email');
    const { storeState } = await expectSaga(register, registerSubmitted(registration))
      .withReducer(testReducer, {
        ...anonymous(),
        auth: { ...anonymous().auth, register: { status: 'submitting', error: null, field: null } },
      })
      .provide([[matchers.call.fn(signInApi.register), throwError(duplicate)]])
      .put(registerFailed({ message: 'Email already registered.', field: 'email' }))
      .put.like(
        toast({ title: 'Registration failed', description: 'Email already registered.', variant: 'destructive' }),
      )
      .not.put.actionType(registerSucceeded.type)
      .run();
    expect(storeState.auth.register).toEqual({ status: 'failed', error: 'Email already registered.', field: 'email' });
    expect(window.localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
  });

  it("says 'Registration failed' when the request never reached the server", () =>
    expectSaga(register, registerSubmitted(registration))
      .provide([[matchers.call.fn(signInApi.register), throwError(new TypeError('Failed to fetch'))]])
      .put(registerFailed({ message: 'Registration failed' }))
      .run());
});

describe('refreshUser', () => {
  it('loads the user, then asks for the connection status', async () => {
    const { storeState } = await expectSaga(refreshUser, userRefreshRequested())
      .withReducer(testReducer, stateWith())
      .provide([
        [matchers.call.fn(Date.now), NOW],
        [matchers.call.fn(authApi.me), user],
      ])
      .call(authApi.me, 'stored-token')
      .put(userLoaded({ user, fetchedAt: NOW }))
      .put(userConfirmed({ force: false }))
      .run();
    expect(storeState.auth.user).toEqual(user);
  });

  it('keeps a user fetched less than 5 minutes ago', () =>
    expectSaga(refreshUser, userRefreshRequested())
      .withState(stateWith({ user, userStatus: 'loaded', userFetchedAt: NOW - USER_FRESHNESS_MS + 1 }))
      .provide([[matchers.call.fn(Date.now), NOW]])
      .not.call.fn(authApi.me)
      .put(userConfirmed({ force: false }))
      .run());

  it('fetches a user older than 5 minutes', () =>
    expectSaga(refreshUser, userRefreshRequested())
      .withState(stateWith({ user, userStatus: 'loaded', userFetchedAt: NOW - USER_FRESHNESS_MS }))
      .provide([
        [matchers.call.fn(Date.now), NOW],
        [matchers.call.fn(authApi.me), user],
      ])
      .call(authApi.me, 'stored-token')
      .run());

  it('fetches a fresh user again when forced', () =>
    expectSaga(refreshUser, userRefreshRequested({ force: true }))
      .withState(stateWith({ user, userStatus: 'loaded', userFetchedAt: NOW - 1000 }))
      .provide([
        [matchers.call.fn(Date.now), NOW],
        [matchers.call.fn(authApi.me), user],
      ])
      .call(authApi.me, 'stored-token')
      .put(userConfirmed({ force: true }))
      .run());

  it('does nothing without a token', () =>
    expectSaga(refreshUser, userRefreshRequested()).withState(anonymous()).not.call.fn(authApi.me).run());

  it('ends the session when the server rejects the stored token', async () => {
    window.localStorage.setItem(ACCESS_TOKEN_KEY, 'stored-token');
    window.sessionStorage.setItem(ACCESS_TOKEN_KEY, 'stored-token');
    const { storeState } = await expectSaga(refreshUser, userRefreshRequested())
      .withReducer(testReducer, stateWith({ userStatus: 'loading' }))
      .provide([
        [matchers.call.fn(Date.now), NOW],
        [matchers.call.fn(authApi.me), throwError(new ApiError('Not authenticated', 401, 'unauthorized'))],
      ])
      .put(loggedOut())
      .put.like(toast({ title: AUTH_ERRORS.sessionExpired, variant: 'destructive' }))
      .not.put.actionType(userConfirmed.type)
      .run();
    expect(storeState.auth.status).toBe('anonymous');
    expect(window.localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(window.sessionStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
  });

  it('keeps the session on any other failure', async () => {
    const { storeState } = await expectSaga(refreshUser, userRefreshRequested())
      .withReducer(testReducer, stateWith({ userStatus: 'loading' }))
      .provide([
        [matchers.call.fn(Date.now), NOW],
        [matchers.call.fn(authApi.me), throwError(new TypeError('Failed to fetch'))],
      ])
      .put(userLoadFailed({ message: 'Failed to fetch user' }))
      .not.put(loggedOut())
      .run();
    expect(storeState.auth).toMatchObject({ status: 'authenticated', userStatus: 'failed' });
  });
});

describe('logout', () => {
  it('tells the server, clears both storages and all cached data, and goes to /login', async () => {
    window.localStorage.setItem(ACCESS_TOKEN_KEY, 'stored-token');
    window.sessionStorage.setItem(ACCESS_TOKEN_KEY, 'stored-token');
    const navigate = jest.fn();
    const signedIn = [
      userLoaded({ user, fetchedAt: NOW }),
      connectionCheckStarted(),
      connectionChecked({ connected: true, checkedAt: NOW }),
      usernameEdited('ada'),
    ].reduce(testReducer, stateWith());
    const { storeState } = await expectSaga(logout)
      .withReducer(testReducer, signedIn)
      .provide([
        [matchers.call.fn(authApi.logout), { message: 'Logged out' }],
        [matchers.getContext(NAVIGATE_CONTEXT_KEY), navigate],
      ])
      .call(authApi.logout, 'stored-token')
      .put(loggedOut())
      .put.like(toast({ title: 'Logged out successfully!', variant: 'success' }))
      .call(navigate, '/login', undefined)
      .run();
    const initial = testReducer(undefined, { type: '@@INIT' });
    expect(storeState.auth).toEqual({ ...initial.auth, status: 'anonymous' });
    expect(storeState.connection).toEqual(initial.connection);
    expect(storeState.availability).toEqual(initial.availability);
    expect(storeState.account).toEqual(initial.account);
    expect(window.localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(window.sessionStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
  });

  it('signs out locally even when the server cannot be reached', async () => {
    window.localStorage.setItem(ACCESS_TOKEN_KEY, 'stored-token');
    await expectSaga(logout)
      .withState(stateWith())
      .provide([[matchers.call.fn(authApi.logout), throwError(new TypeError('Failed to fetch'))]])
      .put(loggedOut())
      .put.like(toast({ title: 'Logged out successfully!', variant: 'success' }))
      .run();
    expect(window.localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
  });
});

describe('watchUserRefresh', () => {
  const slowUser = () => new Promise((resolve) => setTimeout(() => resolve(user), 30));
  const provideSlowUser = {
    call: (effect: { fn: unknown }, next: () => unknown) => (effect.fn === authApi.me ? slowUser() : next()),
  };

  it('lets a refresh under way answer a plain request that arrives meanwhile', async () => {
    const { effects } = await expectSaga(watchUserRefresh)
      .withReducer(testReducer, stateWith())
      .provide([[matchers.call.fn(Date.now), NOW], provideSlowUser])
      .dispatch(userRefreshRequested({ force: true }))
      .dispatch(userRefreshRequested())
      .put(userLoaded({ user, fetchedAt: NOW }))
      .silentRun(150);
    expect(effects.call.filter((effect) => effect.payload.fn === authApi.me)).toHaveLength(1);
  });

  it('restarts the refresh under way for a forced request', async () => {
    const { effects } = await expectSaga(watchUserRefresh)
      .withReducer(testReducer, stateWith())
      .provide([[matchers.call.fn(Date.now), NOW], provideSlowUser])
      .dispatch(userRefreshRequested())
      .dispatch(userRefreshRequested({ force: true }))
      .silentRun(150);
    expect(effects.call.filter((effect) => effect.payload.fn === authApi.me)).toHaveLength(2);
    expect(effects.put.filter((effect) => effect.payload.action.type === userLoaded.type)).toHaveLength(1);
  });
});
