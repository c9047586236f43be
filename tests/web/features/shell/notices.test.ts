import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import type { LiveEvent } from '../../../../contract';
import { inboxApi } from '../../../../src/api/inbox';
import { requireAccessToken } from '../../../../src/features/auth/session';
import { conversationOnScreen, ownerNoticeRaised } from '../../../../src/features/live/inboxEvents';
import { liveEventReceived } from '../../../../src/features/live/slice';
import { noticeFor, noticeMessage, type NoticeEvent } from '../../../../src/features/shell/notices';
import {
  findConversation,
  NOTICE_LOOKUP_LIMIT,
  raiseNotice,
  windowFocused,
} from '../../../../src/features/shell/noticesSaga';
import { selectConversationOnScreen } from '../../../../src/features/shell/noticesSlice';
import { loggedOut } from '../../../../src/features/auth/slice';
import { aConversation } from '../../support/fixtures/inbox';
import { stateAfter, testReducer } from '../../support/store';

const lena = aConversation({
  id: '4915123456789@c.us',
  name: 'Lena Fischer',
  owner: 'human',
  needs_you: true,
  last_message: 'Thanks for your patience — a person from our team will answer you here shortly.',
  customer_message: 'Can someone call me about the wedding cake?',
  first_contact: false,
});
const newcomer = aConversation({
  id: '15550894823@c.us',
  name: '15550894823@c.us',
  owner: 'ai',
  customer_message: '[image] the cake I want',
  first_contact: true,
});
const answeredByAi = aConversation({ id: '3@c.us', owner: 'ai', needs_you: false, first_contact: false });

const message = (conversationId: string): NoticeEvent & LiveEvent => ({
  type: 'message.received',
  conversationId,
  messageId: 1,
});
const handover = (conversationId: string): NoticeEvent & LiveEvent => ({
  type: 'handover.opened',
  conversationId,
  handoverId: 1,
});

describe('what a notice says', () => {
  it('names the customer and quotes what they asked, not the acknowledgement after it', () => {
    expect(noticeFor(handover(lena.id), lena)).toEqual({
      kind: 'handover',
      conversationId: lena.id,
      name: 'Lena Fischer',
      words: 'Can someone call me about the wedding cake?',
    });
  });

  it('names a customer without a profile name by their number formatted for people, and media in words', () => {
    expect(noticeFor(message(newcomer.id), newcomer)).toEqual({
      kind: 'newConversation',
      conversationId: newcomer.id,
      name: '+1 555 089 4823',
      words: 'Photo: the cake I want',
    });
  });

  it('tells of a message in a conversation the owner answers, and keeps quiet for what the AI answers', () => {
    expect(noticeFor(message(lena.id), lena)?.kind).toBe('needsYou');
    expect(noticeFor(message(answeredByAi.id), answeredByAi)).toBeUndefined();
    expect(noticeFor(message('9@c.us'), undefined)).toBeUndefined();
  });

  it('tells of a hand-over by the number alone when the conversation cannot be found', () => {
    expect(noticeFor(handover('15550894823@c.us'), undefined)).toEqual({
      kind: 'handover',
      conversationId: '15550894823@c.us',
      name: '+1 555 089 4823',
      words: '',
    });
  });

  it('puts who in the title and what in the body, with words of its own when nothing is known', () => {
    const told = noticeFor(handover(lena.id), lena);
    expect(told && noticeMessage(told)).toEqual({
      title: 'Lena Fischer needs you',
      body: 'Can someone call me about the wedding cake?',
    });
    const unknown = noticeFor(handover('15550894823@c.us'), undefined);
    expect(unknown && noticeMessage(unknown)).toEqual({
      title: '+1 555 089 4823 needs you',
      body: 'A customer needs you',
    });
  });
});

describe('the conversation on screen', () => {
  it('is what the inbox last said, and none after signing out', () => {
    const shown = stateAfter(conversationOnScreen(lena.id));
    expect(selectConversationOnScreen(shown)).toBe(lena.id);
    expect(selectConversationOnScreen(testReducer(shown, conversationOnScreen(null)))).toBeNull();
    expect(selectConversationOnScreen(testReducer(shown, loggedOut()))).toBeNull();
  });
});

describe('raiseNotice, on any page', () => {
  it('asks the server for the conversation the event names and raises who and what', async () => {
    await expectSaga(raiseNotice, liveEventReceived({ event: handover(lena.id) }))
      .withReducer(testReducer, stateAfter())
      .provide([
        [matchers.call.fn(requireAccessToken), 'token'],
        [matchers.call.fn(inboxApi.conversations), { conversations: [answeredByAi, lena], next: null }],
      ])
      .call(inboxApi.conversations, 'token', { limit: NOTICE_LOOKUP_LIMIT })
      .put(
        ownerNoticeRaised({
          kind: 'handover',
          conversationId: lena.id,
          name: 'Lena Fischer',
          words: 'Can someone call me about the wedding cake?',
        }),
      )
      .run();
  });

  it('searches by the number for a conversation that is not among the newest', async () => {
    await expectSaga(findConversation, newcomer.id)
      .provide([
        [matchers.call.fn(requireAccessToken), 'token'],
        [
          matchers.call(inboxApi.conversations, 'token', { limit: NOTICE_LOOKUP_LIMIT }),
          { conversations: [], next: null },
        ],
        [
          matchers.call(inboxApi.conversations, 'token', { q: '15550894823' }),
          { conversations: [newcomer], next: null },
        ],
      ])
      .returns(newcomer)
      .run();
  });

  it('raises none for the conversation on screen in a focused window, and asks the server nothing', async () => {
    await expectSaga(raiseNotice, liveEventReceived({ event: handover(lena.id) }))
      .withReducer(testReducer, stateAfter(conversationOnScreen(lena.id)))
      .provide([[matchers.call.fn(windowFocused), true]])
      .not.call.fn(inboxApi.conversations)
      .not.put.actionType(ownerNoticeRaised.type)
      .run();
  });

  it('raises one for the conversation on screen when the window is in the background', async () => {
    await expectSaga(raiseNotice, liveEventReceived({ event: message(lena.id) }))
      .withReducer(testReducer, stateAfter(conversationOnScreen(lena.id)))
      .provide([
        [matchers.call.fn(windowFocused), false],
        [matchers.call.fn(findConversation), lena],
      ])
      .put.actionType(ownerNoticeRaised.type)
      .run();
  });

  it('still tells of a hand-over when the conversation cannot be fetched, and of no message', async () => {
    const offline = throwError(new Error('offline'));
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expectSaga(raiseNotice, liveEventReceived({ event: handover('15550894823@c.us') }))
      .withReducer(testReducer, stateAfter())
      .provide([[matchers.call.fn(findConversation), offline]])
      .put(
        ownerNoticeRaised({ kind: 'handover', conversationId: '15550894823@c.us', name: '+1 555 089 4823', words: '' }),
      )
      .run();
    await expectSaga(raiseNotice, liveEventReceived({ event: message('15550894823@c.us') }))
      .withReducer(testReducer, stateAfter())
      .provide([[matchers.call.fn(findConversation), offline]])
      .not.put.actionType(ownerNoticeRaised.type)
      .run();
  });

  it('ignores events that need nobody', async () => {
    await expectSaga(
      raiseNotice,
      liveEventReceived({ event: { type: 'message.sent', conversationId: lena.id, messageId: 2 } }),
    )
      .withReducer(testReducer, stateAfter())
      .not.call.fn(findConversation)
      .not.put.actionType(ownerNoticeRaised.type)
      .run();
  });
});
