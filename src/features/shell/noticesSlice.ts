import { createSlice } from '@reduxjs/toolkit';
import { loggedOut } from '../auth/slice';
import { conversationOnScreen } from '../live/inboxEvents';

/** What the notices need to know of the app: the conversation the inbox has on screen, if any. */
export interface NoticesState {
  onScreenId: string | null;
}

export const initialNoticesState: NoticesState = { onScreenId: null };

const noticesSlice = createSlice({
  name: 'notices',
  initialState: initialNoticesState,
  reducers: {},
  extraReducers: (builder) => {
    builder.addCase(conversationOnScreen, (state, action) => {
      state.onScreenId = action.payload;
    });
    builder.addCase(loggedOut, () => initialNoticesState);
  },
});

export const selectConversationOnScreen = (state: { notices: NoticesState }) => state.notices.onScreenId;

export default noticesSlice;
