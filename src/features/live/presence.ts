import { eventChannel, type EventChannel } from 'redux-saga';
import { call, delay, race, take } from 'typed-redux-saga';
import { PRESENCE_REPORT_INTERVAL_MS } from '../../../contract';
import { pushApi } from '../../api/push';
import { requireAccessToken } from '../auth/session';

export { PRESENCE_REPORT_INTERVAL_MS };

/** After a report that could not be made, the next try waits this long. */
export const PRESENCE_RETRY_MS = 5_000;

/** The member sees this tab: visible and focused (what it shows needs no push to their phone). */
export function tabFocused(): boolean {
  return document.visibilityState === 'visible' && document.hasFocus();
}

/**
 * The tab's focus each time it may have changed (focus, blur, visibility), and unfocused as the page goes away:
 * a closed tab shows nothing, and its last word (sent with keepalive) lets the phone ring at once.
 */
export function focusChanges(): EventChannel<boolean> {
  return eventChannel<boolean>((emit) => {
    const changed = () => emit(tabFocused());
    const gone = () => emit(false);
    window.addEventListener('focus', changed);
    window.addEventListener('blur', changed);
    window.addEventListener('pagehide', gone);
    document.addEventListener('visibilitychange', changed);
    return () => {
      window.removeEventListener('focus', changed);
      window.removeEventListener('blur', changed);
      window.removeEventListener('pagehide', gone);
      document.removeEventListener('visibilitychange', changed);
    };
  });
}

/** One report; a failed one is not fatal (the server forgets an unrepeated 'focused' by itself). */
export function* sendPresence(focused: boolean) {
  try {
    const token = yield* call(requireAccessToken);
    yield* call(pushApi.presence, token, focused);
    return true;
  } catch (error) {
    console.warn('The tab’s focus could not be reported', error);
    return false;
  }
}

/**
 * Tells the server whether this tab is seen: at once on each change, and again every
 * PRESENCE_REPORT_INTERVAL_MS while it is, so that no push rings for what the member is looking at.
 */
export function* reportPresence() {
  const changes = yield* call(focusChanges);
  try {
    let focused = yield* call(tabFocused);
    /** What the server last heard; undefined when the last report failed. */
    let told: boolean | undefined;
    while (true) {
      if (focused || told !== false) told = (yield* call(sendPresence, focused)) ? focused : undefined;
      // Focused: say it again before the server forgets it. Not: wait for a change (or retry a failed report).
      const wait = focused ? PRESENCE_REPORT_INTERVAL_MS : told === undefined ? PRESENCE_RETRY_MS : undefined;
      const change =
        wait === undefined ? yield* take(changes) : (yield* race({ change: take(changes), again: delay(wait) })).change;
      if (change !== undefined) focused = change;
    }
  } finally {
    changes.close();
  }
}
