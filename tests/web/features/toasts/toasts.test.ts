import { expectSaga } from 'redux-saga-test-plan';
import toastsSlice, { selectToasts, toastDismissed, toastShown } from '../../../../src/features/toasts/slice';
import { expireToast, TOAST_DURATION_MS, watchToasts } from '../../../../src/features/toasts/saga';
import { noDelays } from '../../support/saga-time';

describe('toasts', () => {
  it('adds a toast with its own id and the default variant, and removes it when dismissed', () => {
    const shown = toastShown({ title: 'Saved' });
    let state = toastsSlice.reducer(undefined, shown);
    expect(selectToasts({ toasts: state })).toEqual([{ id: shown.payload.id, title: 'Saved', variant: 'default' }]);
    state = toastsSlice.reducer(state, toastDismissed(shown.payload.id));
    expect(selectToasts({ toasts: state })).toEqual([]);
  });

  it(`closes each toast after ${TOAST_DURATION_MS} ms`, () => {
    const shown = toastShown({ title: 'Login successful', description: 'Welcome back!', variant: 'success' });
    return expectSaga(expireToast, shown).provide([noDelays]).put(toastDismissed(shown.payload.id)).run();
  });

  it('expires every toast shown, not only the latest', () => {
    const first = toastShown({ title: 'First' });
    const second = toastShown({ title: 'Second' });
    return expectSaga(watchToasts)
      .provide([noDelays])
      .put(toastDismissed(first.payload.id))
      .put(toastDismissed(second.payload.id))
      .dispatch(first)
      .dispatch(second)
      .silentRun(50);
  });
});
