import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import type { CallEffectDescriptor } from 'redux-saga/effects';
import { accountApi } from '../../../../src/api/account';
import { ApiError } from '../../../../src/api/client';
import availabilitySlice, {
  availabilityChecked,
  availabilityCheckStarted,
  emailEdited,
  usernameEdited,
  type AvailabilityState,
} from '../../../../src/features/register/slice';
import { loggedOut } from '../../../../src/features/auth/slice';
import {
  AVAILABILITY_DEBOUNCE_MS,
  checkEmail,
  checkUsername,
  watchAvailability,
} from '../../../../src/features/register/saga';
import { controlledTime, DELAY_FN, noDelays, settle } from '../../support/saga-time';

const reducer = availabilitySlice.reducer;

function reduce(...actions: Parameters<typeof reducer>[1][]): AvailabilityState {
  return actions.reduce(reducer, reducer(undefined, { type: '@@INIT' }));
}

describe('the availability slice', () => {
  it('starts idle for both fields', () => {
    expect(reduce()).toEqual({ username: { status: 'idle', value: '' }, email: { status: 'idle', value: '' } });
  });

  it('goes idle, checking, then taken or available for the value being checked', () => {
    const checking = reduce(usernameEdited('ada'), availabilityCheckStarted({ field: 'username', value: 'ada' }));
    expect(checking.username).toEqual({ status: 'checking', value: 'ada' });
    expect(reducer(checking, availabilityChecked({ field: 'username', value: 'ada', exists: true })).username).toEqual({
      status: 'taken',
      value: 'ada',
    });
    expect(reducer(checking, availabilityChecked({ field: 'username', value: 'ada', exists: false })).username).toEqual(
      { status: 'available', value: 'ada' },
    );
  });

  it('ignores a late availability answer for an older username', () => {
    const state = reduce(
      usernameEdited('ada'),
      availabilityCheckStarted({ field: 'username', value: 'ada' }),
      usernameEdited('ada_l'),
      availabilityChecked({ field: 'username', value: 'ada', exists: true }),
    );
    expect(state.username).toEqual({ status: 'idle', value: 'ada_l' });
  });

  it('ignores an answer that arrives without a check under way', () => {
    const state = reduce(
      emailEdited('ada@example.com'),
      availabilityChecked({ field: 'email', value: 'ada@example.com', exists: true }),
    );
    expect(state.email).toEqual({ status: 'idle', value: 'ada@example.com' });
  });

  it('keeps the two fields apart', () => {
    const state = reduce(
      usernameEdited('ada'),
      emailEdited('ada@example.com'),
      availabilityCheckStarted({ field: 'email', value: 'ada@example.com' }),
      availabilityChecked({ field: 'email', value: 'ada@example.com', exists: true }),
    );
    expect(state.email.status).toBe('taken');
    expect(state.username.status).toBe('idle');
  });

  it('goes idle again when the value is emptied', () => {
    const state = reduce(
      usernameEdited('ada'),
      availabilityCheckStarted({ field: 'username', value: 'ada' }),
      usernameEdited(''),
    );
    expect(state.username).toEqual({ status: 'idle', value: '' });
  });

  it('forgets everything when the session ends', () => {
    const state = reduce(
      usernameEdited('ada'),
      availabilityCheckStarted({ field: 'username', value: 'ada' }),
      loggedOut(),
    );
    expect(state).toEqual(reduce());
  });
});

describe('the availability sagas', () => {
  it('waits for typing to stop, then reports the answer for that value', async () => {
    const { storeState } = await expectSaga(checkUsername, usernameEdited('ada'))
      .withReducer(reducer, reduce(usernameEdited('ada')))
      .provide([noDelays, [matchers.call.fn(accountApi.checkUsername), { exists: true }]])
      .call(DELAY_FN, AVAILABILITY_DEBOUNCE_MS)
      .put(availabilityCheckStarted({ field: 'username', value: 'ada' }))
      .put(availabilityChecked({ field: 'username', value: 'ada', exists: true }))
      .run();
    expect(storeState.username).toEqual({ status: 'taken', value: 'ada' });
  });

  it('reports a free username as available', async () => {
    const { storeState } = await expectSaga(checkUsername, usernameEdited('ada'))
      .withReducer(reducer, reduce(usernameEdited('ada')))
      .provide([noDelays, [matchers.call.fn(accountApi.checkUsername), { exists: false }]])
      .run();
    expect(storeState.username).toEqual({ status: 'available', value: 'ada' });
  });

  it('counts a failed check as available', async () => {
    const { storeState } = await expectSaga(checkUsername, usernameEdited('ada'))
      .withReducer(reducer, reduce(usernameEdited('ada')))
      .provide([noDelays, [matchers.call.fn(accountApi.checkUsername), throwError(new ApiError('Bad gateway', 502))]])
      .put(availabilityChecked({ field: 'username', value: 'ada', exists: false }))
      .run();
    expect(storeState.username).toEqual({ status: 'available', value: 'ada' });
  });

  it('leaves an empty value idle without calling the server', async () => {
    const { storeState } = await expectSaga(checkUsername, usernameEdited(''))
      .withReducer(reducer, reduce(usernameEdited('ada'), usernameEdited('')))
      .provide([noDelays])
      .not.call.fn(accountApi.checkUsername)
      .not.put.actionType(availabilityCheckStarted.type)
      .run();
    expect(storeState.username).toEqual({ status: 'idle', value: '' });
  });

  it('does not ask about a username that is too short to be one', () =>
    expectSaga(checkUsername, usernameEdited('ad')).provide([noDelays]).not.call.fn(accountApi.checkUsername).run());

  it('checks the email only once it has a dot after the @', async () => {
    await expectSaga(checkEmail, emailEdited('ada@example'))
      .provide([noDelays])
      .not.call.fn(accountApi.checkEmail)
      .run();
    await expectSaga(checkEmail, emailEdited('ada.lovelace@example'))
      .provide([noDelays])
      .not.call.fn(accountApi.checkEmail)
      .run();
    await expectSaga(checkEmail, emailEdited('ada@example.com'))
      .provide([noDelays, [matchers.call.fn(accountApi.checkEmail), { exists: true }]])
      .put(availabilityChecked({ field: 'email', value: 'ada@example.com', exists: true }))
      .run();
  });

  it('cancels the wait of an older value when a newer keystroke comes', async () => {
    const time = controlledTime();
    const run = expectSaga(watchAvailability)
      .provide([time.provider, [matchers.call.fn(accountApi.checkUsername), { exists: false }]])
      .dispatch(usernameEdited('ada'))
      .dispatch(usernameEdited('ada_l'))
      .not.put(availabilityCheckStarted({ field: 'username', value: 'ada' }))
      .put(availabilityCheckStarted({ field: 'username', value: 'ada_l' }))
      .put(availabilityChecked({ field: 'username', value: 'ada_l', exists: false }))
      .silentRun(200);
    await settle();
    // Both keystrokes came while the first one waited: its wait was cancelled, only the newer one's ends.
    expect(time.waiting.map(({ ms }) => ms)).toEqual([AVAILABILITY_DEBOUNCE_MS, AVAILABILITY_DEBOUNCE_MS]);
    await time.pass();
    await time.pass();
    await run;
  });

  it('cancels and aborts the request of an older value when a newer keystroke comes', async () => {
    const signals = new Map<string, AbortSignal>();
    await expectSaga(watchAvailability)
      .provide([
        noDelays,
        {
          call: (effect: CallEffectDescriptor<unknown>, next: () => unknown) => {
            if (effect.fn !== accountApi.checkUsername) return next();
            const [value, signal] = effect.args as [string, AbortSignal];
            signals.set(value, signal);
            // The older value's answer comes only once its request was given up: late, and to be ignored.
            if (value !== 'ada') return { exists: false };
            return new Promise((resolve) => signal.addEventListener('abort', () => resolve({ exists: true })));
          },
        },
      ])
      .dispatch(usernameEdited('ada'))
      .delay(10)
      .dispatch(usernameEdited('ada_l'))
      .put(availabilityCheckStarted({ field: 'username', value: 'ada' }))
      .not.put(availabilityChecked({ field: 'username', value: 'ada', exists: true }))
      .put(availabilityChecked({ field: 'username', value: 'ada_l', exists: false }))
      .silentRun(200);
    expect(signals.get('ada')?.aborted).toBe(true);
    expect(signals.get('ada_l')?.aborted).toBe(false);
  });
});
