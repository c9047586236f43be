import { delay, put, race, select, take } from 'typed-redux-saga';
import { selectCurrentToast, toastDismissed, toastShown } from './slice';

export const TOAST_DURATION_MS = 5000;

/**
 * One toast at a time: the oldest open toast is on screen for TOAST_DURATION_MS (or until the owner
 * closes it), then the next one waiting takes its place with a time of its own; a failure comes first.
 */
export function* watchToasts() {
  while (true) {
    const current = yield* select(selectCurrentToast);
    if (!current) {
      yield* take(toastShown);
      continue;
    }
    const { expired } = yield* race({
      expired: delay(TOAST_DURATION_MS),
      closed: take((action: unknown) => toastDismissed.match(action) && action.payload === current.id),
      // A failure goes ahead of a toast that is none (./slice.ts): it shows now, this one again after it.
      preempted: take(
        (action: unknown) =>
          toastShown.match(action) && action.payload.variant === 'destructive' && current.variant !== 'destructive',
      ),
    });
    if (expired) yield* put(toastDismissed(current.id));
  }
}
