import { all, call, put, spawn } from 'typed-redux-saga';
import { handoverApi, inboxApi } from '../../api/inbox';
import { requireAccessToken } from '../auth/session';
import { conversationsChanged, handoversChanged } from '../live/events';
import { keepFreshWhileShown, type FreshView } from '../live/freshWhileShown';
import { attendanceChanged, unreadCountLoaded } from '../live/inboxEvents';
import { unreadBadgeHidden, unreadBadgeShown } from './badgeSlice';
import { escalationsLoaded, handoverBellHidden, handoverBellShown } from './bellSlice';
import { watchNotices } from './noticesSaga';
import { watchNotifications } from './notificationsSaga';
import { watchPushDevice } from './pushDeviceSaga';
import { watchVerificationResend } from '../auth/verificationResend';

/** The sidebar badge asks for the unread count this often while it shows and the stream is down. */
export const UNREAD_REFRESH_INTERVAL_MS = 15_000;
/** The bell asks for the open hand-overs as often as the sidebar badge asks for the unread count. */
export const HANDOVER_REFRESH_INTERVAL_MS = UNREAD_REFRESH_INTERVAL_MS;

/** The badge keeps its last figure when the count cannot be fetched. */
export function* loadUnreadCount() {
  try {
    const token = yield* call(requireAccessToken);
    const summary = yield* call(inboxApi.unread, token);
    yield* put(unreadCountLoaded(summary.unread_conversations));
  } catch (error) {
    console.warn('The unread count could not be fetched', error);
  }
}

/** The bell keeps its last list when the hand-overs cannot be fetched. */
export function* loadEscalations() {
  try {
    const token = yield* call(requireAccessToken);
    const escalations = yield* call(handoverApi.escalations, token);
    yield* put(escalationsLoaded(escalations));
  } catch (error) {
    console.warn('The open hand-overs could not be fetched', error);
  }
}

/** The badge: again on each event about a conversation, or every UNREAD_REFRESH_INTERVAL_MS while the stream is down. */
export const unreadBadgeView: FreshView<void> = {
  load: loadUnreadCount,
  intervalMs: UNREAD_REFRESH_INTERVAL_MS,
  changed: conversationsChanged,
};

/** The bell: again on each hand-over event or attendance change, or every HANDOVER_REFRESH_INTERVAL_MS while the stream is down. */
export const handoverBellView: FreshView<void> = {
  load: loadEscalations,
  intervalMs: HANDOVER_REFRESH_INTERVAL_MS,
  changed: [handoversChanged, attendanceChanged.type],
};

/** The sidebar badge counts the conversations with unread messages while the shell shows it. */
export function* watchUnreadBadge() {
  yield* call(keepFreshWhileShown, unreadBadgeShown, unreadBadgeHidden.type, () => unreadBadgeView);
}

/** The bell counts the open hand-overs while the shell shows it. */
export function* watchHandoverBell() {
  yield* call(keepFreshWhileShown, handoverBellShown, handoverBellHidden.type, () => handoverBellView);
}

/** The shell's sagas: the badge, the bell, the notices and the notifications; one crashing cannot stop the others. */
export function* watchShell() {
  yield* all([
    spawn(watchUnreadBadge),
    spawn(watchHandoverBell),
    spawn(watchNotices),
    spawn(watchNotifications),
    spawn(watchPushDevice),
    spawn(watchVerificationResend),
  ]);
}
