import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../../store';
import { conversationName, conversationNumber } from './format';
import { conversationsAdapter, isSendable, messagesAdapter, type InboxState } from './slice';

type WithInbox = Pick<RootState, 'inbox'>;

const selectInbox = (state: WithInbox): InboxState => state.inbox;
const selectOpen = (state: WithInbox) => state.inbox.open;

export const { selectAll: selectConversations, selectById: selectConversationById } = conversationsAdapter.getSelectors(
  (state: WithInbox) => state.inbox.conversations,
);
export const { selectAll: selectMessages, selectById: selectMessageById } = messagesAdapter.getSelectors(
  (state: WithInbox) => state.inbox.open.messages,
);

export const selectConversationsStatus = (state: WithInbox) => selectInbox(state).conversationsStatus;
export const selectSearch = (state: WithInbox) => selectInbox(state).search;
export const selectUnreadConversations = (state: WithInbox) => selectInbox(state).unreadConversations;
export const selectMobileListOpen = (state: WithInbox) => selectInbox(state).mobileListOpen;
export const selectOpenConversationId = (state: WithInbox) => selectOpen(state).conversationId;
export const selectMessagesStatus = (state: WithInbox) => selectOpen(state).status;
export const selectOlderMessages = (state: WithInbox) => selectOpen(state).older;
export const selectDraft = (state: WithInbox) => selectOpen(state).draft;
export const selectSend = (state: WithInbox) => selectOpen(state).send;

/** The list as the search box narrows it: by name (as shown), number and last message, any case. */
export const selectVisibleConversations = createSelector(
  [selectConversations, selectSearch],
  (conversations, search) => {
    const needle = search.trim().toLowerCase();
    if (!needle) return conversations;
    return conversations.filter((conversation) =>
      [
        conversationName(conversation),
        conversation.name,
        conversationNumber(conversation.id),
        conversation.last_message,
      ]
        .join('\n')
        .toLowerCase()
        .includes(needle),
    );
  },
);

export const selectOpenConversation = (state: WithInbox) => {
  const id = selectOpenConversationId(state);
  return id ? (selectConversationById(state, id) ?? null) : null;
};

export const selectReplyTarget = (state: WithInbox) => {
  const id = selectOpen(state).replyTargetId;
  return id ? (selectMessageById(state, id) ?? null) : null;
};

/** SPEC.md §5: the send button is off for blank text and while a send is under way. */
export const selectCanSend = (state: WithInbox) =>
  isSendable(selectDraft(state)) && selectSend(state).status !== 'sending';
