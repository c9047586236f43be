import type {
  Conversation,
  ConversationsQuery,
  Escalation,
  InboxSettings,
  Message,
  MessagesQuery,
  ReplyBody,
  UnreadSummary,
} from '../../contract';
import { API_BASE_URL } from '../config';
import { readError, request, type RequestOptions } from './client';

/**
 * A polled read, conditional on the copy already shown: `etag` goes out as If-None-Match, and an
 * unchanged resource (304) answers null. The browser's HTTP cache stays out of it (`no-store`),
 * or it would turn the 304 back into the old body and the caller could not tell.
 */
async function getIfChanged(
  path: string,
  options: RequestOptions & { etag?: string | null },
): Promise<Response | null> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.etag) headers['if-none-match'] = options.etag;
  const response = await fetch(`${API_BASE_URL}${path}`, { headers, cache: 'no-store', signal: options.signal });
  if (response.status === 304) return null;
  if (!response.ok) throw await readError(response, options);
  return response;
}

/** contract/inbox.ts NEXT_CURSOR_HEADER (the SPA imports no values from the contract). */
export const NEXT_CURSOR_HEADER = 'x-next-cursor';

/** A page of the conversation list and the cursor of the next one (null on the last). */
export interface ConversationsPage {
  conversations: Conversation[];
  next: string | null;
  /** This page as the server tagged it: sent back, an unchanged page answers nothing (304). */
  etag?: string | null;
}

/** The latest page of a conversation's messages and its ETag. */
export interface LatestMessages {
  messages: Message[];
  etag: string | null;
}

function conversationsPath({ limit, before, q, filter }: ConversationsQuery = {}) {
  const query = new URLSearchParams();
  if (limit !== undefined) query.set('limit', String(limit));
  if (before) query.set('before', before);
  if (q) query.set('q', q);
  if (filter) query.set('filter', filter);
  const search = query.toString();
  return search ? `/messages/conversations?${search}` : '/messages/conversations';
}

/**
 * One page of the list; the next page's cursor comes in a header, which `request` does not return.
 * Given the ETag of the page on screen, an unchanged page answers null.
 */
async function conversationsPage(
  token: string,
  query?: ConversationsQuery,
  etag?: string | null,
): Promise<ConversationsPage | null> {
  const response = await getIfChanged(conversationsPath(query), { token, etag, reading: 'messaging' });
  if (!response) return null;
  const conversations = (await response.json()) as Conversation[];
  return { conversations, next: response.headers.get(NEXT_CURSOR_HEADER), etag: response.headers.get('etag') };
}

const conversationPath = (conversationId: string) => `/messages/conversations/${encodeURIComponent(conversationId)}`;

function messagesPath(conversationId: string, { before, limit }: MessagesQuery = {}) {
  const query = new URLSearchParams();
  if (before) query.set('before', before);
  if (limit !== undefined) query.set('limit', String(limit));
  const search = query.toString();
  return search ? `${conversationPath(conversationId)}?${search}` : conversationPath(conversationId);
}

/** One function per inbox endpoint; errors read as SPEC.md §8 reads messaging calls (`detail`). */
export const inboxApi = {
  /** A page of the list, newest activity first: the first, or the one after `before`; `q` searches. */
  conversations: conversationsPage,
  /** The latest page, oldest first; `before` pages backwards. Opening a conversation marks it read. */
  messages: (token: string, conversationId: string, query?: MessagesQuery) =>
    request<Message[]>(messagesPath(conversationId, query), { token, reading: 'messaging' }),
  /** The latest page (`limit` messages); given the ETag of the page on screen, an unchanged page answers null. */
  latestMessages: async (
    token: string,
    conversationId: string,
    limit: number,
    etag?: string | null,
  ): Promise<LatestMessages | null> => {
    const response = await getIfChanged(messagesPath(conversationId, { limit }), { token, etag, reading: 'messaging' });
    if (!response) return null;
    return { messages: (await response.json()) as Message[], etag: response.headers.get('etag') };
  },
  reply: (token: string, conversationId: string, body: ReplyBody) =>
    request<Message>(`${conversationPath(conversationId)}/reply`, {
      method: 'POST',
      token,
      json: body,
      reading: 'messaging',
    }),
  /** Reacts to a customer's message on WhatsApp ('' takes the reaction back); answers the message. */
  react: (token: string, conversationId: string, messageId: string, emoji: string) =>
    request<Message>(`${conversationPath(conversationId)}/messages/${encodeURIComponent(messageId)}/reaction`, {
      method: 'POST',
      token,
      json: { emoji },
      reading: 'messaging',
    }),
  /** Hides one of our messages from the owner's view (WhatsApp has no unsend). */
  hideMessage: (token: string, conversationId: string, messageId: string) =>
    request<void>(`${conversationPath(conversationId)}/messages/${encodeURIComponent(messageId)}`, {
      method: 'DELETE',
      token,
      reading: 'messaging',
    }),
  /** How the inbox behaves towards customers (read receipts when a conversation is opened). */
  settings: (token: string) => request<InboxSettings>('/messages/settings', { token, reading: 'messaging' }),
  saveSettings: (token: string, settings: InboxSettings) =>
    request<InboxSettings>('/messages/settings', { method: 'PUT', token, json: settings, reading: 'messaging' }),
  /** The sidebar badge: conversations with unread customer messages. */
  unread: (token: string) => request<UnreadSummary>('/messages/unread', { token, reading: 'messaging' }),
};

/** Who attends to a conversation: POST …/handback, …/takeover, …/done, each answering the conversation. */
const attendance = (path: 'handback' | 'takeover' | 'done') => (token: string, conversationId: string) =>
  request<Conversation>(`${conversationPath(conversationId)}/${path}`, { method: 'POST', token, reading: 'messaging' });

/** The hand-over endpoints: the header's bell and the chat header's attendance controls. */
export const handoverApi = {
  /** Open hand-overs, newest first. */
  escalations: (token: string) => request<Escalation[]>('/escalations', { token, reading: 'messaging' }),
  /** The AI answers this customer again. */
  handBack: attendance('handback'),
  /** The owner answers; the AI stays silent until handed back. */
  takeOver: attendance('takeover'),
  /** Done until the customer writes again; open hand-overs are answered. */
  markDone: attendance('done'),
};
