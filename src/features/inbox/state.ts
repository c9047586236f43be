import { createEntityAdapter, type EntityState } from '@reduxjs/toolkit';
import type { Conversation, ConversationFilter, Message } from '../../../contract';

/*
 * The inbox's state, which its three machines share (conversationList.ts, openConversation.ts,
 * reply.ts): its shape, its first value and the pages its events carry.
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
interface SearchResults {
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
  /** A file attached in the composer: chosen, on its way (with progress), or refused before or after upload. */
  attachment: Attachment | null;
  /** The message a search found, opened from its result: scrolled to and marked. */
  highlightId: string | null;
  /** The owner's reactions on their way, by message: what goes to WhatsApp ('' takes it back). */
  reacting: Record<string, { requestId: string; emoji: string }>;
}

export interface Attachment {
  /** Finds the bytes in attachmentFile.ts. */
  id: string;
  name: string;
  size: number;
  type: string;
  status: 'chosen' | 'uploading' | 'failed';
  percent: number;
  /** Why the upload failed, as the server said. */
  error: string | null;
}

export interface InboxState {
  /** Which conversations the list shows (server-side: the list, its pages and the search all follow it). */
  filter: ConversationFilter;
  conversations: EntityState<Conversation, string>;
  conversationsStatus: LoadStatus;
  pages: ListPages;
  /** The search box as typed; the server searches it after a pause (./saga.ts). */
  search: string;
  searchResults: SearchResults;
  /** Conversations with unread messages, as the inbox counts them (reportUnreadCount tells the shell's badge). */
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
  attachment: null,
  highlightId: null,
  reacting: {},
};

export const firstPageOnly: ListPages = { next: null, more: 'none', deep: false };

export const noSearch: SearchResults = {
  query: '',
  status: 'idle',
  conversations: conversationsAdapter.getInitialState(),
  pages: firstPageOnly,
};

export const initialInboxState: InboxState = {
  filter: 'all',
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
  /** The filter it was asked with; absent for 'all'. A page of another filter than the one on screen is dropped. */
  filter?: ConversationFilter;
}

/** What a page of the list is asked with, and carries, for a filter: nothing for 'all' (the server's default). */
export const filterQuery = (filter: ConversationFilter): { filter?: ConversationFilter } =>
  filter === 'all' ? {} : { filter };

/** Whether a page was asked for the filter on screen. */
export const isForFilter = (state: InboxState, page: { filter?: ConversationFilter }) =>
  (page.filter ?? 'all') === state.filter;

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

export const isOpen = (state: InboxState, conversationId: string) => state.open.conversationId === conversationId;

export const isSendable = (text: string) => text.trim() !== '';
