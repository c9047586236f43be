import { call, put, takeLeading } from 'typed-redux-saga';
import type { TokenResponse } from '../../../contract';
import { signInApi } from '../../api/signIn';
import { ApiError, errorText } from '../../api/client';
import { navigateTo } from '../../store/navigation';
import { safely } from '../../store/safely';
import { toastShown } from '../toasts/slice';
import { storeToken } from './session';
import {
  loginFailed,
  loginSubmitted,
  loginSucceeded,
  registerFailed,
  registerSubmitted,
  registerSucceeded,
  userRefreshRequested,
} from './slice';

/**
 * Signing in and registering: a feature of the login and register pages (./feature.ts), fetched with them
 * rather than with the landing page. What follows a sign-in (the user, the live stream) is the core's.
 */

/** The server's words when it sent some, else SPEC.md §8's default for the call. */
function failureOf(error: unknown, fallback: string): { message: string; field?: string } {
  const message = errorText(error, fallback);
  return error instanceof ApiError ? { message, field: error.field } : { message };
}

export function* login({ payload }: ReturnType<typeof loginSubmitted>) {
  let response: TokenResponse;
  try {
    response = yield* call(signInApi.login, payload.emailOrUsername, payload.password, payload.rememberMe);
  } catch (error) {
    const failure = failureOf(error, 'Login failed');
    yield* put(loginFailed(failure));
    yield* put(toastShown({ title: 'Login failed', description: failure.message, variant: 'destructive' }));
    return;
  }
  yield* call(storeToken, response.access_token, payload.rememberMe ? ('local' as const) : ('session' as const));
  yield* put(loginSucceeded({ accessToken: response.access_token }));
  yield* put(toastShown({ title: 'Login successful', description: 'Welcome back!', variant: 'success' }));
  // The login page sends the user on to where they came from once the store says authenticated.
  yield* put(userRefreshRequested({ force: true }));
}

export function* register({ payload }: ReturnType<typeof registerSubmitted>) {
  let response: TokenResponse;
  try {
    response = yield* call(signInApi.register, payload);
  } catch (error) {
    const failure = failureOf(error, 'Registration failed');
    yield* put(registerFailed(failure));
    yield* put(toastShown({ title: 'Registration failed', description: failure.message, variant: 'destructive' }));
    return;
  }
  // SPEC.md §4: registration always remembers the token.
  yield* call(storeToken, response.access_token, 'local' as const);
  yield* put(registerSucceeded({ accessToken: response.access_token }));
  yield* put(
    toastShown({ title: 'Registration successful', description: 'Welcome to our platform!', variant: 'success' }),
  );
  yield* put(userRefreshRequested({ force: true }));
  yield* call(navigateTo, '/dashboard', { replace: true });
}

export function* watchSignIn() {
  yield* takeLeading(loginSubmitted, safely(login));
  yield* takeLeading(registerSubmitted, safely(register));
}
