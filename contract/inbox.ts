import { Type, type Static } from 'typebox';

/** Limits the server enforces and the SPA mirrors (WhatsApp's own maximum text length). */
export const INBOX_LIMITS = {
  /** WhatsApp refuses text bodies longer than this. */
  maxReplyLength: 4096,
  /** Messages per page of `GET /messages/conversations/{id}` unless `limit` says otherwise. */
  defaultPageSize: 50,
  maxPageSize: 200,
} as const;

/** SPEC.md §3 Conversation, plus nothing the SPA does not use. `id` is `<wa_id>@c.us`. */
export const Conversation = Type.Object({
  id: Type.String(),
  /** The customer's WhatsApp profile name, else the id. */
  name: Type.String(),
  avatar: Type.Union([Type.String(), Type.Null()]),
  last_message: Type.String(),
  /** ISO 8601 time of the newest message. */
  timestamp: Type.String({ format: 'date-time' }),
  unread_count: Type.Integer({ minimum: 0 }),
});
export type Conversation = Static<typeof Conversation>;

export const ConversationList = Type.Array(Conversation);
export type ConversationList = Static<typeof ConversationList>;

export const MessageStatus = Type.Union([
  Type.Literal('received'),
  Type.Literal('pending'),
  Type.Literal('sent'),
  Type.Literal('delivered'),
  Type.Literal('read'),
  Type.Literal('failed'),
]);
export type MessageStatus = Static<typeof MessageStatus>;

export const MessageSender = Type.Union([Type.Literal('customer'), Type.Literal('ai'), Type.Literal('human')]);
export type MessageSender = Static<typeof MessageSender>;

export const Reaction = Type.Object({ emoji: Type.String(), from_us: Type.Boolean() });

/** SPEC.md §3 Message, plus delivery status, who sent it and reactions. `id` is the wamid. */
export const Message = Type.Object({
  id: Type.String(),
  body: Type.String(),
  timestamp: Type.String({ format: 'date-time' }),
  is_from_us: Type.Boolean(),
  in_reply_to_message_id: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  status: MessageStatus,
  /** Why a message failed, readable; null unless `status` is 'failed'. */
  status_reason: Type.Union([Type.String(), Type.Null()]),
  sender: MessageSender,
  reactions: Type.Array(Reaction),
});
export type Message = Static<typeof Message>;

export const MessageList = Type.Array(Message);
export type MessageList = Static<typeof MessageList>;

/**
 * GET /messages/conversations/{id}?before=&limit= — the latest `limit` messages, oldest first. To page
 * backwards, pass the id (wamid) of the oldest message you have as `before`; a page shorter than
 * `limit` means the first message has been reached.
 */
export const MessagesQuery = Type.Object({
  before: Type.Optional(Type.String({ minLength: 1 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: INBOX_LIMITS.maxPageSize })),
});
export type MessagesQuery = Static<typeof MessagesQuery>;

/** SPEC.md §3 Reply payload. */
export const ReplyBody = Type.Object({
  text: Type.String(),
  in_reply_to_message_id: Type.Optional(Type.Union([Type.String(), Type.Null()])),
});
export type ReplyBody = Static<typeof ReplyBody>;

/** The `detail` of the inbox API's refusals (the SPA shows them as they are). */
export const INBOX_ERRORS = {
  emptyReply: 'Message text is required.',
  replyTooLong: `Message text must be at most ${INBOX_LIMITS.maxReplyLength} characters.`,
  windowClosed:
    'More than 24 hours have passed since this customer last wrote; WhatsApp only allows template messages now.',
  notConnected: 'Connect WhatsApp before replying to customers.',
  conversationNotFound: 'Conversation not found.',
  messageNotFound: 'Message not found.',
  quotedNotFound: 'The message you are replying to is not in this conversation.',
  quotedNotSent: 'The message you are replying to never reached WhatsApp, so it cannot be quoted.',
  customerMessageNotHidden: "Only your own messages can be deleted; the customer's messages stay in the conversation.",
} as const;

/** GET /messages/unread: the sidebar's Messages badge. */
export const UnreadSummary = Type.Object({
  /** Conversations with at least one unread customer message. */
  unread_conversations: Type.Integer({ minimum: 0 }),
});
export type UnreadSummary = Static<typeof UnreadSummary>;
