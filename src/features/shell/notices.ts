import type { Conversation, LiveEvent } from '../../../contract';
import { conversationName } from '../../components/conversationName';
import { customerWords } from '../../../contract/customer-words';
import type { Notice, NoticeKind } from '../live/inboxEvents';

/** What the rules need of a conversation, as the server lists it. */
export type NoticedConversation = Pick<
  Conversation,
  'id' | 'name' | 'owner' | 'needs_you' | 'customer_message' | 'first_contact'
>;

/** The events a notice may come of: a hand-over opened, a customer's message. */
export interface NoticeEvent {
  type: 'handover.opened' | 'message.received';
  conversationId: string;
}

export const isNoticeEvent = (event: LiveEvent): event is LiveEvent & NoticeEvent =>
  event.type === 'handover.opened' || event.type === 'message.received';

/**
 * The notification rules: every hand-over; a customer's message in a conversation new to the owner
 * (their first message) or one that the owner answers or that needs them. Quiet for messages the AI
 * answers (and for the conversation on screen in a focused window: shell/noticesSaga.ts).
 */
export function noticeKindFor(
  event: NoticeEvent,
  conversation: NoticedConversation | undefined,
): NoticeKind | undefined {
  if (event.type === 'handover.opened') return 'handover';
  if (!conversation) return undefined;
  if (conversation.first_contact) return 'newConversation';
  if (conversation.needs_you || conversation.owner === 'human') return 'needsYou';
  return undefined;
}

/** Who and what: the customer as the inbox names them, and their own last words. */
export function noticeFor(event: NoticeEvent, conversation: NoticedConversation | undefined): Notice | undefined {
  const kind = noticeKindFor(event, conversation);
  if (!kind) return undefined;
  const { conversationId } = event;
  return {
    kind,
    conversationId,
    name: conversationName(conversation ?? { id: conversationId, name: conversationId }),
    words: customerWords(conversation?.customer_message ?? ''),
  };
}

/** A desktop notification's title, by kind: who, and why they are told. */
export const NOTICE_TITLES: Record<NoticeKind, (name: string) => string> = {
  newConversation: (name) => `New conversation: ${name}`,
  needsYou: (name) => `New message from ${name}`,
  handover: (name) => `${name} needs you`,
};

/** A notification's body when the customer's words are not known. */
export const NOTICE_TEXTS: Record<NoticeKind, string> = {
  newConversation: 'New conversation',
  needsYou: 'New message for you',
  handover: 'A customer needs you',
};

/** A desktop notification: who in the title, what they wrote in the body. */
export const noticeMessage = (notice: Notice) => ({
  title: NOTICE_TITLES[notice.kind](notice.name),
  body: notice.words || NOTICE_TEXTS[notice.kind],
});
