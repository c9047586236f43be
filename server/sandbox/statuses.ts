import crypto from 'node:crypto';
import type { Db } from '../db/client';
import { bsuidOf } from './graph/ids';
import { SERVICE_WINDOW_HOURS } from './graph/window';
import {
  statusPayload,
  type BusinessNumber,
  type SandboxWebhooks,
  type StatusError,
  type StatusName,
  type StatusPricing,
  type StatusUpdate,
} from './webhooks';

/**
 * The life of a message the business sends through the simulator, told back by status webhooks:
 * `sent` as soon as the send has been answered, `delivered` a moment later, `read` when the
 * customer's phone shows it (once per message); `sent` and `delivered` tell what it cost.
 */

/** After the send's answer has gone out, so that our app has stored the message it names. */
export const SENT_DELAY_MS = 100;
export const DELIVERED_DELAY_MS = { min: 300, max: 800 };

function unixSeconds(date: Date): string {
  return String(Math.floor(date.getTime() / 1000));
}

interface ConversationWindow {
  id: string;
  /** Unix seconds: 24 hours after the customer's latest message opened the window. */
  expiresAt: string;
}

async function conversationOf(db: Db, number: BusinessNumber, waId: string): Promise<ConversationWindow> {
  const row = await db.maybeOne<{ opened_at: Date | null }>(
    `select max(created_at) as opened_at from sandbox_messages
      where phone_number_id = $1 and wa_id = $2 and direction = 'inbound'`,
    [number.id, waId],
  );
  const openedAt = row?.opened_at ?? new Date();
  const id = crypto.createHash('sha256').update(`${number.id}:${waId}:${openedAt.getTime()}`).digest('hex');
  return {
    id: id.slice(0, 32),
    expiresAt: unixSeconds(new Date(openedAt.getTime() + SERVICE_WINDOW_HOURS * 3_600_000)),
  };
}

/** What the sandbox kept of one of the business's messages: its pricing, and how it named the customer. */
export interface SentMessage {
  pricing: StatusPricing | null;
  /** Sent to the BSUID alone (`recipient`): the number is not shown, so statuses carry no `recipient_id`. */
  byBsuid: boolean;
}

async function sentMessage(db: Db, wamid: string): Promise<SentMessage> {
  const row = await db.maybeOne<{ pricing: StatusPricing | null; by_bsuid: boolean }>(
    'select pricing, by_bsuid from sandbox_messages where wamid = $1',
    [wamid],
  );
  return { pricing: row?.pricing ?? null, byBsuid: row?.by_bsuid ?? false };
}

/**
 * One status as Meta's webhooks write it: `recipient_user_id` always, `recipient_id` only when the
 * customer's number is known (Meta's "Business-scoped user IDs" page, updated 2026-11-05); `sent` and
 * `delivered` carry the conversation and the message's pricing (per message since 2025-07-01: Meta's
 * "Status messages webhook reference", updated 2026-05-21), `read` neither.
 */
export function statusUpdate(
  status: StatusName,
  wamid: string,
  waId: string,
  sent: SentMessage,
  conversation?: ConversationWindow,
): StatusUpdate {
  const update: StatusUpdate = {
    id: wamid,
    status,
    timestamp: unixSeconds(new Date()),
    ...(sent.byBsuid ? {} : { recipient_id: waId }),
    recipient_user_id: bsuidOf(waId),
  };
  if (status === 'read' || status === 'failed' || !conversation) return update;
  return {
    ...update,
    conversation: {
      id: conversation.id,
      ...(status === 'sent' ? { expiration_timestamp: conversation.expiresAt } : {}),
      origin: { type: sent.pricing?.category ?? 'service' },
    },
    ...(sent.pricing ? { pricing: sent.pricing } : {}),
  };
}

/**
 * The business sent `wamid` to `waId`: `sent` right after the answer, `delivered` shortly after; or,
 * for a send Meta accepts and then refuses (a marketing template to a customer who stopped them),
 * only `failed` with its error.
 */
export function businessMessageSent(
  webhooks: SandboxWebhooks,
  db: Db,
  number: BusinessNumber,
  wamid: string,
  waId: string,
  failure?: StatusError,
): void {
  if (failure) {
    webhooks.later(SENT_DELAY_MS, async () => {
      await webhooks.send(
        number,
        statusPayload(number, [
          { ...statusUpdate('failed', wamid, waId, { pricing: null, byBsuid: false }), errors: [failure] },
        ]),
      );
    });
    return;
  }
  const deliveredDelay = SENT_DELAY_MS + crypto.randomInt(DELIVERED_DELAY_MS.min, DELIVERED_DELAY_MS.max + 1);
  webhooks.later(SENT_DELAY_MS, async () => {
    const conversation = await conversationOf(db, number, waId);
    const sent = await sentMessage(db, wamid);
    await webhooks.send(number, statusPayload(number, [statusUpdate('sent', wamid, waId, sent, conversation)]));
  });
  webhooks.later(deliveredDelay, async () => {
    await db.query('update sandbox_messages set delivered_at = coalesce(delivered_at, now()) where wamid = $1', [
      wamid,
    ]);
    const conversation = await conversationOf(db, number, waId);
    const sent = await sentMessage(db, wamid);
    await webhooks.send(number, statusPayload(number, [statusUpdate('delivered', wamid, waId, sent, conversation)]));
  });
}

/**
 * The customer's phone showed the thread: the business's messages not read yet become read, each
 * exactly once (one update claims them), and their `read` statuses go out together.
 */
export async function customerReadThread(
  webhooks: SandboxWebhooks,
  db: Db,
  number: BusinessNumber,
  waId: string,
  since: Date,
): Promise<string[]> {
  const read = await db.query<{ wamid: string; by_bsuid: boolean }>(
    `update sandbox_messages set read_at = now()
      where phone_number_id = $1 and wa_id = $2 and direction = 'outbound' and read_at is null and created_at >= $3
      returning wamid, by_bsuid`,
    [number.id, waId, since],
  );
  if (read.length > 0) {
    webhooks.later(0, async () => {
      await webhooks.send(
        number,
        statusPayload(
          number,
          read.map((row) => statusUpdate('read', row.wamid, waId, { pricing: null, byBsuid: row.by_bsuid })),
        ),
      );
    });
  }
  return read.map((row) => row.wamid);
}
