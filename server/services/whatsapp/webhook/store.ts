import type { Executor } from '../../../db/client';
import type { ReceivedMessage } from '../../../events';
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

/** The job payload of each new message, a ReceivedMessage, from the columns of `arrived` (a). */
const RECEIVED_MESSAGE_COLUMNS: Record<keyof ReceivedMessage, string> = {
  userId: 'a.user_id',
  conversationId: 'a.conversation_id',
  messageId: 'a.id',
  wamid: 'a.wamid',
};
const RECEIVED_MESSAGE_JSON = `jsonb_build_object(${Object.entries(RECEIVED_MESSAGE_COLUMNS)
  .map(([name, column]) => `'${name}', ${column}`)
  .join(', ')})`;

export interface StoredDeliveries {
  /** The messages stored for the first time, in the order they arrived. */
  received: ReceivedMessage[];
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

/**
 * The jobs each new message asks for (its reply, its memories), queued by the statement that stores
 * it. Each job's payload is the message as the 'whatsapp.message-received' event tells it, its key
 * `keyPrefix` and the wamid, so that a duplicate delivery queues nothing.
 */
export interface MessageJobs {
  /** Queued in this order for each message (jobs due together run in id order). */
  jobs: { name: string; keyPrefix: string }[];
  /** Not before this time (default now). */
  runAt?: Date;
}

/**
 * One statement: inserts each wamid once (the first delivery of it wins), queues the jobs of the
 * new ones, and brings each conversation a message came to up to date: the newest profile name
 * given, and after its new messages the preview, times and unread count. The preview is the
 * last-arrived of the newest new messages, and only when nothing newer is stored already: a retried
 * older message must not replace the preview of a newer one. Answers the new messages.
 */
async function insertMessages(
  tx: Executor,
  inbound: readonly Owned<InboundRow>[],
  messageJobs: MessageJobs | undefined,
): Promise<ReceivedMessage[]> {
  // Every row names its conversation and may rename it; only the first of a wamid may be stored.
  const seen = new Set<string>();
  const firsts = inbound.map((row) => {
    const message = key(row.userId, row.wamid);
    if (seen.has(message)) return false;
    seen.add(message);
    return true;
  });
  const jobs = messageJobs?.jobs ?? [];
  const inserted = await tx.query<{ id: number; user_id: number; wamid: string; conversation_id: number }>(
    `with u as (
       select * from unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
                            $8::double precision[], $9::text[], $10::boolean[]) with ordinality
              as u(user_id, wa_id, wamid, type, body, raw, in_reply_to, sent_at, profile_name, first, position)
     ), added as (
       insert into messages
         (user_id, conversation_id, wamid, direction, sender, type, body, raw, in_reply_to, status, sent_at)
       select c.user_id, c.id, u.wamid, 'inbound', 'customer', u.type, u.body, u.raw::jsonb, u.in_reply_to, 'received',
              to_timestamp(u.sent_at)
         from u join conversations c on c.user_id = u.user_id and c.wa_id = u.wa_id
        where u.first
        order by u.position
       on conflict (user_id, wamid) do nothing
       returning id, user_id, wamid, conversation_id
     ), arrived as (
       select a.*, u.position from added a join u on u.user_id = a.user_id and u.wamid = a.wamid and u.first
     ), touch as (
       select u.user_id, u.wa_id,
              (array_agg(u.profile_name order by u.position desc) filter (where u.profile_name is not null))[1]
                as profile_name,
              count(a.id) as added,
              max(u.sent_at) filter (where a.id is not null) as sent_at,
              (array_agg(u.body order by u.sent_at desc, u.position desc) filter (where a.id is not null))[1] as preview
         from u left join arrived a on a.position = u.position
        group by u.user_id, u.wa_id
     ), touched as (
       update conversations c set
          profile_name = coalesce(t.profile_name, c.profile_name),
          last_message_preview = case when t.added > 0
                                       and (c.last_message_at is null or c.last_message_at <= to_timestamp(t.sent_at))
                                      then t.preview else c.last_message_preview end,
          last_message_at = greatest(c.last_message_at, to_timestamp(t.sent_at)),
          last_inbound_at = greatest(c.last_inbound_at, to_timestamp(t.sent_at)),
          unread_count = c.unread_count + t.added,
          updated_at = now()
        from touch t
        where c.user_id = t.user_id and c.wa_id = t.wa_id
     ), queued as (
       insert into jobs (name, payload, key, run_at, queue)
       select j.name, ${RECEIVED_MESSAGE_JSON},
              j.key_prefix || a.wamid, coalesce($13::timestamptz, now()), 'conversation:' || a.conversation_id
         from arrived a cross join unnest($11::text[], $12::text[]) with ordinality as j(name, key_prefix, position)
        order by a.position, j.position
       on conflict (key) do nothing
     )
     select id, user_id, wamid, conversation_id from added`,
    [
      inbound.map((row) => row.userId),
      inbound.map((row) => row.waId),
      inbound.map((row) => row.wamid),
      inbound.map((row) => row.type),
      inbound.map((row) => row.body),
      inbound.map((row, i) => (firsts[i] ? row.raw : null)),
      inbound.map((row) => row.inReplyTo),
      inbound.map((row) => row.sentAt),
      inbound.map((row) => row.profileName),
      firsts,
      jobs.map((job) => job.name),
      jobs.map((job) => job.keyPrefix),
      messageJobs?.runAt?.toISOString() ?? null,
    ],
  );
  const stored = new Map(inserted.map((row) => [key(row.user_id, row.wamid), row]));
  return inbound.flatMap((row, i) => {
    const found = firsts[i] ? stored.get(key(row.userId, row.wamid)) : undefined;
    return found
      ? [{ userId: row.userId, conversationId: found.conversation_id, messageId: found.id, wamid: row.wamid }]
      : [];
  });
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
 * after another, in the order given, would have stored, with the jobs of each new message. A batch
 * of text messages takes two statements, whatever its size.
 */
export async function storeDeliveries(
  tx: Executor,
  deliveries: readonly DeliveryToStore[],
  messageJobs?: MessageJobs,
): Promise<StoredDeliveries> {
  const rows = rowsOf(deliveries);
  const owners = await ownersAndNewConversations(tx, deliveries, rows);
  const inbound = owned(rows.inbound, owners);
  const received = inbound.length > 0 ? await insertMessages(tx, inbound, messageJobs) : [];
  await applyReactions(tx, owned(rows.reactions, owners));
  await applyStatuses(tx, owned(rows.statuses, owners));
  return { received, ignored: ignoredChanges(deliveries, owners) };
}
