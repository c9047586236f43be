import type { Conversation, Message, MessagesQuery, ReplyBody, UnreadSummary } from '../../contract';
import { request } from './client';

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
  /** Newest activity first. The browser's HTTP cache answers an unchanged list (ETag / 304). */
  conversations: (token: string) => request<Conversation[]>('/messages/conversations', { token, reading: 'messaging' }),
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
