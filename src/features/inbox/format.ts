// The conversation's name and number, and the phone's width, are the shell's too (its bell, its notifications, its
// drawer); the inbox's components take them from here.
export { conversationName, conversationNumber, customerPhoneNumber } from '../../components/conversationName';
export { MOBILE_MEDIA_QUERY } from '../../components/phoneWidth';

/** SPEC.md §9 (Messages): the inbox's constants, imported by the components and their tests. */
/** Panel sizes as percentages (react-resizable-panels reads bare numbers as pixels). */
export const LIST_PANEL_SIZE = { default: '25%', min: '20%', max: '30%' } as const;
export const CHAT_PANEL_SIZE = '75%';
export const REPLY_PREVIEW_LENGTH = 50;
/** WhatsApp's longest text (contract/inbox.ts INBOX_LIMITS.maxReplyLength; the SPA imports no schemas). */
export const REPLY_MAX_LENGTH = 4096;
export const MESSAGE_SKELETON_ROWS = 8;

/** SPEC.md §8 (Messages) and the inbox's other fixed texts. */
export const INBOX_TEXTS = {
  conversationsFailed: 'Failed to load conversations',
  messagesFailed: 'Failed to load messages',
  tryAgain: 'Try again',
  copied: 'Message copied',
  copiedDescription: 'Message copied to clipboard',
  copyFailed: 'Failed to copy',
  copyFailedDescription: 'Could not copy message to clipboard',
  replyingTo: 'Replying to: ',
  originalMessage: 'Original message',
  noConversations: 'No conversations yet',
  noConversationsHint: 'When a customer writes to your WhatsApp number, the conversation appears here.',
  notConnectedHint:
    'WhatsApp is not connected yet. Connect your WhatsApp Business number and your customers’ conversations appear here.',
  connect: 'Connect WhatsApp',
  noSearchResults: 'No conversations match your search',
  filters: 'Show conversations',
  filterNeedsYou: 'Needs you',
  filterUnread: 'Unread',
  filterAll: 'All',
  noneNeedYou: 'Nothing needs you',
  noneNeedYouHint: 'When a customer asks for a person, or the AI hands a conversation over, it shows here.',
  noneUnread: 'No unread conversations',
  noneUnreadHint: 'You have read every message.',
  noMessages: 'No messages yet',
  noneSelected: 'Select a conversation',
  noneSelectedHint: 'Pick a conversation from the list to read it and reply.',
  sendFailed: 'Message not sent',
  attachmentFailed: 'The file could not be sent.',
  deleteFailed: 'Message not deleted',
  reactionFailed: 'Reaction not sent',
  react: 'React',
} as const;

/** SPEC.md §2: 'Replying to: ' plus the first 50 characters of the target and '...'. */
export const replyPreview = (body: string) => `${INBOX_TEXTS.replyingTo}${body.slice(0, REPLY_PREVIEW_LENGTH)}...`;
