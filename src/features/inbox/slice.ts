import { createSlice } from '@reduxjs/toolkit';
import { loggedOut } from '../auth/slice';
import { unreadCountLoaded } from '../live/inboxEvents';
import { templateSent } from './templateSendSlice';
import { attachmentReducers } from './attachment';
import { conversationListReducers } from './conversationList';
import { openConversationReducers } from './openConversation';
import { reactionReducers } from './reaction';
import { replyReducers } from './reply';
import { initialInboxState } from './state';

/**
 * The inbox's machines in one slice, so that their events stay 'inbox/…' and one state serves
 * them: the conversation list (conversationList.ts), the open conversation (openConversation.ts),
 * the reply being written (reply.ts), its attachment (attachment.ts) and the owner's reactions
 * (reaction.ts). Their shape and first value are in state.ts.
 */
const inboxSlice = createSlice({
  name: 'inbox',
  initialState: initialInboxState,
  reducers: {
    ...conversationListReducers,
    ...openConversationReducers,
    ...replyReducers,
    ...attachmentReducers,
    ...reactionReducers,
  },
  extraReducers: (builder) => {
    // The badge's figure from the server: the inbox counts on from it (openConversation.ts).
    builder.addCase(unreadCountLoaded, (state, action) => {
      state.unreadConversations = action.payload;
    });
    builder.addCase(templateSent, replyReducers.replySent);
    builder.addCase(loggedOut, () => initialInboxState);
  },
});

export const {
  conversationsViewOpened,
  conversationsViewClosed,
  conversationsLoaded,
  conversationsLoadFailed,
  conversationsReloadRequested,
  moreConversationsRequested,
  moreConversationsLoaded,
  moreConversationsLoadFailed,
  conversationFilterChosen,
  searchMatchOpened,
  conversationSearchEdited,
  conversationSearchSent,
  searchResultsLoaded,
  searchResultsLoadFailed,
  conversationOpened,
  conversationClosed,
  messagesLoaded,
  messagesLoadFailed,
  messagesReloadRequested,
  olderMessagesRequested,
  olderMessagesLoaded,
  olderMessagesLoadFailed,
  replyTargetChosen,
  replyTargetCleared,
  draftEdited,
  replySubmitted,
  replySent,
  replyFailed,
  attachmentChosen,
  attachmentRemoved,
  attachmentSubmitted,
  attachmentProgressed,
  attachmentSent,
  attachmentFailed,
  messageCopyClicked,
  messageDeleteClicked,
  messageHidden,
  reactionPicked,
  reactionSent,
  reactionFailed,
  mobileListToggled,
} = inboxSlice.actions;

export default inboxSlice;
