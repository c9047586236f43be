import { createEntityAdapter, type EntityState } from '@reduxjs/toolkit';
import type { Conversation, Message } from '../../../contract';

/*
 * The inbox's state: its shape, its first value, the pages its events carry and the pure helpers its
 * reducers (slice.ts) use to merge pages into what is on screen.
 */

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
  /** The search box as typed; the server searches it after a pause (./saga.ts). */
  search: string;
  searchResults: SearchResults;
  /** Conversations with unread messages: the sidebar badge. */
  unreadConversations: number;
  open: OpenConversationState;
  /** Below the mobile breakpoint one pane shows: the list (true) or the chat. */
  mobileListOpen: boolean;
}

export const closedConversation: OpenConversationState = {
  conversationId: null,
  messages: messagesAdapter.getInitialState(),
  status: 'idle',
  older: 'none',
  replyTargetId: null,
  draft: '',
  send: { status: 'idle', error: null },
};

export const firstPageOnly: ListPages = { next: null, more: 'none', deep: false };

export const noSearch: SearchResults = {
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

export type ConversationRef = { conversationId: string };
export type MessageRef = ConversationRef & { messageId: string };

const countUnread = (conversations: EntityState<Conversation, string>) =>
  Object.values(conversations.entities).filter((conversation) => conversation.unread_count > 0).length;

/** The badge counts the list only when all of it is loaded; otherwise the server's count stands. */
export function recountUnread(state: InboxState) {
  if (state.pages.next === null) state.unreadConversations = countUnread(state.conversations);
}

export const isOpen = (state: InboxState, conversationId: string) => state.open.conversationId === conversationId;

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
export function mergeFirstPage(
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
export function appendPage(
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
export const shownPages = (state: InboxState) => (state.searchResults.query ? state.searchResults.pages : state.pages);

/** The messages of a page that are new or differ from what is on screen (status, reactions). */
export function changedMessages(before: EntityState<Message, string> | undefined, page: Message[]) {
  return page.filter((message) => {
    const known = before?.entities[message.id];
    return !known || JSON.stringify(known) !== JSON.stringify(message);
  });
}
