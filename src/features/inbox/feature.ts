import { all, spawn } from 'typed-redux-saga';
import type { Feature } from '../../store/feature';
import { watchHandover } from './handoverSaga';
import handoverSlice from './handoverSlice';
import { watchInbox } from './saga';
import inboxSlice from './slice';

/** The inbox's sagas: conversations and replies, and the hand-over UI; one crashing cannot stop the other. */
function* inboxSaga() {
  yield* all([spawn(watchInbox), spawn(watchHandover)]);
}

/** Conversations, messages and replies, the sidebar's unread badge, and the hand-overs (the header's bell). */
export default { name: 'inbox', slices: [inboxSlice, handoverSlice], saga: inboxSaga } satisfies Feature;
