import { eventChannel, type EventChannel } from 'redux-saga';
import type { ActionPattern } from 'redux-saga/effects';
import { call, delay, race, select, take } from 'typed-redux-saga';
import type { Action } from '@reduxjs/toolkit';
import { safely, type Subsaga } from '../../store/safely';
import { loggedOut } from '../auth/slice';
import { liveStreamDropped, selectLiveOpen } from './slice';

/*
 * "Fresh while shown" (DESIGN.md §4.2): the one loop by which every view of the app that polls keeps
 * itself fresh — load, then wait for the interval, a live event that changes it or a 'Try again',
 * and load again — from its "shown" event until its "closed" one.
 */

/** The browser tab is in the background: polling then waits. */
export const isTabHidden = () => document.visibilityState === 'hidden';

/** Emits the tab's visibility each time it changes; closing it removes the listener. */
export function visibilityChannel(): EventChannel<DocumentVisibilityState> {
  return eventChannel((emit) => {
    const changed = () => emit(document.visibilityState);
    document.addEventListener('visibilitychange', changed);
    return () => document.removeEventListener('visibilitychange', changed);
  });
}

/** Returns at once while the tab is visible; otherwise when it becomes visible again. */
export function* waitUntilVisible() {
  // Listening before looking, so that a change between the two is not missed.
  const channel = yield* call(visibilityChannel);
  try {
    let hidden = yield* call(isTabHidden);
    while (hidden) {
      const visibility = yield* take(channel);
      hidden = visibility === 'hidden';
    }
  } finally {
    channel.close();
  }
}

/**
 * Between two polls: SPEC's interval while the stream is down; while it is open, no poll at all
 * until it drops (then at once, to catch up), as the events say what changed.
 */
export function* untilPollDue(intervalMs: number) {
  const open = yield* select(selectLiveOpen);
  if (open) yield* take(liveStreamDropped);
  else yield* delay(intervalMs);
}

/** A view that keeps itself fresh: how it loads, how often, and what makes it load again at once. */
export interface FreshView<T> {
  /** Loads the view, given what its last load returned (an ETag …), and returns what the next load gets. */
  load: (last: T | undefined) => Subsaga<T>;
  /** How long until the next load; from the last load's result, null when only `changed` brings one. */
  intervalMs: number | ((last: T) => number | null);
  /** What makes it load again at once: the live events that change it, a 'Try again'. */
  changed: ActionPattern;
}

/** Loads `view`, then again each interval (untilPollDue) or on a change, for as long as it runs; paused while the tab is hidden. */
export function* keepFresh<T>(view: FreshView<T>): Subsaga<void> {
  let last: T | undefined;
  while (true) {
    yield* call(waitUntilVisible);
    last = (yield* call(view.load, last)) as T;
    const intervalMs = typeof view.intervalMs === 'function' ? view.intervalMs(last) : view.intervalMs;
    if (intervalMs === null) yield* take(view.changed);
    else yield* race({ due: call(untilPollDue, intervalMs), changed: take(view.changed) });
  }
}

/**
 * From each `shown` event until one of `closed` (or the owner signs out), keeps the view that event
 * shows fresh. When `closed` includes `shown` itself (another conversation opened), the new one
 * takes over at once.
 */
export function* keepFreshWhileShown<A extends Action, T>(
  shown: { type: string; match: (action: unknown) => action is A },
  closed: ActionPattern,
  viewOf: (opened: A) => FreshView<T>,
) {
  let opened = yield* take<A>(shown.type);
  while (true) {
    const { closedBy } = yield* race({
      fresh: call(safely(keepFresh<T>), viewOf(opened)),
      closedBy: take<Action>([closed, loggedOut].flat()),
    });
    opened = closedBy && shown.match(closedBy) ? closedBy : yield* take<A>(shown.type);
  }
}
