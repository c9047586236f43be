import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError, type StaticProvider } from 'redux-saga-test-plan/providers';
import { ApiError } from '../../../../src/api/client';
import { handoverApi, inboxApi } from '../../../../src/api/inbox';
import { loggedOut } from '../../../../src/features/auth/slice';
import { MESSAGES_PAGE_SIZE } from '../../../../src/features/inbox/conversationSaga';
import { changeAttendance } from '../../../../src/features/inbox/handoverSaga';
import handoverSlice, {
  HANDOVER_TEXTS,
  attendanceChangeClicked,
  attendanceChangeFailed,
} from '../../../../src/features/inbox/handoverSlice';
import { conversationOpened, conversationsLoaded, conversationsViewOpened } from '../../../../src/features/inbox/slice';
import { attendanceChanged } from '../../../../src/features/live/inboxEvents';
import { escalationsLoaded } from '../../../../src/features/shell/bellSlice';
import { toastShown } from '../../../../src/features/toasts/slice';
import type { RootState } from '../../../../src/store';
import { aConversation, aMessage, anEscalation } from '../../support/fixtures/inbox';
import { stateAfter, testReducer } from '../../support/store';

const grace = aConversation({ id: '15550100@c.us', owner: 'human', needs_you: true });
const handedBackGrace = { ...grace, owner: 'ai' as const, needs_you: false };
const question = aMessage({ id: 'wamid.q' });
const handBackClicked = (conversationId: string) => attendanceChangeClicked({ conversationId, change: 'handBack' });

const toast = (title: string, description: string, variant: 'success' | 'destructive') => ({
  action: { type: toastShown.type, payload: { title, description, variant } },
});

describe('the hand-over state', () => {
  it('changes one conversation at a time', () => {
    let state = handoverSlice.reducer(undefined, handBackClicked(grace.id));
    state = handoverSlice.reducer(state, handBackClicked('1@c.us'));
    expect(state.changing).toEqual({ conversationId: grace.id, change: 'handBack' });
    state = handoverSlice.reducer(
      state,
      attendanceChanged({ conversationId: grace.id, change: 'handBack', conversation: handedBackGrace }),
    );
    expect(state.changing).toBeNull();
  });

  it('lets the button be pressed again after a refusal, and forgets everything on sign-out', () => {
    let state = handoverSlice.reducer(undefined, handBackClicked(grace.id));
    state = handoverSlice.reducer(
      state,
      attendanceChangeFailed({ conversationId: grace.id, change: 'handBack', error: 'Conversation not found.' }),
    );
    expect(state.changing).toBeNull();
    state = handoverSlice.reducer(state, handBackClicked(grace.id));
    expect(handoverSlice.reducer(state, loggedOut()).changing).toBeNull();
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

  it('asks the server, says so, then refreshes the messages and the list, and the bell drops the hand-over', async () => {
    const { storeState } = await expectSaga(changeAttendance, handBackClicked(grace.id))
      .withReducer(testReducer, opened())
      .provide([
        [matchers.call.fn(handoverApi.handBack), handedBackGrace],
        [matchers.call.fn(inboxApi.latestMessages), { messages: [question], etag: null }],
        [matchers.call.fn(inboxApi.conversations), { conversations: [handedBackGrace], next: null }],
      ])
      .call(handoverApi.handBack, 'token', grace.id)
      .put.like(toast(HANDOVER_TEXTS.handedBack, HANDOVER_TEXTS.handedBackDescription, 'success'))
      .call(inboxApi.latestMessages, 'token', grace.id, MESSAGES_PAGE_SIZE, undefined)
      .call.fn(inboxApi.conversations)
      .put(attendanceChanged({ conversationId: grace.id, change: 'handBack', conversation: handedBackGrace }))
      .run();
    const state = storeState as RootState;
    expect(state.handover).toEqual({ changing: null });
    expect(state.handoverBell.escalations).toEqual([]);
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
    expect(state.handoverBell.escalations).toHaveLength(1);
  });
});

describe('take over and mark done', () => {
  const aiGrace = { ...grace, owner: 'ai' as const, needs_you: true };
  const refreshes = (conversation: typeof grace): StaticProvider[] => [
    [matchers.call.fn(inboxApi.latestMessages), { messages: [question], etag: null }],
    [matchers.call.fn(inboxApi.conversations), { conversations: [conversation], next: null }],
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
    const state = storeState as RootState;
    expect(state.handover.changing).toBeNull();
    expect(state.handoverBell.escalations).toEqual([]);
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
