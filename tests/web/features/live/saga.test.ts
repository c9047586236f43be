import { channel as sagaChannel } from 'redux-saga';
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { dynamic } from 'redux-saga-test-plan/providers';
import type { LiveEvent } from '../../../../contract';
import { parseLiveMessages } from '../../../../src/api/live';
import { inboxApi } from '../../../../src/api/inbox';
import { requireAccessToken } from '../../../../src/features/auth/session';
import { loggedOut, loginSucceeded, sessionRestored } from '../../../../src/features/auth/slice';
import { conversationsView, INBOX_POLL_INTERVAL_MS } from '../../../../src/features/inbox/listSaga';
import { conversationsViewOpened } from '../../../../src/features/inbox/slice';
import { keepFresh } from '../../../../src/features/live/freshWhileShown';
import { sendPresence } from '../../../../src/features/live/presence';
import { LIVE_LOAD_RETRY_MS, loadLiveStream, watchLiveStream } from '../../../../src/features/live/saga';
import {
  LIVE_RETRY_BASE_MS,
  liveChannel,
  runLiveStream,
  type LiveChannelItem,
} from '../../../../src/features/live/stream';
import liveSlice, {
  liveEventReceived,
  liveStreamConnecting,
  liveStreamDropped,
  liveStreamStopped,
} from '../../../../src/features/live/slice';
import { stateAfter, testReducer } from '../../support/store';
import { aConversation } from '../../support/fixtures/inbox';
import { controlledTime, settle, STOP, untilStopped } from '../../support/saga-time';

const received: LiveEvent = { type: 'message.received', conversationId: '15550100@c.us', messageId: 7 };
const position = (version: number) => ({ event: { type: 'inbox.version', version } as LiveEvent, id: String(version) });

describe('the live stream’s state', () => {
  const reduce = (...actions: Parameters<typeof liveSlice.reducer>[1][]) =>
    actions.reduce(liveSlice.reducer, liveSlice.getInitialState());

  it('is open from its first message, and keeps the last position heard', () => {
    expect(reduce(liveStreamConnecting())).toMatchObject({ status: 'connecting' });
    expect(
      reduce(liveStreamConnecting(), liveEventReceived(position(4)), liveEventReceived({ event: received })),
    ).toEqual({
      status: 'open',
      lastEventId: '4',
      failures: 0,
    });
  });

  it('counts the drops since it was last open, and ignores what comes while it is off', () => {
    const dropped = reduce(
      liveStreamConnecting(),
      liveStreamDropped({ reason: 'offline' }),
      liveStreamConnecting(),
      liveStreamDropped({ reason: 'offline' }),
    );
    expect(dropped).toMatchObject({ status: 'down', failures: 2 });
    expect(reduce(liveEventReceived(position(3)))).toEqual(liveSlice.getInitialState());
    expect(reduce(liveStreamConnecting(), liveEventReceived(position(3)), liveStreamStopped())).toEqual(
      liveSlice.getInitialState(),
    );
  });
});

describe('parseLiveMessages', () => {
  it('reads an event with its position, and skips a heartbeat', () => {
    expect(parseLiveMessages('id: 12\nevent: inbox.version\ndata: {"type":"inbox.version","version":12}')).toEqual({
      event: { type: 'inbox.version', version: 12 },
      id: '12',
    });
    expect(parseLiveMessages(': heartbeat')).toBeUndefined();
  });
});

describe('runLiveStream', () => {
  it('turns each message into an event, and after a drop waits its backoff and resumes from the last position', async () => {
    const streams: { lastEventId: string | null; channel: ReturnType<typeof sagaChannel<LiveChannelItem>> }[] = [];
    const time = controlledTime();
    const saga = expectSaga(untilStopped, runLiveStream)
      .withReducer(testReducer)
      .provide([
        [matchers.call.fn(requireAccessToken), 'token'],
        [
          matchers.call.fn(liveChannel),
          dynamic(({ args: [, lastEventId] }: { args: [string, string | null] }) => {
            const channel = sagaChannel<LiveChannelItem>();
            streams.push({ lastEventId, channel });
            return channel;
          }),
        ],
        time.provider,
      ]);
    const finished = saga.run({ timeout: 5_000, silenceTimeout: true });
    await settle();
    expect(streams.map((stream) => stream.lastEventId)).toEqual([null]);
    streams[0].channel.put({ message: position(5) });
    streams[0].channel.put({ message: { event: received } });
    streams[0].channel.put({ ended: 'Network error' });
    await settle();
    expect(time.waiting.map((wait) => wait.ms)).toEqual([LIVE_RETRY_BASE_MS]);
    await time.pass();
    expect(streams.map((stream) => stream.lastEventId)).toEqual([null, '5']);
    saga.dispatch(STOP);
    const { effects, storeState } = await finished;
    const puts = effects.put.map((effect: { payload: { action: { type: string } } }) => effect.payload.action);
    expect(puts).toEqual([
      liveStreamConnecting(),
      liveEventReceived(position(5)),
      liveEventReceived({ event: received }),
      liveStreamDropped({ reason: 'Network error' }),
      liveStreamConnecting(),
    ]);
    expect(storeState.live).toMatchObject({ status: 'connecting', lastEventId: '5' });
  });
});

describe('the stream for the signed-in session', () => {
  /** Runs the watcher as the root saga does; each stream it opens is a channel the test feeds. */
  function watched(initial = testReducer(undefined, { type: '@@INIT' })) {
    const streams: ReturnType<typeof sagaChannel<LiveChannelItem>>[] = [];
    const saga = expectSaga(untilStopped, watchLiveStream)
      .withReducer(testReducer, initial)
      .provide([
        [matchers.call.fn(requireAccessToken), 'token'],
        // The tab's focus, reported beside the stream (presence.ts has its own tests).
        [matchers.call.fn(sendPresence), true],
        [
          matchers.call.fn(liveChannel),
          dynamic(() => {
            const channel = sagaChannel<LiveChannelItem>();
            streams.push(channel);
            return channel;
          }),
        ],
      ]);
    return { saga, streams, finished: saga.run({ timeout: 5_000, silenceTimeout: true }) };
  }

  it('opens at sign-in with no page or badge on screen, and closes at logout', async () => {
    const { saga, streams, finished } = watched();
    await settle();
    expect(streams).toHaveLength(0);

    saga.dispatch(loginSucceeded({ accessToken: 'token' }));
    await settle();
    expect(streams).toHaveLength(1);
    streams[0].put({ message: { event: received } });
    await settle();

    saga.dispatch(loggedOut());
    await settle();
    saga.dispatch(STOP);
    const { effects, storeState } = await finished;
    const puts = effects.put.map((effect: { payload: { action: { type: string } } }) => effect.payload.action);
    expect(puts).toEqual([liveStreamConnecting(), liveEventReceived({ event: received }), liveStreamStopped()]);
    // The tab said whether it is seen, once, as the session began.
    const reports = effects.call.filter((effect: { payload: { fn: unknown } }) => effect.payload.fn === sendPresence);
    expect(reports).toHaveLength(1);
    expect(storeState.live).toEqual(liveSlice.getInitialState());
  });

  it('opens for a session restored from a stored token, and not for a visitor without one', async () => {
    const visitor = watched();
    visitor.saga.dispatch(sessionRestored({ accessToken: null }));
    await settle();
    expect(visitor.streams).toHaveLength(0);
    visitor.saga.dispatch(STOP);
    await visitor.finished;

    const owner = watched();
    owner.saga.dispatch(sessionRestored({ accessToken: 'stored-token' }));
    await settle();
    expect(owner.streams).toHaveLength(1);
    owner.saga.dispatch(STOP);
    await owner.finished;
  });

  it('opens at once when the session is already signed in, and again at the next sign-in after a logout', async () => {
    const { saga, streams, finished } = watched(stateAfter());
    await settle();
    expect(streams).toHaveLength(1);
    saga.dispatch(loggedOut());
    await settle();
    saga.dispatch(loginSucceeded({ accessToken: 'token' }));
    await settle();
    expect(streams).toHaveLength(2);
    saga.dispatch(STOP);
    await finished;
  });
});

describe('the stream’s code, fetched at sign-in', () => {
  it('is asked for again after LIVE_LOAD_RETRY_MS when it failed to arrive, and the stream then opens', async () => {
    const time = controlledTime();
    let loads = 0;
    const streams: ReturnType<typeof sagaChannel<LiveChannelItem>>[] = [];
    const saga = expectSaga(untilStopped, watchLiveStream)
      .withReducer(testReducer, stateAfter())
      .provide([
        time.provider,
        [matchers.call.fn(requireAccessToken), 'token'],
        [matchers.call.fn(sendPresence), true],
        [
          matchers.call.fn(loadLiveStream),
          dynamic(() => {
            loads += 1;
            if (loads === 1) throw new Error('Loading chunk failed');
            return loadLiveStream();
          }),
        ],
        [
          matchers.call.fn(liveChannel),
          dynamic(() => {
            const channel = sagaChannel<LiveChannelItem>();
            streams.push(channel);
            return channel;
          }),
        ],
      ]);
    const finished = saga.run({ timeout: 5_000, silenceTimeout: true });
    await settle();
    expect(streams).toHaveLength(0);
    expect(time.waiting.map((wait) => wait.ms)).toEqual([LIVE_LOAD_RETRY_MS]);
    await time.pass();
    await settle();
    expect(loads).toBe(2);
    expect(streams).toHaveLength(1);
    saga.dispatch(STOP);
    await finished;
  });
});

describe('polling while the stream is open', () => {
  it('does not poll on a timer, reloads the list at once on an event about a conversation, and polls again after a drop', async () => {
    const time = controlledTime();
    const calls: unknown[] = [];
    const saga = expectSaga(untilStopped, () => keepFresh(conversationsView))
      .withReducer(
        testReducer,
        stateAfter(conversationsViewOpened(), liveStreamConnecting(), liveEventReceived(position(1))),
      )
      .provide([
        [matchers.call.fn(requireAccessToken), 'token'],
        [
          matchers.call.fn(inboxApi.conversations),
          dynamic(() => {
            calls.push(1);
            return { conversations: [aConversation()], next: null };
          }),
        ],
        time.provider,
      ]);
    const finished = saga.run({ timeout: 5_000, silenceTimeout: true });
    await settle();
    expect(calls).toHaveLength(1);
    expect(time.waiting).toEqual([]);

    saga.dispatch(
      liveEventReceived({ event: { type: 'document.changed', agentId: 1, documentId: 2, status: 'ready' } }),
    );
    await settle();
    expect(calls).toHaveLength(1);
    saga.dispatch(liveEventReceived({ event: received }));
    await settle();
    expect(calls).toHaveLength(2);

    saga.dispatch(liveStreamDropped({ reason: 'offline' }));
    await settle();
    expect(calls).toHaveLength(3);
    expect(time.waiting.map((wait) => wait.ms)).toEqual([INBOX_POLL_INTERVAL_MS]);
    saga.dispatch(STOP);
    await finished;
  });
});
