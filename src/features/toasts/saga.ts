import { delay, put, race, select, take } from 'typed-redux-saga';
import { selectCurrentToast, toastDismissed, toastShown } from './slice';

export const TOAST_DURATION_MS = 5000;

/**
 * One toast at a time: the oldest open toast is on screen for TOAST_DURATION_MS (or until the owner
 * closes it), then the next one waiting takes its place with a time of its own.
 */
export function* watchToasts() {
  while (true) {
    const current = yield* select(selectCurrentToast);
    if (!current) {
      yield* take(toastShown);
      continue;
    }
    const { closed } = yield* race({
      expired: delay(TOAST_DURATION_MS),
      closed: take((action: unknown) => toastDismissed.match(action) && action.payload === current.id),
    });
    if (!closed) yield* put(toastDismissed(current.id));
  }
}
