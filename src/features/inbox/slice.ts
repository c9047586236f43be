import { createSlice, original, type PayloadAction } from '@reduxjs/toolkit';
import type { Message } from '../../../contract';
import { loggedOut } from '../auth/slice';
import {
  appendPage,
  changedMessages,
  closedConversation,
  conversationsAdapter,
  firstPageOnly,
  initialInboxState,
  isOpen,
  isSendable,
  mergeFirstPage,
  messagesAdapter,
  noSearch,
  recountUnread,
  shownPages,
  type ConversationRef,
  type ConversationsPage,
  type MessageRef,
  type MessagesPage,
  type MoreConversationsPage,
  type ReplySubmission,
} from './state';

/**
 * The inbox's events and how each changes its state (state.ts): the conversation list (pages,
 * search), the open conversation (its messages and older pages) and the reply being written.
 */
const inboxSlice = createSlice({
  name: 'inbox',
  initialState: initialInboxState,
  reducers: {
    conversationsViewOpened(state) {
      if (state.conversationsStatus === 'idle' || state.conversationsStatus === 'failed') {
        state.conversationsStatus = 'loading';
      }
    },
    /** Leaving /messages closes the open conversation; the list stays cached for the next visit. */
    conversationsViewClosed(state) {
      state.open = closedConversation;
      state.search = '';
      state.searchResults = noSearch;
      if (state.pages.more === 'loading') state.pages.more = 'available';
      state.mobileListOpen = true;
      if (state.conversationsStatus !== 'loaded') state.conversationsStatus = 'idle';
    },
    /** The first page (every poll): merged on top of what is loaded, older pages kept. */
    conversationsLoaded(state, action: PayloadAction<ConversationsPage>) {
      if (state.conversationsStatus === 'idle') return;
      // The open conversation is being read: the server marks it read on the next fetch of its messages.
      const readingId = state.open.status === 'loaded' ? state.open.conversationId : null;
      const conversations = action.payload.conversations.map((conversation) =>
        conversation.id === readingId && conversation.unread_count > 0
          ? { ...conversation, unread_count: 0 }
          : conversation,
      );
      mergeFirstPage(state.conversations, original(state.conversations), state.pages, {
        conversations,
        next: action.payload.next,
      });
      state.conversationsStatus = 'loaded';
      recountUnread(state);
    },
    /** Scrolled near the end of the list on screen: its next page, once. */
    moreConversationsRequested(state) {
      const pages = shownPages(state);
      const loaded = state.searchResults.query ? state.searchResults.status : state.conversationsStatus;
      if (loaded === 'loaded' && pages.more === 'available' && pages.next) pages.more = 'loading';
    },
    moreConversationsLoaded(state, action: PayloadAction<MoreConversationsPage>) {
      const { query, before } = action.payload;
      const results = state.searchResults;
      const [list, pages] = query ? [results.conversations, results.pages] : [state.conversations, state.pages];
      if ((query && results.query !== query) || pages.more !== 'loading' || pages.next !== before) return;
      appendPage(list, pages, action.payload);
      if (!query) recountUnread(state);
    },
    moreConversationsLoadFailed(state, action: PayloadAction<{ query: string }>) {
      const pages = action.payload.query ? state.searchResults.pages : state.pages;
      if (action.payload.query === state.searchResults.query && pages.more === 'loading') pages.more = 'available';
    },
    /** A failed poll keeps the list on screen; only a list never loaded shows the failure. */
    conversationsLoadFailed(state) {
      if (state.conversationsStatus === 'loading') state.conversationsStatus = 'failed';
    },
    conversationsReloadRequested(state) {
      if (state.conversationsStatus === 'failed') state.conversationsStatus = 'loading';
    },
    /** Typing in the search box; an empty box is the whole list again at once. */
    conversationSearchEdited(state, action: PayloadAction<string>) {
      state.search = action.payload;
      if (!action.payload.trim()) state.searchResults = noSearch;
    },
    /** The search went to the server (after the typing paused); the last results stay until its answer. */
    conversationSearchSent(state, action: PayloadAction<string>) {
      const results = state.searchResults;
      if (results.query !== action.payload) {
        results.query = action.payload;
        results.status = 'loading';
        results.pages = firstPageOnly;
      } else if (results.status === 'failed') {
        results.status = 'loading';
      }
    },
    /** The first page of the search's results (also on every poll while it is on). */
    searchResultsLoaded(state, action: PayloadAction<ConversationsPage & { query: string }>) {
      const results = state.searchResults;
      if (!action.payload.query || results.query !== action.payload.query) return;
      const fresh = results.status !== 'loaded';
      if (fresh) {
        conversationsAdapter.removeAll(results.conversations);
        results.pages = firstPageOnly;
      }
      mergeFirstPage(
        results.conversations,
        fresh ? undefined : original(results.conversations),
        results.pages,
        action.payload,
      );
      results.status = 'loaded';
    },
    searchResultsLoadFailed(state, action: PayloadAction<{ query: string }>) {
      const results = state.searchResults;
      if (results.query === action.payload.query && results.status === 'loading') results.status = 'failed';
    },
    conversationOpened(state, action: PayloadAction<string>) {
      state.mobileListOpen = false;
      if (isOpen(state, action.payload)) return;
      state.open = { ...closedConversation, conversationId: action.payload, status: 'loading' };
    },
    conversationClosed(state) {
      state.open = closedConversation;
    },
    messagesLoaded(state, action: PayloadAction<MessagesPage>) {
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
    messagesLoadFailed(state, action: PayloadAction<ConversationRef>) {
      if (isOpen(state, action.payload.conversationId) && state.open.status === 'loading') {
        state.open.status = 'failed';
      }
    },
    messagesReloadRequested(state) {
      if (state.open.status === 'failed') state.open.status = 'loading';
    },
    olderMessagesRequested(state) {
      if (state.open.status === 'loaded' && state.open.older === 'available') state.open.older = 'loading';
    },
    olderMessagesLoaded(state, action: PayloadAction<MessagesPage>) {
      const { conversationId, messages, pageSize } = action.payload;
      if (!isOpen(state, conversationId) || state.open.older !== 'loading') return;
      messagesAdapter.upsertMany(state.open.messages, messages);
      state.open.older = messages.length >= pageSize ? 'available' : 'none';
    },
    olderMessagesLoadFailed(state, action: PayloadAction<ConversationRef>) {
      if (isOpen(state, action.payload.conversationId) && state.open.older === 'loading') {
        state.open.older = 'available';
      }
    },
    replyTargetChosen(state, action: PayloadAction<string>) {
      if (state.open.messages.entities[action.payload]) state.open.replyTargetId = action.payload;
    },
    replyTargetCleared(state) {
      state.open.replyTargetId = null;
    },
    draftEdited(state, action: PayloadAction<string>) {
      state.open.draft = action.payload;
    },
    /** SPEC.md §5: blank text is not sent, and nothing is sent while a send is under way. */
    replySubmitted(state, action: PayloadAction<ReplySubmission>) {
      const { conversationId, text } = action.payload;
      if (!isOpen(state, conversationId) || !isSendable(text) || state.open.send.status === 'sending') return;
      state.open.send = { status: 'sending', error: null };
    },
    replySent(state, action: PayloadAction<ConversationRef & { message: Message }>) {
      const { conversationId, message } = action.payload;
      if (!isOpen(state, conversationId)) return;
      messagesAdapter.upsertOne(state.open.messages, message);
      state.open.send = { status: 'idle', error: null };
      state.open.draft = '';
      state.open.replyTargetId = null;
    },
    replyFailed(state, action: PayloadAction<ConversationRef & { error: string }>) {
      const { conversationId, error } = action.payload;
      if (isOpen(state, conversationId)) state.open.send = { status: 'failed', error };
    },
    messageCopyClicked(_state, _action: PayloadAction<{ text: string }>) {},
    messageDeleteClicked(_state, _action: PayloadAction<MessageRef>) {},
    messageHidden(state, action: PayloadAction<MessageRef>) {
      const { conversationId, messageId } = action.payload;
      if (!isOpen(state, conversationId)) return;
      messagesAdapter.removeOne(state.open.messages, messageId);
      if (state.open.replyTargetId === messageId) state.open.replyTargetId = null;
    },
    mobileListToggled(state) {
      state.mobileListOpen = !state.mobileListOpen;
    },
    unreadBadgeShown() {},
    unreadBadgeHidden() {},
    unreadCountLoaded(state, action: PayloadAction<number>) {
      state.unreadConversations = action.payload;
    },
  },
  extraReducers: (builder) => {
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
  messageCopyClicked,
  messageDeleteClicked,
  messageHidden,
  mobileListToggled,
  unreadBadgeShown,
  unreadBadgeHidden,
  unreadCountLoaded,
} = inboxSlice.actions;

export default inboxSlice;
