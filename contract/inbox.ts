import { Type, type Static } from 'typebox';

/** Limits the server enforces and the SPA mirrors (WhatsApp's own maximum text length). */
export const INBOX_LIMITS = {
  /** WhatsApp refuses text bodies longer than this. */
  maxReplyLength: 4096,
  /** Messages per page of `GET /messages/conversations/{id}` unless `limit` says otherwise. */
  defaultPageSize: 50,
  maxPageSize: 200,
  /** The longest search text `GET /messages/conversations?q=` takes. */
  maxSearchLength: 200,
} as const;

/** SPEC.md §3 Conversation, plus nothing the SPA does not use. `id` is `<phone>@c.us`, or `<BSUID>@bsuid` for a customer met without a number (issue 28). */
export const Conversation = Type.Object({
  id: Type.String(),
  /** The customer's WhatsApp profile name, else the id. */
  name: Type.String(),
  avatar: Type.Union([Type.String(), Type.Null()]),
  last_message: Type.String(),
  /** ISO 8601 time of the newest message. */
  timestamp: Type.String({ format: 'date-time' }),
  unread_count: Type.Integer({ minimum: 0 }),
  /** Who answers the customer: the AI, or the owner after a hand-over (until handed back). */
  owner: Type.Optional(Type.Union([Type.Literal('ai'), Type.Literal('human')])),
  /** An open hand-over: the inbox marks it 'Needs you'. */
  needs_you: Type.Optional(Type.Boolean()),
  /** The AI is writing an answer right now ('AI is replying…'). */
  ai_replying: Type.Optional(Type.Boolean()),
  /** The owner marked it done; the customer's next message reopens it. */
  done: Type.Optional(Type.Boolean()),
  /**
   * When WhatsApp's 24-hour customer service window closes (or closed): 24 hours after the customer's
   * last message; null when the customer never wrote. Until then any message may be sent, after it
   * only approved templates. A time rather than a countdown, so that a cached list stays true.
   */
  window_closes_at: Type.Optional(Type.Union([Type.String({ format: 'date-time' }), Type.Null()])),
  /**
   * When the customer stopped marketing messages from the business in WhatsApp (the `user_preferences`
   * webhook, or a marketing template refused with 131050); null when they take them. Marketing templates
   * are refused while it is set.
   */
  marketing_stopped_at: Type.Optional(Type.Union([Type.String({ format: 'date-time' }), Type.Null()])),
  /**
   * What the customer last wrote, as `last_message` reads (media as '[image] caption' …), whatever was
   * said after it: a 'Needs you' row and a notice show what the customer asked, not the AI's
   * acknowledgement. Null before the customer wrote.
   */
  customer_message: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  /** The customer has written exactly once: a conversation new to the owner. */
  first_contact: Type.Optional(Type.Boolean()),
  /**
   * In a search's results (`q`): the newest message whose words match, with the part of its text
   * around the match. Absent when only the name or number matched.
   */
  match: Type.Optional(
    Type.Object({
      message_id: Type.String(),
      excerpt: Type.String(),
    }),
  ),
});
export type Conversation = Static<typeof Conversation>;

export const ConversationList = Type.Array(Conversation);
export type ConversationList = Static<typeof ConversationList>;

/** The response header that carries the cursor of the next page of conversations (absent on the last page). */
export const NEXT_CURSOR_HEADER = 'x-next-cursor';

/**
 * GET /messages/conversations?limit=&before=&q= — a page of the owner's conversations, newest activity
 * first: the first `limit` (default 50), or those after the cursor `before`. The body stays an array
 * of Conversation; the next page's cursor comes in the `X-Next-Cursor` header (also as
 * `Link: <…>; rel="next"`), absent on the last page. Cursors are opaque: pass them back as they came.
 * `q` narrows the list to conversations whose name, number or last message contains it (any case);
 * an empty `q` is the whole list. Each page has its own ETag (If-None-Match → 304).
 */
/** The inbox list's filters: everything, conversations with an open hand-over, or with unread messages. */
export const CONVERSATION_FILTERS = ['all', 'needs_you', 'unread'] as const;
export type ConversationFilter = (typeof CONVERSATION_FILTERS)[number];

export const ConversationsQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: INBOX_LIMITS.maxPageSize })),
  before: Type.Optional(
    Type.String({ minLength: 1, maxLength: 200, description: 'The X-Next-Cursor of the previous page' }),
  ),
  q: Type.Optional(
    Type.String({ maxLength: INBOX_LIMITS.maxSearchLength, description: 'Text in the name, number or last message' }),
  ),
  filter: Type.Optional(
    Type.Union([Type.Literal('all'), Type.Literal('needs_you'), Type.Literal('unread')], {
      description: "'needs_you': an open hand-over; 'unread': unread messages; 'all' (the default)",
    }),
  ),
});
export type ConversationsQuery = Static<typeof ConversationsQuery>;

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

/** What an AI reply was built from ('Sources' on the message): the passages and memories it used. */
export const MessageSources = Type.Object({
  contexts: Type.Array(
    Type.Object({
      id: Type.Integer(),
      document_name: Type.Union([Type.String(), Type.Null()]),
      /** The passage's opening words. */
      excerpt: Type.String(),
    }),
  ),
  memories: Type.Array(Type.Object({ id: Type.Integer(), memory: Type.String() })),
});
export type MessageSources = Static<typeof MessageSources>;

/** A shared place (a customer's location message). */
export const MessageLocation = Type.Object({
  latitude: Type.Number(),
  longitude: Type.Number(),
  name: Type.Union([Type.String(), Type.Null()]),
  address: Type.Union([Type.String(), Type.Null()]),
});
export type MessageLocation = Static<typeof MessageLocation>;

/**
 * What a photo, voice note, video, file, sticker or location carries. A customer's media is
 * `pending` until Threadline has fetched it from WhatsApp, then `ready` (its bytes at `url`, an
 * authenticated path of the owner's API) or `failed` (`failure` says why, in plain words).
 */
export const MessageMedia = Type.Object({
  kind: Type.Union([
    Type.Literal('image'),
    Type.Literal('audio'),
    Type.Literal('video'),
    Type.Literal('document'),
    Type.Literal('sticker'),
    Type.Literal('location'),
  ]),
  status: Type.Union([Type.Literal('pending'), Type.Literal('ready'), Type.Literal('failed')]),
  /** The type decided by the file's bytes once ready; before that, what WhatsApp declared. */
  mime_type: Type.Union([Type.String(), Type.Null()]),
  size_bytes: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
  filename: Type.Union([Type.String(), Type.Null()]),
  caption: Type.Union([Type.String(), Type.Null()]),
  duration_seconds: Type.Union([Type.Number({ minimum: 0 }), Type.Null()]),
  /** Audio recorded in WhatsApp (a voice note) rather than a file. */
  voice: Type.Boolean(),
  /** `GET` it with the bearer token: the file itself, with its content type. Null unless ready. */
  url: Type.Union([Type.String(), Type.Null()]),
  failure: Type.Union([Type.String(), Type.Null()]),
  location: Type.Union([MessageLocation, Type.Null()]),
  /**
   * A voice note's or audio's words, written out for an agent whose provider transcribes (OpenAI):
   * shown under the player and what the AI answers. Null until transcribed, and when it was not.
   */
  transcript: Type.Union([Type.String(), Type.Null()]),
});
export type MessageMedia = Static<typeof MessageMedia>;

/**
 * What one of our messages costs, as Meta's status webhooks told it (per-message pricing since
 * 2025-07-01): billed or free, its category (marketing, utility, authentication, service,
 * marketing_lite or a newer word of Meta's) and why it was free (free_customer_service,
 * free_entry_point) or 'regular'. Null parts: the statuses did not say.
 */
export const MessagePricing = Type.Object({
  billable: Type.Union([Type.Boolean(), Type.Null()]),
  category: Type.Union([Type.String(), Type.Null()]),
  type: Type.Union([Type.String(), Type.Null()]),
});
export type MessagePricing = Static<typeof MessagePricing>;

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
  /** AI replies only: the passages and memories the answer used. */
  sources: Type.Optional(MessageSources),
  /** Photos, voice notes, videos, files, stickers and locations; absent on text. */
  media: Type.Optional(MessageMedia),
  /** Our messages only: what it cost, once a status told it; null before that and on the customer's. */
  pricing: Type.Optional(Type.Union([MessagePricing, Type.Null()])),
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

/** WhatsApp takes one emoji; a few code points make one (skin tones, ZWJ sequences, flags). */
export const REACTION_MAX_LENGTH = 32;

/**
 * POST /messages/conversations/{id}/messages/{messageId}/reaction — the owner reacts to a customer's
 * message on WhatsApp (issue 28 item 5). `emoji` is one emoji; `""` takes the owner's reaction back.
 */
export const ReactionBody = Type.Object({
  emoji: Type.String({ maxLength: REACTION_MAX_LENGTH, description: 'One emoji; an empty string removes it' }),
});
export type ReactionBody = Static<typeof ReactionBody>;

/**
 * GET/PUT /messages/settings — how the inbox behaves towards customers. `read_receipts` (on unless
 * the owner turned it off): opening a conversation marks its customer messages read on WhatsApp.
 */
export const InboxSettings = Type.Object({ read_receipts: Type.Boolean() });
export type InboxSettings = Static<typeof InboxSettings>;

/** The `detail` of the inbox API's refusals (the SPA shows them as they are). */
export const INBOX_ERRORS = {
  emptyReply: 'Message text is required.',
  replyTooLong: `Message text must be at most ${INBOX_LIMITS.maxReplyLength} characters.`,
  windowClosed:
    'More than 24 hours have passed since this customer last wrote; WhatsApp only allows template messages now.',
  notConnected: 'Connect WhatsApp before replying to customers.',
  conversationNotFound: 'Conversation not found.',
  badCursor: 'This page cursor is not valid; load the list again from the first page.',
  messageNotFound: 'Message not found.',
  quotedNotFound: 'The message you are replying to is not in this conversation.',
  quotedNotSent: 'The message you are replying to never reached WhatsApp, so it cannot be quoted.',
  mediaNotFound: 'This message has no file to show.',
  customerMessageNotHidden: "Only your own messages can be deleted; the customer's messages stay in the conversation.",
  reactionNotEmoji: 'A reaction is one emoji, or nothing to take it back.',
  reactionToOwnMessage: "Reactions go on the customer's messages.",
  reactionNotSent: 'This message never reached WhatsApp, so it cannot be reacted to.',
} as const;

/** GET /messages/unread: the sidebar's Messages badge. */
export const UnreadSummary = Type.Object({
  /** Conversations with at least one unread customer message. */
  unread_conversations: Type.Integer({ minimum: 0 }),
});
export type UnreadSummary = Static<typeof UnreadSummary>;

export const EscalationKind = Type.Union([
  Type.Literal('customer_asked'),
  Type.Literal('model'),
  Type.Literal('no_knowledge'),
  Type.Literal('ai_unavailable'),
  Type.Literal('key_rejected'),
  Type.Literal('manual_reply'),
  /** The customer sent media the AI cannot read (a photo without a caption to the offline model, a voice note). */
  Type.Literal('media'),
  /** The AI's answer was being sent when its run was cut short: it may not have reached the customer. */
  Type.Literal('send_uncertain'),
  /** WhatsApp refused the AI's answer, or kept failing until the reply's retries ran out. */
  Type.Literal('send_failed'),
]);
export type EscalationKind = Static<typeof EscalationKind>;

/** GET /escalations items: an open hand-over to the owner (the header's bell). */
export const Escalation = Type.Object({
  id: Type.Integer(),
  /** `<phone>@c.us` or `<BSUID>@bsuid`, as the inbox names conversations. */
  conversation_id: Type.String(),
  customer_name: Type.String(),
  /** Readable, e.g. 'The customer asked for a person.', 'AI unavailable', 'AI key rejected'. */
  reason: Type.String(),
  kind: EscalationKind,
  created_at: Type.String({ format: 'date-time' }),
  /** When it was handed back or answered by hand; null while open. */
  resolved_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  /** What the customer last wrote (as Conversation.customer_message): the bell says what they asked. */
  customer_message: Type.Optional(Type.Union([Type.String(), Type.Null()])),
});
export type Escalation = Static<typeof Escalation>;

/**
 * GET /escalations: open hand-overs, newest first (the bell; its badge is their count).
 * `?status=all`: the latest hand-overs, open or resolved (the dashboard's activity).
 */
export const EscalationList = Type.Array(Escalation);
export type EscalationList = Static<typeof EscalationList>;

export const EscalationsQuery = Type.Object({
  status: Type.Optional(Type.Union([Type.Literal('open'), Type.Literal('all')])),
});
export type EscalationsQuery = Static<typeof EscalationsQuery>;

/** At most this many hand-overs in `GET /escalations?status=all`. */
export const MAX_LISTED_ESCALATIONS = 50;
