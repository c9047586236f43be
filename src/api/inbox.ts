import type {
  Conversation,
  ConversationsQuery,
  Escalation,
  Message,
  MessagesQuery,
  ReplyBody,
  UnreadSummary,
} from '../../contract';
import { API_BASE_URL } from '../config';
import { readError, request } from './client';

/** contract/inbox.ts NEXT_CURSOR_HEADER (the SPA imports no values from the contract). */
export const NEXT_CURSOR_HEADER = 'x-next-cursor';

/** A page of the conversation list and the cursor of the next one (null on the last). */
export interface ConversationsPage {
  conversations: Conversation[];
  next: string | null;
}

function conversationsPath({ limit, before, q }: ConversationsQuery = {}) {
  const query = new URLSearchParams();
  if (limit !== undefined) query.set('limit', String(limit));
  if (before) query.set('before', before);
  if (q) query.set('q', q);
  const search = query.toString();
  return search ? `/messages/conversations?${search}` : '/messages/conversations';
}

/**
 * One page of the list; the next page's cursor comes in a header, which `request` does not return.
 * The browser's HTTP cache answers an unchanged page (ETag / 304) with the headers it kept.
 */
async function conversationsPage(token: string, query?: ConversationsQuery): Promise<ConversationsPage> {
  const response = await fetch(`${API_BASE_URL}${conversationsPath(query)}`, {
    headers: { accept: 'application/json', authorization: `Bearer ${token}` },
  });
  if (!response.ok) throw await readError(response, { reading: 'messaging' });
  const conversations = (await response.json()) as Conversation[];
  return { conversations, next: response.headers.get(NEXT_CURSOR_HEADER) };
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
  reply: (token: string, conversationId: string, body: ReplyBody) =>
    request<Message>(`${conversationPath(conversationId)}/reply`, {
      method: 'POST',
      token,
      json: body,
      reading: 'messaging',
    }),
  /** Hides one of our messages from the owner's view (WhatsApp has no unsend). */
  hideMessage: (token: string, conversationId: string, messageId: string) =>
    request<void>(`${conversationPath(conversationId)}/messages/${encodeURIComponent(messageId)}`, {
      method: 'DELETE',
      token,
      reading: 'messaging',
    }),
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
