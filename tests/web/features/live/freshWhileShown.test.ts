import { createAction } from '@reduxjs/toolkit';
import { expectSaga } from 'redux-saga-test-plan';
import { call } from 'typed-redux-saga';
import { loggedOut } from '../../../../src/features/auth/slice';
import { keepFreshWhileShown, type FreshView } from '../../../../src/features/live/freshWhileShown';
import { liveEventReceived, liveStreamConnecting } from '../../../../src/features/live/slice';
import { controlledTime, settle, STOP, untilStopped } from '../../support/saga-time';
import { stateAfter, testReducer } from '../../support/store';

const INTERVAL_MS = 5000;
const viewShown = createAction<string>('test/viewShown');
const viewClosed = createAction('test/viewClosed');
const reloadClicked = createAction('test/reloadClicked');

/** What the view's loads were asked for: its id each time. */
let loads: string[] = [];

function* load(id: string) {
  yield* call(() => loads.push(id));
}

const view = (id: string): FreshView<void> => ({
  load: () => load(id),
  intervalMs: INTERVAL_MS,
  changed: reloadClicked.type,
});

function watched(closed: string | string[] = viewClosed.type) {
  const time = controlledTime();
  const saga = expectSaga(untilStopped, () =>
    keepFreshWhileShown(viewShown, closed, (opened: ReturnType<typeof viewShown>) => view(opened.payload)),
  )
    .withReducer(testReducer, stateAfter())
    .provide([time.provider]);
  const finished = saga.run({ timeout: 5_000, silenceTimeout: true });
  return {
    time,
    dispatch: saga.dispatch.bind(saga),
    async stop() {
      saga.dispatch(STOP);
      await finished;
    },
  };
}

beforeEach(() => {
  loads = [];
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
});

describe('keepFreshWhileShown', () => {
  it('loads when the view shows, again each interval and on a reload, and stops when the view closes', async () => {
    const { time, dispatch, stop } = watched();
    await settle();
    expect(loads).toEqual([]);

    dispatch(viewShown('a'));
    await settle();
    expect(loads).toEqual(['a']);
    expect(time.waiting.map(({ ms }) => ms)).toEqual([INTERVAL_MS]);
    await time.pass();
    expect(loads).toEqual(['a', 'a']);
    dispatch(reloadClicked());
    await settle();
    expect(loads).toEqual(['a', 'a', 'a']);

    dispatch(viewClosed());
    await settle();
    await time.pass();
    dispatch(reloadClicked());
    await settle();
    expect(loads).toEqual(['a', 'a', 'a']);

    dispatch(viewShown('b'));
    await settle();
    expect(loads).toEqual(['a', 'a', 'a', 'b']);
    await stop();
  });

  it('stops at logout, and moves to the newly shown view when showing closes the last one', async () => {
    const { time, dispatch, stop } = watched([viewClosed.type, viewShown.type]);
    dispatch(viewShown('a'));
    await settle();
    dispatch(viewShown('b'));
    await settle();
    expect(loads).toEqual(['a', 'b']);

    dispatch(loggedOut());
    await settle();
    await time.pass();
    await time.pass();
    expect(loads).toEqual(['a', 'b']);
    await stop();
  });

  it('does not poll on a timer while the live stream is open', async () => {
    const { time, dispatch, stop } = watched();
    dispatch(liveStreamConnecting());
    dispatch(liveEventReceived({ event: { type: 'inbox.version', version: 1 }, id: '1' }));
    dispatch(viewShown('a'));
    await settle();
    expect(loads).toEqual(['a']);
    expect(time.waiting).toEqual([]);
    await stop();
  });
});
