import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import type { LiveEvent } from '../../../../contract';
import { noticeFor, type NoticeContext } from '../../../../src/features/inbox/notices';
import { raiseNotice, windowFocused } from '../../../../src/features/inbox/noticesSaga';
import { conversationsLoaded, conversationsViewOpened, conversationOpened } from '../../../../src/features/inbox/slice';
import { ownerNoticeRaised } from '../../../../src/features/live/inboxEvents';
import { liveEventReceived } from '../../../../src/features/live/slice';
import { stateAfter, testReducer } from '../../support/store';
import { aConversation } from '../../support/fixtures/inbox';

const ai = aConversation({ id: '1@c.us', owner: 'ai', needs_you: false });
const yours = aConversation({ id: '2@c.us', owner: 'human', needs_you: false });
const context = (overrides: Partial<NoticeContext> = {}): NoticeContext => ({
  conversations: { [ai.id]: ai, [yours.id]: yours },
  listLoaded: true,
  watchedId: null,
  ...overrides,
});
const message = (conversationId: string): LiveEvent => ({ type: 'message.received', conversationId, messageId: 1 });
const handover = (conversationId: string): LiveEvent => ({ type: 'handover.opened', conversationId, handoverId: 1 });

describe('when the owner is told', () => {
  it('tells of every hand-over, a new conversation and a message in one the owner answers', () => {
    expect(noticeFor(handover(ai.id), context())).toEqual({ kind: 'handover', conversationId: ai.id });
    expect(noticeFor(message('3@c.us'), context())).toEqual({ kind: 'newConversation', conversationId: '3@c.us' });
    expect(noticeFor(message(yours.id), context())).toEqual({ kind: 'needsYou', conversationId: yours.id });
  });

  it('keeps quiet for what the AI answers, the conversation on screen, and before the list is known', () => {
    expect(noticeFor(message(ai.id), context())).toBeUndefined();
    expect(noticeFor(handover(yours.id), context({ watchedId: yours.id }))).toBeUndefined();
    expect(noticeFor(message('3@c.us'), context({ listLoaded: false }))).toBeUndefined();
    expect(noticeFor({ type: 'message.sent', conversationId: yours.id, messageId: 2 }, context())).toBeUndefined();
  });
});

describe('raiseNotice', () => {
  const listed = () =>
    stateAfter(conversationsViewOpened(), conversationsLoaded({ conversations: [ai, yours], next: null }));

  it("raises a hand-over's notice with the conversation's name, for the shell to tell the owner", async () => {
    await expectSaga(raiseNotice, liveEventReceived({ event: handover(ai.id) }))
      .withReducer(testReducer, listed())
      .provide([[matchers.call.fn(windowFocused), true]])
      .put(ownerNoticeRaised({ kind: 'handover', conversationId: ai.id, name: ai.name }))
      .run();
  });

  it('raises none for the conversation open in the focused window', async () => {
    await expectSaga(raiseNotice, liveEventReceived({ event: handover(ai.id) }))
      .withReducer(testReducer, testReducer(listed(), conversationOpened(ai.id)))
      .provide([[matchers.call.fn(windowFocused), true]])
      .not.put.actionType(ownerNoticeRaised.type)
      .run();
  });
});
