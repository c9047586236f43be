import { channel } from 'redux-saga';
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { ownerNoticeRaised } from '../../../../src/features/live/inboxEvents';
import {
  askDesktopPermission,
  chime,
  NOTIFICATION_PREFERENCES_KEY,
  notifyOwner,
  readPreferences,
  requestDesktopNotifications,
  savePreferences,
  showDesktopNotification,
} from '../../../../src/features/shell/notificationsSaga';
import {
  desktopPermissionAnswered,
  notificationPreferencesLoaded,
} from '../../../../src/features/shell/notificationsSlice';
import { titleWithUnread } from '../../../../src/features/shell/UnreadBadge';
import { stateAfter, testReducer } from '../../support/store';

const handover = ownerNoticeRaised({
  kind: 'handover',
  conversationId: '1@c.us',
  name: 'Grace Hopper',
  words: 'Can a person check my order?',
});

describe('the tab title', () => {
  it('carries the unread count, once, and drops it at zero', () => {
    expect(titleWithUnread('Messages · Threadline', 3)).toBe('(3) Messages · Threadline');
    expect(titleWithUnread('(3) Messages · Threadline', 4)).toBe('(4) Messages · Threadline');
    expect(titleWithUnread('(4) Messages · Threadline', 0)).toBe('Messages · Threadline');
  });
});

describe('notifyOwner', () => {
  const choosing = (preferences: { sound: boolean; desktop: boolean; permission: NotificationPermission }) =>
    stateAfter(notificationPreferencesLoaded(preferences));

  it('chimes and shows a desktop notification that says who and what, as the owner chose', async () => {
    const clicks = channel<string>();
    await expectSaga(notifyOwner, clicks, handover)
      .withReducer(testReducer, choosing({ sound: true, desktop: true, permission: 'granted' }))
      .provide([
        [matchers.call.fn(chime), undefined],
        [matchers.call.fn(showDesktopNotification), undefined],
      ])
      .call(chime)
      .call(showDesktopNotification, 'Grace Hopper needs you', 'Can a person check my order?', '1@c.us', clicks)
      .run();
  });

  it('does nothing while both are off', async () => {
    await expectSaga(notifyOwner, channel<string>(), handover)
      .withReducer(testReducer, choosing({ sound: false, desktop: false, permission: 'default' }))
      .not.call.fn(chime)
      .not.call.fn(showDesktopNotification)
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
