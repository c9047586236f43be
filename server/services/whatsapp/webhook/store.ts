import type { Executor } from '../../../db/client';
import type { AppEventMap } from '../../../plugins/events';
import {
  ignoredChanges,
  inRounds,
  rowsOf,
  type DeliveryToStore,
  type IgnoredChange,
  type InboundRow,
  type RawEventRow,
  type ReactionRow,
  type StatusRow,
} from './rows';

/**
 * What webhooks change in the owners' inboxes, for any number of deliveries in one transaction and
 * a fixed number of set-based statements. Every write is idempotent, so a retried or parallel
 * delivery changes nothing twice: messages are unique per wamid (insert … on conflict do nothing),
 * reactions keep the newest per customer, statuses only move forward.
 */

export type StoredInbound = AppEventMap['whatsapp.message-received'];

export interface StoredDeliveries {
  /** The messages stored for the first time, in the order they arrived. */
  received: StoredInbound[];
  /** Per delivery, in the order given: its changes for numbers nobody has connected. */
  ignored: IgnoredChange[][];
}

const FORWARD_ORDER = ['pending', 'sent', 'delivered', 'read'];

const key = (userId: number, id: string) => `${userId}|${id}`;

/** A row of a number that has an owner, with that owner. */
type Owned<T> = T & { userId: number };

function owned<T extends { phoneNumberId: string }>(rows: readonly T[], owners: ReadonlyMap<string, number>) {
  return rows.flatMap((row): Owned<T>[] => {
    const userId = owners.get(row.phoneNumberId);
    return userId === undefined ? [] : [{ ...row, userId }];
  });
}

/**
 * The first statement: who owns the numbers named; the conversations that do not exist yet (in key
 * order, so that concurrent batches wait for each other in the same order); the raw events. Their
 * profile names and previews follow in `touchConversations`, so that each row is written once.
 */
async function ownersAndNewConversations(
  tx: Executor,
  deliveries: readonly DeliveryToStore[],
  rows: { inbound: readonly InboundRow[]; rawEvents: readonly RawEventRow[] },
): Promise<Map<string, number>> {
  const numbers = [...new Set(deliveries.flatMap((delivery) => delivery.changes.map((c) => c.phoneNumberId)))];
  if (numbers.length === 0) return new Map();
  const conversations = new Map<string, InboundRow>();
  for (const row of rows.inbound) conversations.set(`${row.phoneNumberId}|${row.waId}`, row);
  const customers = [...conversations.values()];
  const owners = await tx.query<{ phone_number_id: string; user_id: number }>(
    `with owners as (
       select phone_number_id, user_id from whatsapp_connections where phone_number_id = any($1::text[])
     ), conversations_added as (
       insert into conversations (user_id, wa_id)
       select o.user_id, u.wa_id from unnest($2::text[], $3::text[]) as u(phone_number_id, wa_id)
         join owners o on o.phone_number_id = u.phone_number_id
        order by o.user_id, u.wa_id
       on conflict (user_id, wa_id) do nothing
     ), events_kept as (
       insert into webhook_events (user_id, body_sha256, raw_body)
       select o.user_id, u.body_sha256, u.raw_body
         from unnest($4::text[], $5::text[], $6::text[]) with ordinality as u(phone_number_id, body_sha256, raw_body, position)
         join owners o on o.phone_number_id = u.phone_number_id
        order by u.position
       on conflict (user_id, body_sha256) do nothing
     )
     select phone_number_id, user_id from owners`,
    [
      numbers,
      customers.map((row) => row.phoneNumberId),
      customers.map((row) => row.waId),
      rows.rawEvents.map((row) => row.phoneNumberId),
      rows.rawEvents.map((row) => row.bodySha256),
      rows.rawEvents.map((row) => row.rawBody),
    ],
  );
  return new Map(owners.map((row) => [row.phone_number_id, row.user_id]));
}

interface NewMessage {
  row: Owned<InboundRow>;
  conversationId: number;
  messageId: number;
}

/** Inserts each wamid once (the first delivery of it wins); answers the rows that were new. */
async function insertMessages(tx: Executor, inbound: readonly Owned<InboundRow>[]): Promise<NewMessage[]> {
  const firsts = new Map<string, Owned<InboundRow>>();
  for (const row of inbound) if (!firsts.has(key(row.userId, row.wamid))) firsts.set(key(row.userId, row.wamid), row);
  const list = [...firsts.values()];
  const inserted = await tx.query<{ id: number; user_id: number; wamid: string; conversation_id: number }>(
    `insert into messages
       (user_id, conversation_id, wamid, direction, sender, type, body, raw, in_reply_to, status, sent_at)
     select c.user_id, c.id, u.wamid, 'inbound', 'customer', u.type, u.body, u.raw::jsonb, u.in_reply_to, 'received',
            to_timestamp(u.sent_at)
       from unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
                   $8::double precision[]) with ordinality
            as u(user_id, wa_id, wamid, type, body, raw, in_reply_to, sent_at, position)
       join conversations c on c.user_id = u.user_id and c.wa_id = u.wa_id
      order by u.position
     on conflict (user_id, wamid) do nothing
     returning id, user_id, wamid, conversation_id`,
    [
      list.map((row) => row.userId),
      list.map((row) => row.waId),
      list.map((row) => row.wamid),
      list.map((row) => row.type),
      list.map((row) => row.body),
      list.map((row) => row.raw),
      list.map((row) => row.inReplyTo),
      list.map((row) => row.sentAt),
    ],
  );
  const stored = new Map(inserted.map((row) => [key(row.user_id, row.wamid), row]));
  return list.flatMap((row) => {
    const found = stored.get(key(row.userId, row.wamid));
    return found ? [{ row, conversationId: found.conversation_id, messageId: found.id }] : [];
  });
}

interface Touch {
  userId: number;
  waId: string;
  profileName: string | null;
  sentAt: number | null;
  preview: string | null;
  added: number;
}

/**
 * Each conversation a message came to: the newest profile name given, and after its new messages
 * the preview, times and unread count. The preview is the last-arrived of the newest messages, and
 * only when nothing newer is stored already: a retried older message must not replace the preview
 * of a newer one.
 */
async function touchConversations(tx: Executor, inbound: readonly Owned<InboundRow>[], stored: readonly NewMessage[]) {
  const touched = new Map<string, Touch>();
  for (const row of inbound) {
    const known = touched.get(key(row.userId, row.waId));
    const profileName = row.profileName ?? known?.profileName ?? null;
    touched.set(key(row.userId, row.waId), {
      ...(known ?? { userId: row.userId, waId: row.waId, sentAt: null, preview: null, added: 0 }),
      profileName,
    });
  }
  for (const { row } of stored) {
    const touch = touched.get(key(row.userId, row.waId)) as Touch;
    if (touch.sentAt === null || row.sentAt >= touch.sentAt) {
      touch.sentAt = row.sentAt;
      touch.preview = row.body;
    }
    touch.added += 1;
  }
  const list = [...touched.values()];
  await tx.query(
    `update conversations c set
        profile_name = coalesce(u.profile_name, c.profile_name),
        last_message_preview = case when u.added > 0
                                     and (c.last_message_at is null or c.last_message_at <= to_timestamp(u.sent_at))
                                    then u.preview else c.last_message_preview end,
        last_message_at = greatest(c.last_message_at, to_timestamp(u.sent_at)),
        last_inbound_at = greatest(c.last_inbound_at, to_timestamp(u.sent_at)),
        unread_count = c.unread_count + u.added,
        updated_at = now()
      from unnest($1::bigint[], $2::text[], $3::text[], $4::double precision[], $5::text[], $6::int[])
           as u(user_id, wa_id, profile_name, sent_at, preview, added)
      where c.user_id = u.user_id and c.wa_id = u.wa_id`,
    [
      list.map((t) => t.userId),
      list.map((t) => t.waId),
      list.map((t) => t.profileName),
      list.map((t) => t.sentAt),
      list.map((t) => t.preview),
      list.map((t) => t.added),
    ],
  );
}

/**
 * A reaction attaches to the message it reacts to, keyed by who reacted; an empty emoji takes it
 * back (kept as null with its time, so that an older retried reaction cannot come back).
 */
async function applyReactions(tx: Executor, reactions: readonly Owned<ReactionRow>[]) {
  for (const round of inRounds(reactions, (r) => key(r.userId, r.wamid))) {
    await tx.query(
      `update messages m set
          reactions = jsonb_set(m.reactions, array[r.reactor], jsonb_build_object('emoji', r.emoji, 'timestamp', r.ts)),
          updated_at = now()
        from unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::bigint[]) as r(user_id, wamid, reactor, emoji, ts)
        where m.user_id = r.user_id and m.wamid = r.wamid
          and coalesce((m.reactions -> r.reactor ->> 'timestamp')::bigint, 0) <= r.ts`,
      [
        round.map((r) => r.userId),
        round.map((r) => r.wamid),
        round.map((r) => r.reactor),
        round.map((r) => r.emoji),
        round.map((r) => r.timestamp),
      ],
    );
  }
}

/**
 * Moves our outgoing messages forward (sent < delivered < read), never back: statuses arrive out
 * of order. `failed` applies only before delivery. Several statuses of one message apply in the
 * order they arrived, one round each.
 */
async function applyStatuses(tx: Executor, statuses: readonly Owned<StatusRow>[]) {
  for (const round of inRounds(statuses, (s) => key(s.userId, s.wamid))) {
    await tx.query(
      `update messages m set
          status = s.status,
          status_error = s.error,
          status_error_code = s.code,
          updated_at = now()
        from unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::int[]) as s(user_id, wamid, status, error, code)
        where m.user_id = s.user_id and m.wamid = s.wamid and m.direction = 'outbound'
          and case when s.status = 'failed' then m.status in ('pending', 'sent')
                   else m.status <> 'failed'
                    and array_position($6::text[], m.status) < array_position($6::text[], s.status) end`,
      [
        round.map((s) => s.userId),
        round.map((s) => s.wamid),
        round.map((s) => s.status),
        round.map((s) => s.error),
        round.map((s) => s.errorCode),
        FORWARD_ORDER,
      ],
    );
  }
}

/**
 * Stores the deliveries, to be called inside one transaction: the result is what storing them one
 * after another, in the order given, would have stored. A batch of text messages takes three
 * statements, whatever its size.
 */
export async function storeDeliveries(tx: Executor, deliveries: readonly DeliveryToStore[]): Promise<StoredDeliveries> {
  const rows = rowsOf(deliveries);
  const owners = await ownersAndNewConversations(tx, deliveries, rows);
  const inbound = owned(rows.inbound, owners);
  let received: StoredInbound[] = [];
  if (inbound.length > 0) {
    const stored = await insertMessages(tx, inbound);
    await touchConversations(tx, inbound, stored);
    received = stored.map(({ row, conversationId, messageId }) => ({
      userId: row.userId,
      conversationId,
      messageId,
      wamid: row.wamid,
    }));
  }
  await applyReactions(tx, owned(rows.reactions, owners));
  await applyStatuses(tx, owned(rows.statuses, owners));
  return { received, ignored: ignoredChanges(deliveries, owners) };
}
