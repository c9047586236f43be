import type { Conversation, LiveEvent } from '../../../contract';
import type { Notice } from '../live/inboxEvents';

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
export function noticeFor(event: LiveEvent, context: NoticeContext): Omit<Notice, 'name'> | undefined {
  if (event.type !== 'handover.opened' && event.type !== 'message.received') return undefined;
  const { conversationId } = event;
  if (conversationId === context.watchedId) return undefined;
  if (event.type === 'handover.opened') return { kind: 'handover', conversationId };
  const known = context.conversations[conversationId];
  if (!known) return context.listLoaded ? { kind: 'newConversation', conversationId } : undefined;
  if (known.needs_you || known.owner === 'human') return { kind: 'needsYou', conversationId };
  return undefined;
}
