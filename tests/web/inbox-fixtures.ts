import type { Conversation, Escalation, Message } from '../../contract';

const SECOND_MS = 1000;

/** An ISO time `secondsAgo` before now. */
export const ago = (secondsAgo: number) => new Date(Date.now() - secondsAgo * SECOND_MS).toISOString();

export function aConversation(overrides: Partial<Conversation> = {}): Conversation {
  return {
    id: '15550100@c.us',
    name: 'Grace Hopper',
    avatar: null,
    last_message: 'Do you deliver on Sundays?',
    timestamp: ago(120),
    unread_count: 0,
    ...overrides,
  };
}

export function aMessage(overrides: Partial<Message> = {}): Message {
  return {
    id: 'wamid.1',
    body: 'Do you deliver on Sundays?',
    timestamp: ago(120),
    is_from_us: false,
    in_reply_to_message_id: null,
    status: 'received',
    status_reason: null,
    sender: 'customer',
    reactions: [],
    ...overrides,
  };
}

/** An open hand-over of Grace Hopper's conversation (aConversation's), a little over 5 minutes old. */
export function anEscalation(overrides: Partial<Escalation> = {}): Escalation {
  return {
    id: 1,
    conversation_id: '15550100@c.us',
    customer_name: 'Grace Hopper',
    reason: 'The customer asked for a person.',
    kind: 'customer_asked',
    created_at: ago(5 * 60 + 20),
    resolved_at: null,
    ...overrides,
  };
}

export const conversationPath = (id: string) => `/messages/conversations/${encodeURIComponent(id)}`;
export const messagesPath = (id: string) => `${conversationPath(id)}?limit=50`;
