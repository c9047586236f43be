import {
  INBOX_ERRORS,
  INBOX_LIMITS,
  MEDIA_KINDS,
  type Message,
  type MessageMedia,
  type MessagePricing,
  type MessageSender,
  type MessageSources,
  type MessageStatus,
} from '../../../contract';
import type { Db, Executor } from '../../db/client';
import { Conflict, NotFound } from '../../errors';
import { markConversationRead, publicConversationId, refreshPreview, type ConversationRow } from './conversations';
import { CHANGE_STATE, changeParts, etagMatches, strongEtag, type ChangeState } from './etag';

/** A conversation's messages as the inbox shows them: oldest first, paged backwards, hidden ones left out. */

export type MessageRow = {
  id: number;
  wamid: string;
  direction: 'inbound' | 'outbound';
  sender: MessageSender;
  body: string;
  in_reply_to: string | null;
  reactions: Record<string, { emoji: string | null; timestamp: number }>;
  status: MessageStatus;
  status_error: string | null;
  sent_at: Date;
  /** What an AI reply was built from (passages, memories); null for any other message. */
  sources: MessageSources | null;
  type: string;
  /** The webhook's (or our send's) media or location object; null for other types. */
  media_raw: Record<string, unknown> | null;
  billable: boolean | null;
  pricing_category: string | null;
  pricing_type: string | null;
  /** The media job's outcome; null while pending (and for text). */
  media_state: {
    status: 'ready' | 'failed';
    mime_type: string | null;
    size_bytes: number | null;
    failure: string | null;
    transcript: string | null;
  } | null;
};

const MEDIA_TYPES_SQL = [...MEDIA_KINDS, 'location'].map((type) => `'${type}'`).join(', ');

export const MESSAGE_COLUMNS = `id, wamid, direction, sender, body, in_reply_to, reactions, status, status_error,
  sent_at, sources, type, billable, pricing_category, pricing_type, case when type in (${MEDIA_TYPES_SQL}) then raw -> type end as media_raw,
  (select jsonb_build_object('status', mm.status, 'mime_type', mm.mime_type, 'size_bytes', mm.size_bytes,
                             'failure', mm.failure, 'transcript', mm.transcript)
     from message_media mm where mm.message_id = messages.id) as media_state`;

/** The authenticated path of a message's file (GET /messages/conversations/{id}/media/{messageId}). */
export function mediaPath(waId: string, wamid: string): string {
  return `/api/v1/messages/conversations/${encodeURIComponent(publicConversationId(waId))}/media/${encodeURIComponent(wamid)}`;
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
const number = (value: unknown) => {
  const parsed = typeof value === 'string' ? Number(value) : value;
  return typeof parsed === 'number' && Number.isFinite(parsed) ? parsed : null;
};

function toMedia(row: MessageRow, waId: string): MessageMedia | undefined {
  const raw = row.media_raw;
  if (!raw) return undefined;
  if (row.type === 'location') {
    const latitude = number(raw.latitude);
    const longitude = number(raw.longitude);
    return {
      kind: 'location',
      status: 'ready',
      mime_type: null,
      size_bytes: null,
      filename: null,
      caption: null,
      duration_seconds: null,
      voice: false,
      url: null,
      failure: null,
      transcript: null,
      location:
        latitude === null || longitude === null
          ? null
          : { latitude, longitude, name: text(raw.name), address: text(raw.address) },
    };
  }
  const state = row.media_state;
  const status = state?.status ?? 'pending';
  return {
    kind: row.type as MessageMedia['kind'],
    status,
    mime_type: state?.mime_type ?? text(raw.mime_type),
    size_bytes: state?.size_bytes ?? null,
    filename: text(raw.filename),
    caption: text(raw.caption),
    duration_seconds: number(raw.duration),
    voice: raw.voice === true,
    url: status === 'ready' ? mediaPath(waId, row.wamid) : null,
    failure: status === 'failed' ? (state?.failure ?? null) : null,
    location: null,
    transcript: state?.transcript ?? null,
  };
}

/**
 * The key of the business's own reaction in `messages.reactions` (the others are customers' phone
 * numbers or BSUIDs, which never read like this; migration 0051).
 */
export const BUSINESS_REACTOR = 'business';

/** A stored message as the API shows it; `waId` is its conversation's customer (for the media path). */
export function toMessage(row: MessageRow, waId: string): Message {
  // A reaction taken back is kept (as null) so that an older retried one cannot come back; not shown.
  const reactions = Object.entries(row.reactions)
    .filter((entry): entry is [string, { emoji: string; timestamp: number }] => typeof entry[1].emoji === 'string')
    .sort(([, a], [, b]) => a.timestamp - b.timestamp)
    .map(([reactor, reaction]) => ({ emoji: reaction.emoji, from_us: reactor === BUSINESS_REACTOR }));
  return {
    id: row.wamid,
    body: row.body,
    timestamp: row.sent_at.toISOString(),
    is_from_us: row.direction === 'outbound',
    in_reply_to_message_id: row.in_reply_to,
    status: row.status,
    status_reason: row.status === 'failed' ? (row.status_error ?? 'Not delivered.') : null,
    sender: row.sender,
    reactions,
    ...(row.sources ? { sources: row.sources } : {}),
    ...withMedia(toMedia(row, waId)),
    ...(row.direction === 'outbound' ? { pricing: pricingOf(row) } : {}),
  };
}

function pricingOf(row: MessageRow): MessagePricing | null {
  if (row.billable === null && row.pricing_category === null && row.pricing_type === null) return null;
  return { billable: row.billable, category: row.pricing_category, type: row.pricing_type };
}

function withMedia(media: MessageMedia | undefined): { media?: MessageMedia } {
  return media ? { media } : {};
}

export function messageNotFound(): NotFound {
  return new NotFound(INBOX_ERRORS.messageNotFound, 'message_not_found');
}

export interface PageQuery {
  before?: string;
  limit?: number;
}

/**
 * The page's ETag from one index-only aggregate over the conversation's messages: a new or hidden
 * message, a status or a reaction bumps a row's updated_at (or the count), and the query picks the page.
 */
export async function messagePageEtag(db: Executor, conversation: ConversationRow, query: PageQuery) {
  const state = await db.one<ChangeState>(
    `select ${CHANGE_STATE} from messages where conversation_id = $1 and user_id = $2`,
    [conversation.id, conversation.user_id],
  );
  const limit = query.limit ?? INBOX_LIMITS.defaultPageSize;
  return strongEtag('messages', conversation.id, ...changeParts(state), query.before ?? null, limit);
}

/** Where a page ends: the message `before` names, which may itself be hidden. */
async function cursorOf(db: Executor, conversation: ConversationRow, wamid: string) {
  const cursor = await db.maybeOne<{ sent_at: Date; id: number }>(
    'select sent_at, id from messages where user_id = $1 and conversation_id = $2 and wamid = $3',
    [conversation.user_id, conversation.id, wamid],
  );
  if (!cursor) throw messageNotFound();
  return cursor;
}

/** The latest `limit` visible messages, or those older than `before`; oldest first. */
export async function messagePage(db: Executor, conversation: ConversationRow, query: PageQuery): Promise<Message[]> {
  const limit = query.limit ?? INBOX_LIMITS.defaultPageSize;
  const params: unknown[] = [conversation.id, conversation.user_id, limit];
  let olderThan = '';
  if (query.before !== undefined) {
    const cursor = await cursorOf(db, conversation, query.before);
    params.push(cursor.sent_at, cursor.id);
    olderThan = 'and (sent_at, id) < ($4::timestamptz, $5::bigint)';
  }
  const rows = await db.query<MessageRow>(
    `select ${MESSAGE_COLUMNS} from messages
      where conversation_id = $1 and user_id = $2 and hidden_at is null ${olderThan}
      order by sent_at desc, id desc limit $3`,
    params,
  );
  return rows.reverse().map((row) => toMessage(row, conversation.wa_id));
}

/**
 * Hides one of our messages from the owner's view (WhatsApp has no unsend; the customer keeps it).
 * Hiding twice is fine; a customer's message stays.
 */
export async function hideMessage(db: Db, conversation: ConversationRow, wamid: string): Promise<void> {
  const message = await db.maybeOne<{ id: number; direction: string; hidden: boolean }>(
    `select id, direction, hidden_at is not null as hidden from messages
      where user_id = $1 and conversation_id = $2 and wamid = $3`,
    [conversation.user_id, conversation.id, wamid],
  );
  if (!message) throw messageNotFound();
  if (message.direction !== 'outbound') {
    throw new Conflict(INBOX_ERRORS.customerMessageNotHidden, undefined, 'customer_message');
  }
  if (message.hidden) return;
  await db.transaction(async (tx) => {
    await tx.query('update messages set hidden_at = now(), updated_at = now() where id = $1 and user_id = $2', [
      message.id,
      conversation.user_id,
    ]);
    await refreshPreview(tx, conversation.user_id, conversation.id);
  });
}

export interface ConversationRead {
  etag: string;
  /** Undefined when `If-None-Match` named the current ETag: the client has this page already. */
  messages?: Message[];
  /** The newest customer message, when opening the conversation marked something read. */
  readUpTo?: string;
}

/**
 * GET of a conversation's page. Opening it (no `before`) marks it read first, so the page and its
 * ETag include everything that was marked; the ETag is taken before the page, so a change racing
 * the read can only make the next poll fetch again, never hide itself.
 */
export async function readConversation(
  db: Executor,
  conversation: ConversationRow,
  query: PageQuery,
  ifNoneMatch: string | undefined,
): Promise<ConversationRead> {
  if (query.before !== undefined) await cursorOf(db, conversation, query.before);
  const readUpTo = query.before === undefined ? await markConversationRead(db, conversation) : undefined;
  const etag = await messagePageEtag(db, conversation, query);
  if (etagMatches(ifNoneMatch, etag)) return { etag, readUpTo };
  return { etag, messages: await messagePage(db, conversation, query), readUpTo };
}
