import type { Conversation, Message } from '../../contract';
import authSlice from '../../src/features/auth/slice';
import type { RootState } from '../../src/store';
import { aUser } from './users';

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

/** A signed-in owner whose user is fresh, so that the shell asks for nothing but the connection. */
export function signedInState(): Partial<RootState> {
  return {
    auth: {
      ...authSlice.getInitialState(),
      status: 'authenticated',
      accessToken: 'token',
      user: aUser(),
      userStatus: 'loaded',
      userFetchedAt: Date.now(),
    },
  };
}

export const conversationPath = (id: string) => `/messages/conversations/${encodeURIComponent(id)}`;
export const messagesPath = (id: string) => `${conversationPath(id)}?limit=50`;
