import { eventChannel, type EventChannel } from 'redux-saga';
import { all, call, delay, put, select, take } from 'typed-redux-saga';
import { errorText } from '../../api/client';
import { readLiveStream, type LiveMessage } from '../../api/live';
import { safely } from '../../store/safely';
import { requireAccessToken } from '../auth/session';
import { reportPresence } from './presence';
import { liveEventReceived, liveStreamConnecting, liveStreamDropped, selectLive } from './slice';

/*
 * The signed-in tab's links to the server, fetched at the first sign-in (saga.ts): a visitor of the landing
 * page never loads them. The live stream (GET /api/v1/events as a channel, kept open with backoff), and the
 * tab's focus (presence.ts: no push rings for what a focused tab shows).
 */

/** After a drop the stream is tried again after this long, doubled with each failure up to LIVE_RETRY_MAX_MS. */
export const LIVE_RETRY_BASE_MS = 1000;
export const LIVE_RETRY_MAX_MS = 30_000;

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

/** The signed-in session's links: the stream and the tab's focus, each going on if the other stops. */
export function* runSession() {
  yield* all([call(safely(runLiveStream)), call(safely(reportPresence))]);
}
