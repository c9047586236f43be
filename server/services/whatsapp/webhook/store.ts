import type { Db, Statement } from '../../../db/client';
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

const key = (phoneNumberId: string, id: string) => `${phoneNumberId}|${id}`;

/** The owners of the numbers a statement's rows name, joined by `phone_number_id` as `o`. */
const OWNERS = 'join whatsapp_connections o on o.phone_number_id';

/**
 * The first statement: who owns the numbers named; the conversations that do not exist yet (in key
 * order, so that concurrent batches wait for each other in the same order); the raw events. Their
 * profile names and previews follow in `insertMessages`, so that each row is written once.
 */
function ownersAndNewConversations(
  deliveries: readonly DeliveryToStore[],
  rows: { inbound: readonly InboundRow[]; rawEvents: readonly RawEventRow[] },
): Statement {
  const numbers = [...new Set(deliveries.flatMap((delivery) => delivery.changes.map((c) => c.phoneNumberId)))];
  const conversations = new Map<string, InboundRow>();
  for (const row of rows.inbound) conversations.set(key(row.phoneNumberId, row.waId), row);
  const customers = [...conversations.values()];
  return {
    text: `with owners as (
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
    params: [
      numbers,
      customers.map((row) => row.phoneNumberId),
      customers.map((row) => row.waId),
      rows.rawEvents.map((row) => row.phoneNumberId),
      rows.rawEvents.map((row) => row.bodySha256),
      rows.rawEvents.map((row) => row.rawBody),
    ],
  };
}

/**
 * The jobs each new message asks for (its reply, its memories), queued by the statement that stores
 * it. Each job's payload is the message as the 'whatsapp.message-received' event tells it, its key
 * `keyPrefix` and the wamid, so that a duplicate delivery queues nothing.
 */
export interface MessageJobs {
  /**
   * Queued in this order for each message (jobs due together run in id order); a job with `types`
   * only for messages of those types, one marked `immediate` due at once whatever `runAt` says.
   */
  jobs: { name: string; keyPrefix: string; types?: readonly string[]; immediate?: boolean }[];
  /** Not before this time (default now). */
  runAt?: Date;
}

/**
 * One statement: inserts each wamid once (the first delivery of it wins), queues the jobs of the
 * new ones, and brings each conversation a message came to up to date: the newest profile name
 * given, and after its new messages the preview, times and unread count. The preview is the
 * last-arrived of the newest new messages, and only when nothing newer is stored already: a retried
 * older message must not replace the preview of a newer one; a new message reopens a conversation
 * marked done. Rows of numbers nobody owns join no
 * owner and write nothing. Answers the new messages, with their place among the rows given.
 */
function insertMessages(inbound: readonly InboundRow[], messageJobs: MessageJobs | undefined): Statement {
  // Every row names its conversation and may rename it; only the first of a wamid may be stored.
  const seen = new Set<string>();
  const firsts = inbound.map((row) => {
    const message = key(row.phoneNumberId, row.wamid);
    if (seen.has(message)) return false;
    seen.add(message);
    return true;
  });
  const jobs = messageJobs?.jobs ?? [];
  return {
    text: `with u as (
       select o.user_id, u.* from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[],
                                        $7::text[], $8::double precision[], $9::text[], $10::boolean[]) with ordinality
              as u(phone_number_id, wa_id, wamid, type, body, raw, in_reply_to, sent_at, profile_name, first, position)
         ${OWNERS} = u.phone_number_id
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
       select a.*, u.position, u.type from added a join u on u.user_id = a.user_id and u.wamid = a.wamid and u.first
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
          done_at = case when t.added > 0 then null else c.done_at end,
          updated_at = now()
        from touch t
        where c.user_id = t.user_id and c.wa_id = t.wa_id
     ), queued as (
       insert into jobs (name, payload, key, run_at, queue)
       select j.name, ${RECEIVED_MESSAGE_JSON},
              j.key_prefix || a.wamid, case when j.immediate then now() else coalesce($13::timestamptz, now()) end,
              'conversation:' || a.conversation_id
         from arrived a cross join unnest($11::text[], $12::text[], $14::text[], $15::boolean[]) with ordinality
              as j(name, key_prefix, types, immediate, position)
        where j.types is null or a.type = any(string_to_array(j.types, ','))
        order by a.position, j.position
       on conflict (key) do nothing
     )
     select id, user_id, wamid, conversation_id, position from arrived order by position`,
    params: [
      inbound.map((row) => row.phoneNumberId),
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
      jobs.map((job) => job.types?.join(',') ?? null),
      jobs.map((job) => job.immediate ?? false),
    ],
  };
}

/**
 * A reaction attaches to the message it reacts to, keyed by who reacted; an empty emoji takes it
 * back (kept as null with its time, so that an older retried reaction cannot come back). One
 * statement per round.
 */
function applyReactions(reactions: readonly ReactionRow[]): Statement[] {
  return inRounds(reactions, (r) => key(r.phoneNumberId, r.wamid)).map((round) => ({
    text: `update messages m set
          reactions = jsonb_set(m.reactions, array[r.reactor], jsonb_build_object('emoji', r.emoji, 'timestamp', r.ts)),
          updated_at = now()
        from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::bigint[]) as r(phone_number_id, wamid, reactor, emoji, ts)
        ${OWNERS} = r.phone_number_id
        where m.user_id = o.user_id and m.wamid = r.wamid
          and coalesce((m.reactions -> r.reactor ->> 'timestamp')::bigint, 0) <= r.ts`,
    params: [
      round.map((r) => r.phoneNumberId),
      round.map((r) => r.wamid),
      round.map((r) => r.reactor),
      round.map((r) => r.emoji),
      round.map((r) => r.timestamp),
    ],
  }));
}

/**
 * Moves our outgoing messages forward (sent < delivered < read), never back: statuses arrive out
 * of order. `failed` applies only before delivery. Several statuses of one message apply in the
 * order they arrived, one round (statement) each.
 */
function applyStatuses(statuses: readonly StatusRow[]): Statement[] {
  return inRounds(statuses, (s) => key(s.phoneNumberId, s.wamid)).map((round) => ({
    text: `update messages m set
          status = s.status,
          status_error = s.error,
          status_error_code = s.code,
          updated_at = now()
        from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[]) as s(phone_number_id, wamid, status, error, code)
        ${OWNERS} = s.phone_number_id
        where m.user_id = o.user_id and m.wamid = s.wamid and m.direction = 'outbound'
          and case when s.status = 'failed' then m.status in ('pending', 'sent')
                   else m.status <> 'failed'
                    and array_position($6::text[], m.status) < array_position($6::text[], s.status) end`,
    params: [
      round.map((s) => s.phoneNumberId),
      round.map((s) => s.wamid),
      round.map((s) => s.status),
      round.map((s) => s.error),
      round.map((s) => s.errorCode),
      FORWARD_ORDER,
    ],
  }));
}

/**
 * Stores the deliveries in one transaction: the result is what storing them one after another, in
 * the order given, would have stored, with the jobs of each new message. No statement needs an
 * answer of the one before, so the whole transaction is one round trip to the database; a batch of
 * text messages takes two statements, whatever its size.
 */
export async function storeDeliveries(
  db: Db,
  deliveries: readonly DeliveryToStore[],
  messageJobs?: MessageJobs,
): Promise<StoredDeliveries> {
  const rows = rowsOf(deliveries);
  if (!deliveries.some((delivery) => delivery.changes.length > 0)) {
    return { received: [], ignored: ignoredChanges(deliveries, new Map()) };
  }
  const withMessages = rows.inbound.length > 0;
  const [owners, inserted = []] = await db.batch([
    ownersAndNewConversations(deliveries, rows),
    ...(withMessages ? [insertMessages(rows.inbound, messageJobs)] : []),
    ...applyReactions(rows.reactions),
    ...applyStatuses(rows.statuses),
  ]);
  const received = withMessages
    ? (inserted as { id: number; user_id: number; wamid: string; conversation_id: number }[]).map((row) => ({
        userId: row.user_id,
        conversationId: row.conversation_id,
        messageId: row.id,
        wamid: row.wamid,
      }))
    : [];
  const ownerOf = new Map(
    (owners as { phone_number_id: string; user_id: number }[]).map((row) => [row.phone_number_id, row.user_id]),
  );
  return { received, ignored: ignoredChanges(deliveries, ownerOf) };
}
