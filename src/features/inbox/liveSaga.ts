import { eventChannel, type EventChannel } from 'redux-saga';
import { call, delay, put, race, select, take } from 'typed-redux-saga';
import type { Action } from '@reduxjs/toolkit';
import type { LiveEvent } from '../../../contract';
import { errorText } from '../../api/client';
import { readLiveStream, type LiveMessage } from '../../api/live';
import { safely } from '../../store/safely';
import { requireAccessToken } from '../auth/session';
import { loggedOut } from '../auth/slice';
import {
  liveEventReceived,
  liveStreamConnecting,
  liveStreamDropped,
  liveStreamStopped,
  type LiveState,
} from './liveSlice';
import { unreadBadgeHidden, unreadBadgeShown } from './slice';

/** After a drop the stream is tried again after this long, doubled with each failure up to LIVE_RETRY_MAX_MS. */
export const LIVE_RETRY_BASE_MS = 1000;
export const LIVE_RETRY_MAX_MS = 30_000;

const selectLive = (state: { live: LiveState }) => state.live;
export const selectLiveOpen = (state: { live: LiveState }) => state.live.status === 'open';

/** What the stream channel emits: each message, then once why it ended. */
export type LiveChannelItem = { message: LiveMessage } | { ended: string };

/** The stream as a channel; closing it aborts the request. */
export function liveChannel(token: string, lastEventId: string | null): EventChannel<LiveChannelItem> {
  return eventChannel((emit) => {
    const controller = new AbortController();
    readLiveStream(token, lastEventId, (message) => emit({ message }), controller.signal).then(
      () => emit({ ended: 'the server ended the stream' }),
      (error: unknown) => {
        if (!controller.signal.aborted) emit({ ended: errorText(error) });
      },
    );
    return () => controller.abort();
  });
}

/** Keeps the stream open: each message becomes `liveEventReceived`; a drop waits its backoff, then tries again. */
export function* runLiveStream() {
  while (true) {
    yield* put(liveStreamConnecting());
    const token = yield* call(requireAccessToken);
    const { lastEventId } = yield* select(selectLive);
    const channel = yield* call(liveChannel, token, lastEventId);
    let reason = 'the stream ended';
    try {
      while (true) {
        const item = yield* take(channel);
        if ('ended' in item) {
          reason = item.ended;
          break;
        }
        yield* put(liveEventReceived(item.message));
      }
    } finally {
      channel.close();
    }
    yield* put(liveStreamDropped({ reason }));
    const { failures } = yield* select(selectLive);
    yield* delay(Math.min(LIVE_RETRY_MAX_MS, LIVE_RETRY_BASE_MS * 2 ** Math.max(0, failures - 1)));
  }
}

/** The stream is open while the signed-in shell shows (its sidebar badge), until the owner signs out. */
export function* watchLiveStream() {
  while (true) {
    yield* take(unreadBadgeShown);
    yield* race({ run: call(safely(runLiveStream)), stopped: take([unreadBadgeHidden, loggedOut]) });
    yield* put(liveStreamStopped());
  }
}

/** A predicate for `take`: a live event that `concerns` says matters here (a resync always does). */
export function liveEventWhere(concerns: (event: LiveEvent) => boolean) {
  return (action: Action): boolean =>
    liveEventReceived.match(action) && (action.payload.event.type === 'resync' || concerns(action.payload.event));
}

const CONVERSATION_EVENTS = new Set<LiveEvent['type']>([
  'message.received',
  'message.sent',
  'message.status',
  'conversation.changed',
  'handover.opened',
  'handover.closed',
]);

/** The conversation list (and the unread badge) change with every event about a conversation. */
export const listChanged = liveEventWhere((event) => CONVERSATION_EVENTS.has(event.type));

/** The open conversation changes with an event about it. */
export const conversationChanged = (conversationId: string) =>
  liveEventWhere((event) => 'conversationId' in event && event.conversationId === conversationId);

/** The bell changes with a hand-over opened or closed. */
export const handoversChanged = liveEventWhere((event) => event.type.startsWith('handover.'));

/**
 * Between two polls: SPEC's interval while the stream is down; while it is open, no poll at all
 * until it drops (then at once, to catch up), as the events say what changed.
 */
export function* untilPollDue(intervalMs: number) {
  const open = yield* select(selectLiveOpen);
  if (open) yield* take(liveStreamDropped);
  else yield* delay(intervalMs);
}
