import { INBOX_ERRORS, type Conversation, type UnreadSummary } from '../../../contract';
import type { Db, Executor } from '../../db/client';
import { NotFound } from '../../errors';
import { MARKETING_STOPPED_AT } from '../whatsapp/consent';
import { BSUID, isPhoneNumber } from '../whatsapp/customer-id';

/** The owner's conversations as the inbox lists them: one per customer, newest activity first. */

/**
 * A phone customer's conversation is `<number>@c.us` (SPEC.md), one met without a number
 * `<BSUID>@bsuid` (the database's conversation_public_id, migration 0040, says the same).
 */
const PHONE_SUFFIX = '@c.us';
const BSUID_SUFFIX = '@bsuid';

export function publicConversationId(waId: string): string {
  return `${waId}${isPhoneNumber(waId) ? PHONE_SUFFIX : BSUID_SUFFIX}`;
}

/** The wa_id behind a public id; undefined for one that is malformed. */
function waIdOf(publicId: string): string | undefined {
  if (publicId.endsWith(PHONE_SUFFIX)) {
    const waId = publicId.slice(0, -PHONE_SUFFIX.length);
    return isPhoneNumber(waId) ? waId : undefined;
  }
  if (publicId.endsWith(BSUID_SUFFIX)) {
    const waId = publicId.slice(0, -BSUID_SUFFIX.length);
    return BSUID.test(waId) ? waId : undefined;
  }
  return undefined;
}

export type ConversationRow = {
  id: number;
  user_id: number;
  wa_id: string;
  /** The customer's business-scoped user ID, once Meta named it. */
  bsuid: string | null;
  /** The customer's number (the id's) is no longer theirs: they changed it (migration 0055). */
  number_changed: boolean;
  /** Whether the customer wrote within the last 24 hours (WhatsApp's customer service window). */
  window_open: boolean;
  unread_count: number;
};

export function conversationNotFound(): NotFound {
  return new NotFound(INBOX_ERRORS.conversationNotFound, 'conversation_not_found');
}

/** WhatsApp's customer service window: free-form messages only this long after the customer's last one. */
export const CUSTOMER_WINDOW_HOURS = 24;

const CONVERSATION_COLUMNS = `id, user_id, wa_id, bsuid, number_changed_at is not null as number_changed, unread_count,
  coalesce(last_inbound_at > now() - interval '${CUSTOMER_WINDOW_HOURS} hours', false) as window_open`;

/** The owner's conversation behind a public id; a malformed id or a stranger's is a 404. */
export async function requireConversation(db: Executor, userId: number, publicId: string): Promise<ConversationRow> {
  const waId = waIdOf(publicId);
  if (!waId) throw conversationNotFound();
  const row = await db.maybeOne<ConversationRow>(
    `select ${CONVERSATION_COLUMNS} from conversations where user_id = $1 and wa_id = $2`,
    [userId, waId],
  );
  if (!row) throw conversationNotFound();
  return row;
}

/** The owner's conversation by its row id (what jobs and events carry); a stranger's is a 404. */
export async function requireConversationById(
  db: Executor,
  userId: number,
  conversationId: number,
): Promise<ConversationRow> {
  const row = await db.maybeOne<ConversationRow>(
    `select ${CONVERSATION_COLUMNS} from conversations where user_id = $1 and id = $2`,
    [userId, conversationId],
  );
  if (!row) throw conversationNotFound();
  return row;
}

export type ListRow = {
  wa_id: string;
  profile_name: string | null;
  username: string | null;
  last_message_preview: string | null;
  at: Date;
  unread_count: number;
  owner: 'ai' | 'human';
  needs_you: boolean;
  ai_replying: boolean;
  done: boolean;
  window_closes_at: Date | null;
  marketing_stopped_at: Date | null;
  customer_message: string | null;
  first_contact: boolean;
};

/**
 * 'AI is replying…' shows while the reply job's mark is this recent (SQL): the job clears it when it
 * ends, and a job that died leaves a mark that expires.
 */
export const AI_REPLYING_SHOWN = `ai_replying_since > now() - interval '2 minutes'`;

/** What the list shows of a conversation (`ListRow`), from `conversations` (a page of it, or one row). */
/** A conversation of `conversations` has an open hand-over ('Needs you'). */
export const NEEDS_YOU = `exists (select 1 from escalations e
           where e.conversation_id = conversations.id and e.user_id = conversations.user_id
             and e.resolved_at is null)`;

/**
 * The customer's own words in the conversation aliased `conversation` (SQL): their newest message the owner
 * has not hidden, whatever the AI or the owner said after it (a hand-over's acknowledgement included). Along
 * the index (conversation_id, sent_at, id). The list, the bell and the pushes all quote this.
 */
export const customerMessageSql = (conversation: string) => `(select m.body from messages m
           where m.conversation_id = ${conversation}.id and m.direction = 'inbound' and m.hidden_at is null
           order by m.sent_at desc, m.id desc limit 1)`;

/** The customer has written once: a conversation new to the owner (at most two rows read). */
export const FIRST_CONTACT = `(select count(*) from (select 1 from messages m
           where m.conversation_id = conversations.id and m.direction = 'inbound' limit 2) as inbound) = 1`;

export const LIST_COLUMNS = `wa_id, profile_name, username, last_message_preview, coalesce(last_message_at, created_at) as at,
  unread_count, owner, ${AI_REPLYING_SHOWN} as ai_replying, ${NEEDS_YOU} as needs_you, done_at is not null as done,
  last_inbound_at + interval '${CUSTOMER_WINDOW_HOURS} hours' as window_closes_at,
  ${MARKETING_STOPPED_AT} as marketing_stopped_at, ${customerMessageSql('conversations')} as customer_message,
  ${FIRST_CONTACT} as first_contact`;

/** The list's order: newest activity first; `id` breaks ties (index conversations_user_id_last_message_at_id_idx). */
export const LIST_ORDER = 'last_message_at desc nulls last, id desc';

/** Shown for a customer met without a number who gave neither a username nor a profile name. */
export const UNNAMED_CUSTOMER = 'WhatsApp user';

/**
 * How the inbox names a customer: a phone customer by profile name, else by conversation id (as
 * before); one without a number by username, else profile name, never by a made-up number.
 */
export function customerName(row: Pick<ListRow, 'wa_id' | 'profile_name' | 'username'>): string {
  if (isPhoneNumber(row.wa_id)) return row.profile_name ?? publicConversationId(row.wa_id);
  return row.username ?? row.profile_name ?? UNNAMED_CUSTOMER;
}

export function toConversation(row: ListRow): Conversation {
  const id = publicConversationId(row.wa_id);
  return {
    id,
    name: customerName(row),
    avatar: null,
    last_message: row.last_message_preview ?? '',
    timestamp: row.at.toISOString(),
    unread_count: row.unread_count,
    owner: row.owner,
    needs_you: row.needs_you,
    ai_replying: row.ai_replying === true,
    done: row.done,
    window_closes_at: row.window_closes_at?.toISOString() ?? null,
    marketing_stopped_at: row.marketing_stopped_at?.toISOString() ?? null,
    customer_message: row.customer_message,
    first_contact: row.first_contact,
  };
}

/** One of the owner's conversations as the list shows it; undefined for a stranger's. */
export async function listedConversation(
  db: Executor,
  userId: number,
  conversationId: number,
): Promise<Conversation | undefined> {
  const row = await db.maybeOne<ListRow>(`select ${LIST_COLUMNS} from conversations where user_id = $1 and id = $2`, [
    userId,
    conversationId,
  ]);
  return row && toConversation(row);
}

/** The sidebar badge: how many conversations have something unread. */
export async function unreadSummary(db: Executor, userId: number): Promise<UnreadSummary> {
  const row = await db.one<{ unread: number }>(
    'select count(*)::int as unread from conversations where user_id = $1 and unread_count > 0',
    [userId],
  );
  return { unread_conversations: row.unread };
}

/** Marks the conversation read; the wamid of the newest customer message when something was unread. */
export async function markConversationRead(db: Executor, conversation: ConversationRow): Promise<string | undefined> {
  const read = await db.maybeOne(
    `update conversations set unread_count = 0, updated_at = now()
      where id = $1 and user_id = $2 and unread_count > 0
      returning id`,
    [conversation.id, conversation.user_id],
  );
  if (!read) return undefined;
  const latest = await db.maybeOne<{ wamid: string }>(
    `select wamid from messages
      where conversation_id = $1 and user_id = $2 and direction = 'inbound'
      order by sent_at desc, id desc limit 1`,
    [conversation.id, conversation.user_id],
  );
  return latest?.wamid;
}

/**
 * After a message was hidden, the list shows the newest message still visible (activity time and
 * order stay as they were).
 */
export async function refreshPreview(db: Executor, userId: number, conversationId: number): Promise<void> {
  await db.query(
    `update conversations set
        last_message_preview = coalesce(
          (select body from messages
            where conversation_id = $1 and user_id = $2 and hidden_at is null
            order by sent_at desc, id desc limit 1),
          ''),
        updated_at = now()
      where id = $1 and user_id = $2`,
    [conversationId, userId],
  );
}

/**
 * The owner marks a conversation done: its open hand-overs are answered ('Needs you' clears) and it
 * shows as done until the customer writes again. Answers the conversation as the list shows it.
 */
export async function markDone(db: Db, userId: number, publicId: string): Promise<Conversation> {
  const conversation = await requireConversation(db, userId, publicId);
  await db.batch([
    {
      text: 'update escalations set resolved_at = now() where conversation_id = $1 and user_id = $2 and resolved_at is null',
      params: [conversation.id, userId],
    },
    {
      text: 'update conversations set done_at = now(), updated_at = now() where id = $1 and user_id = $2',
      params: [conversation.id, userId],
    },
  ]);
  const listed = await listedConversation(db, userId, conversation.id);
  if (!listed) throw new Error('a conversation just marked done is missing from its owner’s list');
  return listed;
}
