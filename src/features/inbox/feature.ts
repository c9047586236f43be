import { watchInbox } from '../../sagas/inbox';
import type { Feature } from '../../store/feature';
import inboxSlice from './slice';

/** Conversations, messages and replies, and the sidebar's unread badge. */
export const inboxFeature = { name: 'inbox', slices: [inboxSlice], saga: watchInbox } satisfies Feature;
