import { channel } from 'redux-saga';
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import type { LiveEvent } from '../../../../contract';
import { liveEventReceived } from '../../../../src/features/inbox/liveSlice';
import { noticeFor, type NoticeContext } from '../../../../src/features/inbox/notices';
import {
  askDesktopPermission,
  chime,
  NOTIFICATION_PREFERENCES_KEY,
  notifyOwner,
  readPreferences,
  requestDesktopNotifications,
  savePreferences,
  showDesktopNotification,
  windowFocused,
} from '../../../../src/features/inbox/notificationsSaga';
import {
  desktopPermissionAnswered,
  notificationPreferencesLoaded,
} from '../../../../src/features/inbox/notificationsSlice';
import { conversationsLoaded, conversationsViewOpened, conversationOpened } from '../../../../src/features/inbox/slice';
import { titleWithUnread } from '../../../../src/features/inbox/UnreadBadge';
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

describe('the tab title', () => {
  it('carries the unread count, once, and drops it at zero', () => {
    expect(titleWithUnread('Messages · Threadline', 3)).toBe('(3) Messages · Threadline');
    expect(titleWithUnread('(3) Messages · Threadline', 4)).toBe('(4) Messages · Threadline');
    expect(titleWithUnread('(4) Messages · Threadline', 0)).toBe('Messages · Threadline');
  });
});

describe('notifyOwner', () => {
  const inboxWith = (preferences: { sound: boolean; desktop: boolean; permission: NotificationPermission }) =>
    stateAfter(
      conversationsViewOpened(),
      conversationsLoaded({ conversations: [ai, yours], next: null }),
      notificationPreferencesLoaded(preferences),
    );

  it('chimes and shows a desktop notification for a hand-over, as the owner chose', async () => {
    const clicks = channel<string>();
    await expectSaga(notifyOwner, clicks, liveEventReceived({ event: handover(ai.id) }))
      .withReducer(testReducer, inboxWith({ sound: true, desktop: true, permission: 'granted' }))
      .provide([
        [matchers.call.fn(windowFocused), true],
        [matchers.call.fn(chime), undefined],
        [matchers.call.fn(showDesktopNotification), undefined],
      ])
      .call(chime)
      .call(showDesktopNotification, 'A customer needs you', ai.name, ai.id, clicks)
      .run();
  });

  it('does nothing while both are off, or for the conversation open in the focused window', async () => {
    await expectSaga(notifyOwner, channel<string>(), liveEventReceived({ event: handover(ai.id) }))
      .withReducer(testReducer, inboxWith({ sound: false, desktop: false, permission: 'default' }))
      .not.call.fn(chime)
      .not.call.fn(showDesktopNotification)
      .run();
    await expectSaga(notifyOwner, channel<string>(), liveEventReceived({ event: handover(ai.id) }))
      .withReducer(
        testReducer,
        testReducer(inboxWith({ sound: true, desktop: false, permission: 'default' }), conversationOpened(ai.id)),
      )
      .provide([[matchers.call.fn(windowFocused), true]])
      .not.call.fn(chime)
      .run();
  });
});

describe('the owner’s choices', () => {
  beforeEach(() => localStorage.clear());

  it('asks the browser once for desktop notifications and remembers the answer in this browser', async () => {
    await expectSaga(requestDesktopNotifications)
      .withReducer(testReducer, stateAfter())
      .provide([[matchers.call.fn(askDesktopPermission), 'granted']])
      .put(desktopPermissionAnswered('granted'))
      .run();
    await expectSaga(savePreferences)
      .withReducer(testReducer, stateAfter(desktopPermissionAnswered('granted')))
      .run();
    expect(JSON.parse(localStorage.getItem(NOTIFICATION_PREFERENCES_KEY) ?? '{}')).toEqual({
      sound: false,
      desktop: true,
    });
    expect(readPreferences()).toEqual({ sound: false, desktop: true });
  });

  it('reads nothing it cannot understand as off', () => {
    localStorage.setItem(NOTIFICATION_PREFERENCES_KEY, 'not json');
    expect(readPreferences()).toEqual({ sound: false, desktop: false });
  });
});
