import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { dynamic, throwError } from 'redux-saga-test-plan/providers';
import { ApiError } from '../../../../src/api/client';
import { handoverApi, inboxApi } from '../../../../src/api/inbox';
import { loggedOut } from '../../../../src/features/auth/slice';
import {
  attendanceChanged,
  unreadConversationsCounted,
  unreadCountLoaded,
} from '../../../../src/features/live/inboxEvents';
import badgeSlice, { unreadBadgeHidden, unreadBadgeShown } from '../../../../src/features/shell/badgeSlice';
import bellSlice, {
  escalationsLoaded,
  handoverBellHidden,
  handoverBellShown,
} from '../../../../src/features/shell/bellSlice';
import {
  HANDOVER_REFRESH_INTERVAL_MS,
  UNREAD_REFRESH_INTERVAL_MS,
  watchHandoverBell,
  watchUnreadBadge,
} from '../../../../src/features/shell/saga';
import type { RootState } from '../../../../src/store';
import { aConversation, anEscalation } from '../../support/fixtures/inbox';
import { controlledTime, settle, STOP, untilStopped } from '../../support/saga-time';
import { stateAfter, testReducer } from '../../support/store';

const grace = aConversation({ id: '15550100@c.us', owner: 'human', needs_you: true });
const handedBackGrace = { ...grace, owner: 'ai' as const, needs_you: false };

beforeEach(() => {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
});

/** Starts `saga` with the test's controls; `stop()` ends it and waits for it to finish. */
function started(saga: ReturnType<typeof expectSaga>) {
  const finished = saga.run({ timeout: 10_000, silenceTimeout: true });
  return {
    dispatch: (action: Parameters<typeof saga.dispatch>[0]) => saga.dispatch(action),
    async stop() {
      saga.dispatch(STOP);
      return finished;
    },
  };
}

/** Counts the calls of an API function and answers each with `answer`. */
function counted<T>(answer: () => T) {
  const calls: unknown[][] = [];
  return {
    calls,
    provider: dynamic(({ args }: { args: unknown[] }) => {
      calls.push(args);
      return answer();
    }),
  };
}

describe("the badge's count", () => {
  it("takes the server's figure, then the inbox's own, and forgets it on sign-out", () => {
    let state = badgeSlice.reducer(undefined, unreadCountLoaded(7));
    expect(state.unreadConversations).toBe(7);
    state = badgeSlice.reducer(state, unreadConversationsCounted(6));
    expect(state.unreadConversations).toBe(6);
    expect(badgeSlice.reducer(state, loggedOut()).unreadConversations).toBe(0);
  });
});

describe("the bell's list", () => {
  it('forgets a hand-over once its conversation no longer needs the owner, and everything on sign-out', () => {
    let state = bellSlice.reducer(
      undefined,
      escalationsLoaded([anEscalation(), anEscalation({ id: 2, conversation_id: '1@c.us' })]),
    );
    state = bellSlice.reducer(
      state,
      attendanceChanged({ conversationId: grace.id, change: 'handBack', conversation: handedBackGrace }),
    );
    expect(state.escalations.map(({ id }) => id)).toEqual([2]);
    expect(bellSlice.reducer(state, loggedOut()).escalations).toEqual([]);
  });
});

describe('the unread badge', () => {
  it('asks for the unread count on show and every 15 s until hidden', async () => {
    const time = controlledTime();
    const unread = counted(() => ({ unread_conversations: 4 }));
    const saga = started(
      expectSaga(untilStopped, watchUnreadBadge)
        .withReducer(testReducer, stateAfter())
        .provide([[matchers.call.fn(inboxApi.unread), unread.provider], time.provider])
        .put(unreadCountLoaded(4)),
    );
    saga.dispatch(unreadBadgeShown());
    await settle();
    expect(unread.calls).toHaveLength(1);
    expect(time.waiting.map(({ ms }) => ms)).toEqual([UNREAD_REFRESH_INTERVAL_MS]);
    await time.pass();
    expect(unread.calls).toHaveLength(2);
    saga.dispatch(unreadBadgeHidden());
    await settle();
    await time.pass();
    expect(unread.calls).toHaveLength(2);
    await saga.stop();
  });
});

describe('the bell', () => {
  it('asks for the open hand-overs on show and on each interval, and stops when hidden', async () => {
    const time = controlledTime();
    const calls: unknown[][] = [];
    const listed = [anEscalation(), anEscalation({ id: 2, conversation_id: '15550199@c.us' })];
    const saga = expectSaga(untilStopped, watchHandoverBell)
      .withReducer(testReducer, stateAfter())
      .provide([
        [
          matchers.call.fn(handoverApi.escalations),
          dynamic(({ args }: { args: unknown[] }) => {
            calls.push(args);
            return listed;
          }),
        ],
        time.provider,
      ])
      .put(escalationsLoaded(listed));
    const finished = saga.run({ timeout: 10_000, silenceTimeout: true });
    saga.dispatch(handoverBellShown());
    await settle();
    expect(calls).toEqual([['token']]);
    // As often as the unread badge: every 15 s.
    expect(time.waiting.map(({ ms }) => ms)).toEqual([HANDOVER_REFRESH_INTERVAL_MS]);
    expect(HANDOVER_REFRESH_INTERVAL_MS).toBe(UNREAD_REFRESH_INTERVAL_MS);
    expect(UNREAD_REFRESH_INTERVAL_MS).toBe(15_000);
    await time.pass();
    expect(calls).toHaveLength(2);
    saga.dispatch(handoverBellHidden());
    await settle();
    await time.pass();
    expect(calls).toHaveLength(2);
    saga.dispatch(STOP);
    const { storeState } = await finished;
    expect((storeState as RootState).handoverBell.escalations).toEqual(listed);
  });

  it('asks again at once when an attendance change was made from the inbox', async () => {
    const time = controlledTime();
    const listed = counted(() => []);
    const saga = started(
      expectSaga(untilStopped, watchHandoverBell)
        .withReducer(testReducer, stateAfter())
        .provide([[matchers.call.fn(handoverApi.escalations), listed.provider], time.provider]),
    );
    saga.dispatch(handoverBellShown());
    await settle();
    expect(listed.calls).toHaveLength(1);
    saga.dispatch(attendanceChanged({ conversationId: grace.id, change: 'handBack', conversation: handedBackGrace }));
    await settle();
    expect(listed.calls).toHaveLength(2);
    await saga.stop();
  });

  it('keeps its last list when the hand-overs cannot be fetched', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const time = controlledTime();
    const saga = expectSaga(untilStopped, watchHandoverBell)
      .withReducer(testReducer, stateAfter(escalationsLoaded([anEscalation()])))
      .provide([
        [matchers.call.fn(handoverApi.escalations), throwError(new ApiError('HTTP error! status: 500', 500))],
        time.provider,
      ])
      .not.put.actionType(escalationsLoaded.type);
    const finished = saga.run({ timeout: 10_000, silenceTimeout: true });
    saga.dispatch(handoverBellShown());
    await settle();
    saga.dispatch(STOP);
    const { storeState } = await finished;
    expect((storeState as RootState).handoverBell.escalations).toHaveLength(1);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
