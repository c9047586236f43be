import type { Conversation, LiveEvent } from '../../../contract';

/** Why the owner is told of an event: a customer new to the inbox, one who waits for them, a hand-over. */
export type NoticeKind = 'newConversation' | 'needsYou' | 'handover';

export interface Notice {
  kind: NoticeKind;
  conversationId: string;
}

export interface NoticeContext {
  /** The conversations the inbox knows, by id (an unknown one is new). */
  conversations: Record<string, Pick<Conversation, 'owner' | 'needs_you'> | undefined>;
  /** Whether the inbox has loaded its list at all: before, no conversation can be told new. */
  listLoaded: boolean;
  /** The conversation on screen while the window has the focus: it needs no notice. */
  watchedId: string | null;
}

/**
 * The notification rules: every hand-over; a customer's message in a conversation new to the inbox
 * or one that the owner answers or that needs them. Quiet for the conversation already on screen in
 * a focused window, and for messages the AI answers.
 */
export function noticeFor(event: LiveEvent, context: NoticeContext): Notice | undefined {
  if (event.type !== 'handover.opened' && event.type !== 'message.received') return undefined;
  const { conversationId } = event;
  if (conversationId === context.watchedId) return undefined;
  if (event.type === 'handover.opened') return { kind: 'handover', conversationId };
  const known = context.conversations[conversationId];
  if (!known) return context.listLoaded ? { kind: 'newConversation', conversationId } : undefined;
  if (known.needs_you || known.owner === 'human') return { kind: 'needsYou', conversationId };
  return undefined;
}

/** What a notification says, by kind. */
export const NOTICE_TEXTS: Record<NoticeKind, string> = {
  newConversation: 'New conversation',
  needsYou: 'New message for you',
  handover: 'A customer needs you',
};
