import { original, type EntityState, type PayloadAction } from '@reduxjs/toolkit';
import type { Conversation, ConversationFilter } from '../../../contract';
import {
  closedConversation,
  conversationsAdapter,
  firstPageOnly,
  isForFilter,
  noSearch,
  type ConversationsPage,
  type InboxState,
  type ListPages,
  type MoreConversationsPage,
} from './state';

/*
 * The conversation list's machine: its first load and polls, the pages further down, the server-side
 * search with its own pages, its count of unread conversations and the mobile layout's list pane.
 */

const countUnread = (conversations: EntityState<Conversation, string>) =>
  Object.values(conversations.entities).filter((conversation) => conversation.unread_count > 0).length;

/** The badge counts the list only when all of it is loaded, unfiltered; otherwise the server's count stands. */
export function recountUnread(state: InboxState) {
  if (state.filter === 'all' && state.pages.next === null) state.unreadConversations = countUnread(state.conversations);
}

const CONVERSATION_FIELDS = [
  'name',
  'avatar',
  'last_message',
  'timestamp',
  'unread_count',
  'owner',
  'needs_you',
  'ai_replying',
  'done',
  'window_closes_at',
  'marketing_stopped_at',
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

/** The list's events and how each changes the inbox's state; slice.ts names them 'inbox/…'. */
export const conversationListReducers = {
  conversationsViewOpened(state: InboxState) {
    if (state.conversationsStatus === 'idle' || state.conversationsStatus === 'failed') {
      state.conversationsStatus = 'loading';
    }
  },
  /** Leaving /messages closes the open conversation; the list stays cached for the next visit. */
  conversationsViewClosed(state: InboxState) {
    state.open = closedConversation;
    state.search = '';
    state.searchResults = noSearch;
    if (state.pages.more === 'loading') state.pages.more = 'available';
    state.mobileListOpen = true;
    if (state.conversationsStatus !== 'loaded') state.conversationsStatus = 'idle';
  },
  /** The first page (every poll): merged on top of what is loaded, older pages kept. */
  conversationsLoaded(state: InboxState, action: PayloadAction<ConversationsPage>) {
    if (state.conversationsStatus === 'idle' || !isForFilter(state, action.payload)) return;
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
  moreConversationsRequested(state: InboxState) {
    const pages = shownPages(state);
    const loaded = state.searchResults.query ? state.searchResults.status : state.conversationsStatus;
    if (loaded === 'loaded' && pages.more === 'available' && pages.next) pages.more = 'loading';
  },
  moreConversationsLoaded(state: InboxState, action: PayloadAction<MoreConversationsPage>) {
    const { query, before } = action.payload;
    const results = state.searchResults;
    const [list, pages] = query ? [results.conversations, results.pages] : [state.conversations, state.pages];
    if ((query && results.query !== query) || pages.more !== 'loading' || pages.next !== before) return;
    // Pages are asked one at a time: a page of the filter left behind finds `more` reset by the change.
    if (!isForFilter(state, action.payload)) return;
    appendPage(list, pages, action.payload);
    if (!query) recountUnread(state);
  },
  moreConversationsLoadFailed(state: InboxState, action: PayloadAction<{ query: string }>) {
    const pages = action.payload.query ? state.searchResults.pages : state.pages;
    if (action.payload.query === state.searchResults.query && pages.more === 'loading') pages.more = 'available';
  },
  /** A failed poll keeps the list on screen; only a list never loaded shows the failure. */
  conversationsLoadFailed(state: InboxState) {
    if (state.conversationsStatus === 'loading') state.conversationsStatus = 'failed';
  },
  conversationsReloadRequested(state: InboxState) {
    if (state.conversationsStatus === 'failed') state.conversationsStatus = 'loading';
  },
  /**
   * 'Needs you', 'Unread' or 'All' above the list: another list, so what was loaded goes and the first
   * page (and the search's, while one is on) loads again for the filter; polls of the old one are dropped.
   */
  conversationFilterChosen(state: InboxState, action: PayloadAction<ConversationFilter>) {
    if (state.filter === action.payload) return;
    state.filter = action.payload;
    conversationsAdapter.removeAll(state.conversations);
    state.pages = firstPageOnly;
    if (state.conversationsStatus !== 'idle') state.conversationsStatus = 'loading';
    const results = state.searchResults;
    if (results.query) {
      conversationsAdapter.removeAll(results.conversations);
      results.pages = firstPageOnly;
      results.status = 'loading';
    }
  },
  /** Typing in the search box; an empty box is the whole list again at once. */
  conversationSearchEdited(state: InboxState, action: PayloadAction<string>) {
    state.search = action.payload;
    if (!action.payload.trim()) state.searchResults = noSearch;
  },
  /** The search went to the server (after the typing paused); the last results stay until its answer. */
  conversationSearchSent(state: InboxState, action: PayloadAction<string>) {
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
  searchResultsLoaded(state: InboxState, action: PayloadAction<ConversationsPage & { query: string }>) {
    const results = state.searchResults;
    if (!action.payload.query || results.query !== action.payload.query || !isForFilter(state, action.payload)) return;
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
  searchResultsLoadFailed(state: InboxState, action: PayloadAction<{ query: string }>) {
    const results = state.searchResults;
    if (results.query === action.payload.query && results.status === 'loading') results.status = 'failed';
  },
  mobileListToggled(state: InboxState) {
    state.mobileListOpen = !state.mobileListOpen;
  },
};
