import { all, spawn } from 'typed-redux-saga';
import type { Feature } from '../../store/feature';
import { watchHandover } from './handoverSaga';
import handoverSlice from './handoverSlice';
import liveSlice from './liveSlice';
import { watchInbox } from './saga';
import inboxSlice from './slice';

/** The inbox's sagas: conversations and replies, and the hand-over UI; one crashing cannot stop the other. */
function* inboxSaga() {
  yield* all([spawn(watchInbox), spawn(watchHandover)]);
}

/**
 * Conversations, messages and replies, the sidebar's unread badge, the hand-overs (the header's
 * bell), and the live stream that tells them all what changed.
 */
export default { name: 'inbox', slices: [inboxSlice, handoverSlice, liveSlice], saga: inboxSaga } satisfies Feature;
