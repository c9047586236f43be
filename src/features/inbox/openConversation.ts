import { original, type EntityState, type PayloadAction } from '@reduxjs/toolkit';
import type { Message } from '../../../contract';
import { recountUnread } from './conversationList';
import {
  closedConversation,
  isOpen,
  messagesAdapter,
  type ConversationRef,
  type InboxState,
  type MessageRef,
  type MessagesPage,
} from './state';

/*
 * The open conversation's machine: its messages (first load, polls, older pages) and the messages
 * hidden from it. Answers for a conversation no longer open are ignored.
 */

/** The messages of a page that are new or differ from what is on screen (status, reactions). */
function changedMessages(before: EntityState<Message, string> | undefined, page: Message[]) {
  return page.filter((message) => {
    const known = before?.entities[message.id];
    return !known || JSON.stringify(known) !== JSON.stringify(message);
  });
}

/** The open conversation's events and how each changes the inbox's state; slice.ts names them 'inbox/…'. */
export const openConversationReducers = {
  conversationOpened(state: InboxState, action: PayloadAction<string>) {
    state.mobileListOpen = false;
    if (isOpen(state, action.payload)) return;
    state.open = { ...closedConversation, conversationId: action.payload, status: 'loading' };
  },
  /** A search's result opened at the message that matched (after conversationOpened). */
  searchMatchOpened(state: InboxState, action: PayloadAction<MessageRef>) {
    if (isOpen(state, action.payload.conversationId)) state.open.highlightId = action.payload.messageId;
  },
  conversationClosed(state: InboxState) {
    state.open = closedConversation;
  },
  messagesLoaded(state: InboxState, action: PayloadAction<MessagesPage>) {
    const { conversationId, messages, pageSize } = action.payload;
    if (!isOpen(state, conversationId)) return;
    if (state.open.status !== 'loaded') {
      messagesAdapter.setAll(state.open.messages, messages);
      state.open.older = messages.length >= pageSize ? 'available' : 'none';
    } else {
      // A poll brings the latest page: older pages already on screen stay.
      messagesAdapter.upsertMany(state.open.messages, changedMessages(original(state.open.messages), messages));
    }
    state.open.status = 'loaded';
    // Opening a conversation marks it read on the server.
    const conversation = state.conversations.entities[conversationId];
    if (conversation?.unread_count && state.pages.next !== null) {
      state.unreadConversations = Math.max(0, state.unreadConversations - 1);
    }
    if (conversation) conversation.unread_count = 0;
    const found = state.searchResults.conversations.entities[conversationId];
    if (found) found.unread_count = 0;
    recountUnread(state);
  },
  messagesLoadFailed(state: InboxState, action: PayloadAction<ConversationRef>) {
    if (isOpen(state, action.payload.conversationId) && state.open.status === 'loading') {
      state.open.status = 'failed';
    }
  },
  messagesReloadRequested(state: InboxState) {
    if (state.open.status === 'failed') state.open.status = 'loading';
  },
  olderMessagesRequested(state: InboxState) {
    if (state.open.status === 'loaded' && state.open.older === 'available') state.open.older = 'loading';
  },
  olderMessagesLoaded(state: InboxState, action: PayloadAction<MessagesPage>) {
    const { conversationId, messages, pageSize } = action.payload;
    if (!isOpen(state, conversationId) || state.open.older !== 'loading') return;
    messagesAdapter.upsertMany(state.open.messages, messages);
    state.open.older = messages.length >= pageSize ? 'available' : 'none';
  },
  olderMessagesLoadFailed(state: InboxState, action: PayloadAction<ConversationRef>) {
    if (isOpen(state, action.payload.conversationId) && state.open.older === 'loading') {
      state.open.older = 'available';
    }
  },
  messageCopyClicked(_state: InboxState, _action: PayloadAction<{ text: string }>) {},
  messageDeleteClicked(_state: InboxState, _action: PayloadAction<MessageRef>) {},
  messageHidden(state: InboxState, action: PayloadAction<MessageRef>) {
    const { conversationId, messageId } = action.payload;
    if (!isOpen(state, conversationId)) return;
    messagesAdapter.removeOne(state.open.messages, messageId);
    if (state.open.replyTargetId === messageId) state.open.replyTargetId = null;
  },
};
