import { createSlice } from '@reduxjs/toolkit';
import { loggedOut } from '../auth/slice';
import { unreadConversationsCounted, unreadCountLoaded } from '../live/inboxEvents';

/** The sidebar's Messages badge: how many conversations have unread messages. */
export interface UnreadBadgeState {
  unreadConversations: number;
}

const initialState: UnreadBadgeState = { unreadConversations: 0 };

const badgeSlice = createSlice({
  name: 'unreadBadge',
  initialState,
  reducers: {
    /** The badge is on screen: its count is kept fresh until it goes. */
    unreadBadgeShown() {},
    unreadBadgeHidden() {},
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, () => initialState);
    // The server's count, or the inbox's own once it knows better (src/features/inbox/saga.ts).
    builder.addMatcher(
      (action) => unreadCountLoaded.match(action) || unreadConversationsCounted.match(action),
      (state, action: ReturnType<typeof unreadCountLoaded>) => {
        state.unreadConversations = action.payload;
      },
    );
  },
});

export const { unreadBadgeShown, unreadBadgeHidden } = badgeSlice.actions;

export const selectUnreadConversations = (state: { unreadBadge: UnreadBadgeState }) =>
  state.unreadBadge.unreadConversations;

export default badgeSlice;
