import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { dynamic, throwError, type StaticProvider } from 'redux-saga-test-plan/providers';
import { ApiError } from '../../../../src/api/client';
import { handoverApi, inboxApi } from '../../../../src/api/inbox';
import { loggedOut } from '../../../../src/features/auth/slice';
import handoverSlice, {
  escalationsLoaded,
  HANDOVER_TEXTS,
  attendanceChangeClicked,
  attendanceChanged,
  attendanceChangeFailed,
  handoverBellHidden,
  handoverBellShown,
} from '../../../../src/features/inbox/handoverSlice';
import { conversationOpened, conversationsLoaded, conversationsViewOpened } from '../../../../src/features/inbox/slice';
import { toastShown } from '../../../../src/features/toasts/slice';
import { changeAttendance, watchHandoverBell } from '../../../../src/features/inbox/handoverSaga';
import { MESSAGES_PAGE_SIZE, UNREAD_REFRESH_INTERVAL_MS } from '../../../../src/features/inbox/saga';
import type { RootState } from '../../../../src/store';
import { aConversation, aMessage, anEscalation } from '../../support/fixtures/inbox';
import { controlledTime, settle, STOP, untilStopped } from '../../support/saga-time';
import { stateAfter, testReducer } from '../../support/store';

const grace = aConversation({ id: '15550100@c.us', owner: 'human', needs_you: true });
const handedBackGrace = { ...grace, owner: 'ai' as const, needs_you: false };
const question = aMessage({ id: 'wamid.q' });
const handBackClicked = (conversationId: string) => attendanceChangeClicked({ conversationId, change: 'handBack' });

const toast = (title: string, description: string, variant: 'success' | 'destructive') => ({
  action: { type: toastShown.type, payload: { title, description, variant } },
});

beforeEach(() => {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
});

describe('the hand-over state', () => {
  it('changes one conversation at a time and forgets the hand-over once it is answered', () => {
    let state = handoverSlice.reducer(
      undefined,
      escalationsLoaded([anEscalation(), anEscalation({ id: 2, conversation_id: '1@c.us' })]),
    );
    state = handoverSlice.reducer(state, handBackClicked(grace.id));
    state = handoverSlice.reducer(state, handBackClicked('1@c.us'));
    expect(state.changing).toEqual({ conversationId: grace.id, change: 'handBack' });
    state = handoverSlice.reducer(
      state,
      attendanceChanged({ conversationId: grace.id, change: 'handBack', conversation: handedBackGrace }),
    );
    expect(state.changing).toBeNull();
    expect(state.escalations.map(({ id }) => id)).toEqual([2]);
  });

  it('lets the button be pressed again after a refusal, and forgets everything on sign-out', () => {
    let state = handoverSlice.reducer(undefined, handBackClicked(grace.id));
    state = handoverSlice.reducer(
      state,
      attendanceChangeFailed({ conversationId: grace.id, change: 'handBack', error: 'Conversation not found.' }),
    );
    expect(state.changing).toBeNull();
    state = handoverSlice.reducer(state, escalationsLoaded([anEscalation()]));
    expect(handoverSlice.reducer(state, loggedOut()).escalations).toEqual([]);
  });
});

describe("the inbox's polls", () => {
  it('bring a change of owner, hand-over or AI typing into the list even when nothing else changed', () => {
    const before = stateAfter(conversationsViewOpened(), conversationsLoaded({ conversations: [grace], next: null }));
    const replying = { ...grace, owner: 'ai' as const, needs_you: false, ai_replying: true };
    const after = testReducer(before, conversationsLoaded({ conversations: [replying], next: null }));
    expect(after.inbox.conversations.entities[grace.id]).toMatchObject({
      owner: 'ai',
      needs_you: false,
      ai_replying: true,
    });
  });
});

describe('hand back to the AI', () => {
  const opened = () =>
    stateAfter(
      conversationsViewOpened(),
      escalationsLoaded([anEscalation()]),
      conversationOpened(grace.id),
      handBackClicked(grace.id),
    );

  it('asks the server, says so, then refreshes the messages, the list and the bell', async () => {
    const { storeState } = await expectSaga(changeAttendance, handBackClicked(grace.id))
      .withReducer(testReducer, opened())
      .provide([
        [matchers.call.fn(handoverApi.handBack), handedBackGrace],
        [matchers.call.fn(inboxApi.latestMessages), { messages: [question], etag: null }],
        [matchers.call.fn(inboxApi.conversations), { conversations: [handedBackGrace], next: null }],
        [matchers.call.fn(handoverApi.escalations), []],
      ])
      .call(handoverApi.handBack, 'token', grace.id)
      .put.like(toast(HANDOVER_TEXTS.handedBack, HANDOVER_TEXTS.handedBackDescription, 'success'))
      .call(inboxApi.latestMessages, 'token', grace.id, MESSAGES_PAGE_SIZE, undefined)
      .call.fn(inboxApi.conversations)
      .call(handoverApi.escalations, 'token')
      .put(attendanceChanged({ conversationId: grace.id, change: 'handBack', conversation: handedBackGrace }))
      .run();
    const state = storeState as RootState;
    expect(state.handover).toMatchObject({ changing: null, escalations: [] });
    expect(state.inbox.conversations.entities[grace.id]).toMatchObject({ owner: 'ai', needs_you: false });
  });

  it("shows the server's reason when it refuses, and refreshes nothing", async () => {
    const { storeState } = await expectSaga(changeAttendance, handBackClicked(grace.id))
      .withReducer(testReducer, opened())
      .provide([[matchers.call.fn(handoverApi.handBack), throwError(new ApiError('Conversation not found.', 404))]])
      .put(attendanceChangeFailed({ conversationId: grace.id, change: 'handBack', error: 'Conversation not found.' }))
      .put.like(toast(HANDOVER_TEXTS.handBackFailed, 'Conversation not found.', 'destructive'))
      .not.call.fn(inboxApi.latestMessages)
      .not.call.fn(inboxApi.conversations)
      .not.put.actionType(attendanceChanged.type)
      .run();
    const state = storeState as RootState;
    expect(state.handover.changing).toBeNull();
    expect(state.handover.escalations).toHaveLength(1);
  });
});

describe('take over and mark done', () => {
  const aiGrace = { ...grace, owner: 'ai' as const, needs_you: true };
  const refreshes = (conversation: typeof grace): StaticProvider[] => [
    [matchers.call.fn(inboxApi.latestMessages), { messages: [question], etag: null }],
    [matchers.call.fn(inboxApi.conversations), { conversations: [conversation], next: null }],
    [matchers.call.fn(handoverApi.escalations), []],
  ];

  it('takes over: the owner answers, the hand-over is answered, and it says so', async () => {
    const takenOver = { ...aiGrace, owner: 'human' as const, needs_you: false };
    const click = attendanceChangeClicked({ conversationId: grace.id, change: 'takeOver' });
    const { storeState } = await expectSaga(changeAttendance, click)
      .withReducer(testReducer, stateAfter(conversationsViewOpened(), escalationsLoaded([anEscalation()]), click))
      .provide([[matchers.call.fn(handoverApi.takeOver), takenOver], ...refreshes(takenOver)])
      .call(handoverApi.takeOver, 'token', grace.id)
      .put.like(toast(HANDOVER_TEXTS.tookOver, HANDOVER_TEXTS.tookOverDescription, 'success'))
      .put(attendanceChanged({ conversationId: grace.id, change: 'takeOver', conversation: takenOver }))
      .run();
    expect((storeState as RootState).handover).toMatchObject({ changing: null, escalations: [] });
  });

  it('marks done, or shows why not', async () => {
    const done = { ...aiGrace, needs_you: false, done: true };
    const click = attendanceChangeClicked({ conversationId: grace.id, change: 'done' });
    await expectSaga(changeAttendance, click)
      .withReducer(testReducer, stateAfter(click))
      .provide([[matchers.call.fn(handoverApi.markDone), done], ...refreshes(done)])
      .put.like(toast(HANDOVER_TEXTS.markedDone, HANDOVER_TEXTS.markedDoneDescription, 'success'))
      .run();
    await expectSaga(changeAttendance, click)
      .withReducer(testReducer, stateAfter(click))
      .provide([[matchers.call.fn(handoverApi.markDone), throwError(new ApiError('Conversation not found.', 404))]])
      .put.like(toast(HANDOVER_TEXTS.markDoneFailed, 'Conversation not found.', 'destructive'))
      .run();
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
    expect(time.waiting.map(({ ms }) => ms)).toEqual([UNREAD_REFRESH_INTERVAL_MS]);
    expect(UNREAD_REFRESH_INTERVAL_MS).toBe(15_000);
    await time.pass();
    expect(calls).toHaveLength(2);
    saga.dispatch(handoverBellHidden());
    await settle();
    await time.pass();
    expect(calls).toHaveLength(2);
    saga.dispatch(STOP);
    const { storeState } = await finished;
    expect((storeState as RootState).handover.escalations).toEqual(listed);
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
    expect((storeState as RootState).handover.escalations).toHaveLength(1);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
