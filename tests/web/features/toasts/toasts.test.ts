import { combineReducers } from '@reduxjs/toolkit';
import { expectSaga } from 'redux-saga-test-plan';
import toastsSlice, {
  selectCurrentToast,
  selectToasts,
  toastDismissed,
  toastShown,
} from '../../../../src/features/toasts/slice';
import { TOAST_DURATION_MS, watchToasts } from '../../../../src/features/toasts/saga';
import { controlledTime, settle, STOP, untilStopped } from '../../support/saga-time';

const reducer = combineReducers({ toasts: toastsSlice.reducer });
const stateAfter = (...actions: ReturnType<typeof toastShown | typeof toastDismissed>[]) =>
  actions.reduce(reducer, reducer(undefined, { type: 'test/started' }));

describe('toasts slice', () => {
  it('adds a toast with its own id and the default variant, and removes it when dismissed', () => {
    const shown = toastShown({ title: 'Saved' });
    expect(selectToasts(stateAfter(shown))).toEqual([{ id: shown.payload.id, title: 'Saved', variant: 'default' }]);
    expect(selectToasts(stateAfter(shown, toastDismissed(shown.payload.id)))).toEqual([]);
  });

  it('puts the oldest open toast on screen and the next after it closes', () => {
    const first = toastShown({ title: 'First' });
    const second = toastShown({ title: 'Second' });
    expect(selectCurrentToast(stateAfter(first, second))?.title).toBe('First');
    expect(selectCurrentToast(stateAfter(first, second, toastDismissed(first.payload.id)))?.title).toBe('Second');
  });

  it('collapses a toast that says what an open one says', () => {
    const state = stateAfter(
      toastShown({ title: 'Saved', description: 'All good.' }),
      toastShown({ title: 'Other' }),
      toastShown({ title: 'Saved', description: 'All good.' }),
    );
    expect(selectToasts(state).map((toast) => toast.title)).toEqual(['Saved', 'Other']);
  });

  it('puts a failure ahead of every toast that is none, behind earlier failures', () => {
    const state = stateAfter(
      toastShown({ title: 'Uploaded', variant: 'success' }),
      toastShown({ title: 'Hello' }),
      toastShown({ title: 'Upload Failed', variant: 'destructive' }),
      toastShown({ title: 'Connection Failed', variant: 'destructive' }),
    );
    expect(selectToasts(state).map((toast) => toast.title)).toEqual([
      'Upload Failed',
      'Connection Failed',
      'Uploaded',
      'Hello',
    ]);
  });

  it('keeps toasts that differ in their description or variant', () => {
    const state = stateAfter(
      toastShown({ title: 'Saved' }),
      toastShown({ title: 'Saved', description: 'Twice.' }),
      toastShown({ title: 'Saved', variant: 'success' }),
    );
    expect(selectToasts(state)).toHaveLength(3);
  });
});

describe('watchToasts', () => {
  it(`closes the toast on screen after ${TOAST_DURATION_MS} ms, then times the next one`, async () => {
    const time = controlledTime();
    const first = toastShown({ title: 'First' });
    const second = toastShown({ title: 'Second' });
    const run = expectSaga(untilStopped, watchToasts)
      .withReducer(reducer)
      .provide([time.provider])
      .dispatch(first)
      .dispatch(second)
      .silentRun(500);
    await settle();
    expect(time.waiting.map((wait) => wait.ms)).toEqual([TOAST_DURATION_MS]);
    await time.pass();
    expect(time.waiting.map((wait) => wait.ms)).toEqual([TOAST_DURATION_MS]);
    await time.pass();
    const { storeState } = await run;
    expect(selectToasts(storeState)).toEqual([]);
  });

  it('shows a failure at once over a toast that is none, which shows again with a time of its own after it', async () => {
    const time = controlledTime();
    const saved = toastShown({ title: 'Saved', variant: 'success' });
    const failed = toastShown({ title: 'Upload Failed', variant: 'destructive' });
    const run = expectSaga(untilStopped, watchToasts)
      .withReducer(reducer)
      .provide([time.provider])
      .dispatch(saved)
      .delay(10)
      .dispatch(failed)
      .delay(10)
      .dispatch(STOP)
      .silentRun(500);
    const { storeState, effects } = await run;
    expect(selectCurrentToast(storeState)?.title).toBe('Upload Failed');
    expect(selectToasts(storeState).map((toast) => toast.title)).toEqual(['Upload Failed', 'Saved']);
    expect(effects.put ?? []).toEqual([]);
    expect(time.waiting.map((wait) => wait.ms)).toEqual([TOAST_DURATION_MS, TOAST_DURATION_MS]);
  });

  it('shows the next toast at once when the owner closes the current one', async () => {
    const time = controlledTime();
    const first = toastShown({ title: 'First' });
    const second = toastShown({ title: 'Second' });
    const run = expectSaga(untilStopped, watchToasts)
      .withReducer(reducer)
      .provide([time.provider])
      .dispatch(first)
      .dispatch(second)
      .delay(10)
      .dispatch(toastDismissed(first.payload.id))
      .delay(10)
      .dispatch(STOP)
      .silentRun(500);
    const { storeState, effects } = await run;
    expect(selectCurrentToast(storeState)?.title).toBe('Second');
    // Nothing expired: the first one's timer was dropped and the second's started, not yet run out.
    expect(effects.put ?? []).toEqual([]);
    expect(time.waiting.map((wait) => wait.ms)).toEqual([TOAST_DURATION_MS, TOAST_DURATION_MS]);
  });
});
