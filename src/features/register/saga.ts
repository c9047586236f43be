import { call, cancelled, delay, put, takeLatest } from 'typed-redux-saga';
import type { AvailabilityResponse } from '../../../contract';
import { EMAIL_SHAPE, USERNAME_MIN_LENGTH, USERNAME_PATTERN } from '../../../contract/messages';
import { accountApi } from '../../api/account';
import {
  availabilityChecked,
  availabilityCheckStarted,
  emailEdited,
  usernameEdited,
  type AvailabilityField,
} from './slice';
import { safely } from '../../store/safely';

/** SPEC.md §9: the check runs this long after typing stops. */
export const AVAILABILITY_DEBOUNCE_MS = 500;

export type AvailabilityCheck = (value: string, signal?: AbortSignal) => Promise<AvailabilityResponse>;

/**
 * Waits for typing to stop, then asks the server. The watcher's `takeLatest` cancels this on the next
 * keystroke, during the wait or during the request, which is then aborted.
 */
export function* checkAvailability(field: AvailabilityField, value: string, check: AvailabilityCheck) {
  yield* delay(AVAILABILITY_DEBOUNCE_MS);
  yield* put(availabilityCheckStarted({ field, value }));
  const controller = new AbortController();
  try {
    const { exists } = yield* call(check, value, controller.signal);
    yield* put(availabilityChecked({ field, value, exists }));
  } catch {
    // SPEC.md §5: a value whose check failed is treated as not existing.
    yield* put(availabilityChecked({ field, value, exists: false }));
  } finally {
    const wasCancelled = yield* cancelled();
    if (wasCancelled) controller.abort();
  }
}

/** Only a value that could be a username is worth a request; the form explains what is wrong with the rest. */
export function* checkUsername({ payload: username }: ReturnType<typeof usernameEdited>) {
  if (username.length < USERNAME_MIN_LENGTH || !USERNAME_PATTERN.test(username)) return;
  yield* call(checkAvailability, 'username' as const, username, accountApi.checkUsername);
}

/** SPEC.md §5: the email is checked only once it looks like an address with a dot after the @. */
export function* checkEmail({ payload: email }: ReturnType<typeof emailEdited>) {
  if (!EMAIL_SHAPE.test(email)) return;
  yield* call(checkAvailability, 'email' as const, email, accountApi.checkEmail);
}

export function* watchAvailability() {
  yield* takeLatest(usernameEdited, safely(checkUsername));
  yield* takeLatest(emailEdited, safely(checkEmail));
}
