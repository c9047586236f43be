import { createEntityAdapter, createSlice, original, type EntityState, type PayloadAction } from '@reduxjs/toolkit';
import type { Conversation, Message } from '../../../contract';
import { loggedOut } from '../auth/slice';

/** A list on screen: nothing asked yet, first load under way, shown, or its first load failed. */
export type LoadStatus = 'idle' | 'loading' | 'loaded' | 'failed';
export type SendStatus = 'idle' | 'sending' | 'failed';
/** Paging backwards through a long history, or down a long list. */
export type OlderStatus = 'none' | 'available' | 'loading';

/** Pages of the conversation list beyond the first (GET /messages/conversations?before=). */
export interface ListPages {
  /** The cursor of the page after those loaded (the server's X-Next-Cursor); null at the end. */
  next: string | null;
  more: OlderStatus;
  /** Pages after the first were loaded: polls of the first page then keep them. */
  deep: boolean;
}

/** The server's answer to a search (`q`): its own pages, kept apart from the whole list. */
export interface SearchResults {
  /** The search sent (trimmed); '' when none. */
  query: string;
  status: LoadStatus;
  conversations: EntityState<Conversation, string>;
  pages: ListPages;
}

export const conversationsAdapter = createEntityAdapter<Conversation>();

/** Oldest first; the wamid breaks ties so that two messages of one second keep one order. */
export const messagesAdapter = createEntityAdapter<Message>({
  sortComparer: (a, b) => Date.parse(a.timestamp) - Date.parse(b.timestamp) || a.id.localeCompare(b.id),
});

export interface OpenConversationState {
  /** The conversation on screen; answers for any other one are ignored. */
  conversationId: string | null;
  messages: EntityState<Message, string>;
  status: LoadStatus;
  older: OlderStatus;
  /** SPEC.md §4: set by Reply, cleared after a successful send or by cancel. */
  replyTargetId: string | null;
  draft: string;
  send: { status: SendStatus; error: string | null };
}

export interface InboxState {
  conversations: EntityState<Conversation, string>;
  conversationsStatus: LoadStatus;
  pages: ListPages;
  /** The search box as typed; the server searches it after a pause (src/sagas/inbox.ts). */
  search: string;
  searchResults: SearchResults;
  /** Conversations with unread messages: the sidebar badge. */
  unreadConversations: number;
  open: OpenConversationState;
  /** Below the mobile breakpoint one pane shows: the list (true) or the chat. */
  mobileListOpen: boolean;
}

const closedConversation: OpenConversationState = {
  conversationId: null,
  messages: messagesAdapter.getInitialState(),
  status: 'idle',
  older: 'none',
  replyTargetId: null,
  draft: '',
  send: { status: 'idle', error: null },
};

const firstPageOnly: ListPages = { next: null, more: 'none', deep: false };

const noSearch: SearchResults = {
  query: '',
  status: 'idle',
  conversations: conversationsAdapter.getInitialState(),
  pages: firstPageOnly,
};

export const initialInboxState: InboxState = {
  conversations: conversationsAdapter.getInitialState(),
  conversationsStatus: 'idle',
  pages: firstPageOnly,
  search: '',
  searchResults: noSearch,
  unreadConversations: 0,
  open: closedConversation,
  mobileListOpen: true,
};

export interface MessagesPage {
  conversationId: string;
  messages: Message[];
  /** The page size asked for: a shorter page means the first message has been reached. */
  pageSize: number;
}

/** A page of the conversation list as the server sent it. */
export interface ConversationsPage {
  conversations: Conversation[];
  /** The cursor of the next page; null on the last. */
  next: string | null;
}

/** A page further down: the search it belongs to ('' for the whole list) and the cursor it was asked with. */
export interface MoreConversationsPage extends ConversationsPage {
  query: string;
  before: string;
}

export interface ReplySubmission {
  conversationId: string;
  text: string;
  inReplyToMessageId: string | null;
}

type ConversationRef = { conversationId: string };
type MessageRef = ConversationRef & { messageId: string };

const countUnread = (conversations: EntityState<Conversation, string>) =>
  Object.values(conversations.entities).filter((conversation) => conversation.unread_count > 0).length;

/** The badge counts the list only when all of it is loaded; otherwise the server's count stands. */
function recountUnread(state: InboxState) {
  if (state.pages.next === null) state.unreadConversations = countUnread(state.conversations);
}

const isOpen = (state: InboxState, conversationId: string) => state.open.conversationId === conversationId;

export const isSendable = (text: string) => text.trim() !== '';

const CONVERSATION_FIELDS = [
  'name',
  'avatar',
  'last_message',
  'timestamp',
  'unread_count',
  'owner',
  'needs_you',
  'ai_replying',
] as const;

/**
 * An unchanged poll (most of them) must not touch the state: a new object per row would re-render the
 * list every 3 s. Compared against the state before this action, outside Immer's drafts.
 */
function listChanged(before: EntityState<Conversation, string> | undefined, ids: string[], page: Conversation[]) {
  if (!before || before.ids.length !== ids.length || before.ids.some((id, index) => id !== ids[index])) return true;
  return page.some((conversation) => {
    const known = before.entities[conversation.id];
    return !known || CONVERSATION_FIELDS.some((field) => known[field] !== conversation[field]);
  });
}

/**
 * A poll's first page into a list: the page on top, then (once pages further down were loaded) the
 * rest as it was, without the conversations the page brought up. Only the first page moves the cursor.
 */
function mergeFirstPage(
  list: EntityState<Conversation, string>,
  before: EntityState<Conversation, string> | undefined,
  pages: ListPages,
  { conversations, next }: ConversationsPage,
) {
  const onPage = new Set(conversations.map(({ id }) => id));
  const rest = pages.deep ? (before?.ids ?? []).filter((id) => !onPage.has(id)) : [];
  const ids = [...onPage, ...rest];
  if (listChanged(before, ids, conversations)) {
    conversationsAdapter.upsertMany(list, conversations);
    if (!pages.deep) conversationsAdapter.removeMany(list, before?.ids.filter((id) => !onPage.has(id)) ?? []);
    list.ids = ids;
  }
  if (!pages.deep && pages.more !== 'loading') {
    pages.next = next;
    pages.more = next ? 'available' : 'none';
  }
}

/** A page further down, after those loaded: new conversations at the end, known ones refreshed in place. */
function appendPage(
  list: EntityState<Conversation, string>,
  pages: ListPages,
  { conversations, next }: ConversationsPage,
) {
  const known = new Set(list.ids);
  conversationsAdapter.upsertMany(list, conversations);
  list.ids = [...known, ...conversations.map(({ id }) => id).filter((id) => !known.has(id))];
  pages.next = next;
  pages.more = next ? 'available' : 'none';
  pages.deep = true;
}

/** The list the owner is looking at: the search's results while a search is on, else the whole list. */
const shownPages = (state: InboxState) => (state.searchResults.query ? state.searchResults.pages : state.pages);

/** The messages of a page that are new or differ from what is on screen (status, reactions). */
function changedMessages(before: EntityState<Message, string> | undefined, page: Message[]) {
  return page.filter((message) => {
    const known = before?.entities[message.id];
    return !known || JSON.stringify(known) !== JSON.stringify(message);
  });
}

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
