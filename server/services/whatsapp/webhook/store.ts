import type { Executor } from '../../../db/client';
import type { WebhookMessage, WebhookStatus } from './payload';
import { readableBody, readableFailure } from './readable';

/**
 * What a webhook changes in the owner's inbox. Every write is idempotent, so a retried or parallel
 * delivery changes nothing twice: messages are unique per wamid (insert … on conflict do nothing),
 * reactions keep the newest per customer, statuses only move forward.
 */

export interface StoredInbound {
  conversationId: number;
  messageId: number;
  wamid: string;
}

export async function keepRawEvent(db: Executor, userId: number, bodySha256: string, rawBody: string) {
  await db.query(
    `insert into webhook_events (user_id, body_sha256, raw_body) values ($1, $2, $3)
     on conflict (user_id, body_sha256) do nothing`,
    [userId, bodySha256, rawBody],
  );
}

/** Stores a customer's message once; undefined when this wamid was already stored. */
export async function storeInbound(
  db: Executor,
  userId: number,
  message: WebhookMessage,
  profileName: string | undefined,
): Promise<StoredInbound | undefined> {
  const sentAt = Number(message.timestamp);
  const body = readableBody(message);
  const conversation = await db.one<{ id: number }>(
    `insert into conversations (user_id, wa_id, profile_name) values ($1, $2, $3)
     on conflict (user_id, wa_id) do update
       set profile_name = coalesce(excluded.profile_name, conversations.profile_name), updated_at = now()
     returning id`,
    [userId, message.from, profileName ?? null],
  );
  const inserted = await db.maybeOne<{ id: number }>(
    `insert into messages
       (user_id, conversation_id, wamid, direction, sender, type, body, raw, in_reply_to, status, sent_at)
     values ($1, $2, $3, 'inbound', 'customer', $4, $5, $6::jsonb, $7, 'received', to_timestamp($8::double precision))
     on conflict (user_id, wamid) do nothing
     returning id`,
    [
      userId,
      conversation.id,
      message.id,
      message.type,
      body,
      JSON.stringify(message),
      message.context?.id ?? null,
      sentAt,
    ],
  );
  if (!inserted) return undefined;
  // A retried older message must not replace the preview of a newer one.
  await db.query(
    `update conversations set
        last_message_preview = case when last_message_at is null or last_message_at <= to_timestamp($2::double precision)
                                    then $3 else last_message_preview end,
        last_message_at = greatest(last_message_at, to_timestamp($2::double precision)),
        last_inbound_at = greatest(last_inbound_at, to_timestamp($2::double precision)),
        unread_count = unread_count + 1,
        updated_at = now()
      where id = $1`,
    [conversation.id, sentAt, body],
  );
  return { conversationId: conversation.id, messageId: inserted.id, wamid: message.id };
}

/**
 * A reaction attaches to the message it reacts to, keyed by who reacted; an empty emoji takes it
 * back (kept as null with its time, so that an older retried reaction cannot come back).
 */
export async function applyReaction(db: Executor, userId: number, message: WebhookMessage): Promise<boolean> {
  const reaction = (message.reaction ?? {}) as { message_id?: unknown; emoji?: unknown };
  if (typeof reaction.message_id !== 'string') return false;
  const emoji = typeof reaction.emoji === 'string' && reaction.emoji !== '' ? reaction.emoji : null;
  const rows = await db.query(
    `update messages set
        reactions = jsonb_set(reactions, array[$3::text], jsonb_build_object('emoji', $4::text, 'timestamp', $5::bigint)),
        updated_at = now()
      where user_id = $1 and wamid = $2
        and coalesce((reactions -> $3::text ->> 'timestamp')::bigint, 0) <= $5::bigint
      returning id`,
    [userId, reaction.message_id, message.from, emoji, Number(message.timestamp)],
  );
  return rows.length > 0;
}

const FORWARD_ORDER = ['pending', 'sent', 'delivered', 'read'];

/**
 * Moves one of our outgoing messages forward (sent < delivered < read), never back: statuses
 * arrive out of order. `failed` applies only before delivery and keeps the reason in plain words.
 */
export async function applyStatus(db: Executor, userId: number, status: WebhookStatus): Promise<boolean> {
  const failed = status.status === 'failed';
  const error = failed ? status.errors?.[0] : undefined;
  const rows = await db.query(
    `update messages set
        status = $3,
        status_error = $4,
        status_error_code = $5,
        updated_at = now()
      where user_id = $1 and wamid = $2 and direction = 'outbound'
        and case when $3 = 'failed' then status in ('pending', 'sent')
                 else status <> 'failed'
                  and array_position($6::text[], status) < array_position($6::text[], $3::text) end
      returning id`,
    [
      userId,
      status.id,
      status.status,
      failed ? readableFailure(error) : null,
      failed ? (error?.code ?? null) : null,
      FORWARD_ORDER,
    ],
  );
  return rows.length > 0;
}
