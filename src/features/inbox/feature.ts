import { all, spawn } from 'typed-redux-saga';
import { watchHandover } from '../../sagas/handover';
import { watchInbox } from '../../sagas/inbox';
import type { Feature } from '../../store/feature';
import handoverSlice from './handoverSlice';
import inboxSlice from './slice';

/** The inbox's sagas: conversations and replies, and the hand-over UI; one crashing cannot stop the other (not exported: a feature module exports only features). */
function* inboxSaga() {
  yield* all([spawn(watchInbox), spawn(watchHandover)]);
}

/** Conversations, messages and replies, the sidebar's unread badge, and the hand-overs (the header's bell). */
export const inboxFeature = { name: 'inbox', slices: [inboxSlice, handoverSlice], saga: inboxSaga } satisfies Feature;
