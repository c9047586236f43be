import { all, spawn } from 'typed-redux-saga';
import type { Feature } from '../../store/feature';
import { watchAttachments } from './attachmentSaga';
import { watchHandover } from './handoverSaga';
import handoverSlice from './handoverSlice';
import liveSlice from './liveSlice';
import { watchNotifications } from './notificationsSaga';
import { watchReactions } from './reactionSaga';
import notificationsSlice from './notificationsSlice';
import { watchInbox } from './saga';
import inboxSlice from './slice';

/** The inbox's sagas: conversations and replies, and the hand-over UI; one crashing cannot stop the other. */
function* inboxSaga() {
  yield* all([
    spawn(watchInbox),
    spawn(watchAttachments),
    spawn(watchReactions),
    spawn(watchHandover),
    spawn(watchNotifications),
  ]);
}

/**
 * Conversations, messages and replies, the sidebar's unread badge, the hand-overs (the header's
 * bell), the live stream that tells them all what changed, and the notifications it brings.
 */
export default {
  name: 'inbox',
  slices: [inboxSlice, handoverSlice, liveSlice, notificationsSlice],
  saga: inboxSaga,
} satisfies Feature;
