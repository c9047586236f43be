import { channel } from 'redux-saga';
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import { pushApi } from '../../../../src/api/push';
import {
  focusChanges,
  PRESENCE_REPORT_INTERVAL_MS,
  reportPresence,
  sendPresence,
  tabFocused,
} from '../../../../src/features/live/presence';
import { stateAfter, testReducer } from '../../support/store';

/** The delays the reporter asked for, answered at once (no real time passes). */
function fakeDelays(asked: number[]) {
  return {
    call(effect: { fn: unknown; args: unknown[] }, next: () => unknown) {
      if ((effect.fn as { name?: string }).name === 'delayP') {
        asked.push(effect.args[0] as number);
        return new Promise(() => undefined);
      }
      return next();
    },
  };
}

describe('reportPresence', () => {
  it('says at once that the tab is focused, then says it is not the moment it loses focus', async () => {
    const changes = channel<boolean>();
    const asked: number[] = [];
    const reported: boolean[] = [];
    const run = expectSaga(reportPresence)
      .withReducer(testReducer, stateAfter())
      .provide([
        [matchers.call.fn(focusChanges), changes],
        [matchers.call.fn(tabFocused), true],
        {
          call(effect, next) {
            if (effect.fn === pushApi.presence) {
              reported.push(effect.args[1] as boolean);
              return undefined;
            }
            return fakeDelays(asked).call(effect as never, next);
          },
        },
      ])
      .silentRun(50);
    await new Promise((resolve) => setTimeout(resolve, 10));
    changes.put(false);
    await run;
    expect(reported).toEqual([true, false]);
    expect(asked[0]).toBe(PRESENCE_REPORT_INTERVAL_MS);
  });

  it('repeats a focused report every PRESENCE_REPORT_INTERVAL_MS', async () => {
    const reported: boolean[] = [];
    let delays = 0;
    await expectSaga(reportPresence)
      .withReducer(testReducer, stateAfter())
      .provide([
        [matchers.call.fn(focusChanges), channel<boolean>()],
        [matchers.call.fn(tabFocused), true],
        {
          call(effect, next) {
            if (effect.fn === pushApi.presence) {
              reported.push(effect.args[1] as boolean);
              return undefined;
            }
            return next();
          },
          race(effect, next) {
            delays += 1;
            return delays <= 2 ? { again: true } : next();
          },
        },
      ])
      .silentRun(50);
    expect(reported).toEqual([true, true, true]);
  });

  it('says nothing more while the tab stays unfocused', async () => {
    const reported: boolean[] = [];
    const changes = channel<boolean>();
    const run = expectSaga(reportPresence)
      .withReducer(testReducer, stateAfter())
      .provide([
        [matchers.call.fn(focusChanges), changes],
        [matchers.call.fn(tabFocused), false],
        {
          call(effect, next) {
            if (effect.fn === pushApi.presence) {
              reported.push(effect.args[1] as boolean);
              return undefined;
            }
            return next();
          },
        },
      ])
      .silentRun(50);
    await new Promise((resolve) => setTimeout(resolve, 10));
    changes.put(false);
    await run;
    expect(reported).toEqual([false]);
  });
});

describe('sendPresence', () => {
  it('keeps going when the report cannot be made', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const result = await expectSaga(sendPresence, true)
      .withReducer(testReducer, stateAfter())
      .provide([[matchers.call.fn(pushApi.presence), throwError(new Error('offline'))]])
      .run();
    expect(result.returnValue).toBe(false);
    expect(warn).toHaveBeenCalled();
  });
});
