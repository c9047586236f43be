import type { Db, Executor } from '../../db/client';
import { checkSubscription, type SubscriptionInput } from './subscription-rules';

/** Devices one member may have subscribed; one more replaces the one longest without a delivered push. */
export const MAX_SUBSCRIPTIONS_PER_USER = 20;

/** A stored subscription, as the sender needs it. */
export type StoredSubscription = {
  id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
};

export interface SubscribeResult {
  /** False when the caller had this endpoint already (its keys refreshed). */
  created: boolean;
}

/**
 * Keeps a browser's subscription for the member. An endpoint another member subscribed (the same browser,
 * someone else signed in) moves to this one: a device rings for whoever last turned it on.
 */
export async function subscribe(
  db: Db,
  userId: number,
  input: SubscriptionInput,
  userAgent: string | undefined,
  allowHosts: readonly string[],
): Promise<SubscribeResult> {
  checkSubscription(input, allowHosts);
  const expiresAt = typeof input.expirationTime === 'number' ? new Date(input.expirationTime).toISOString() : null;
  return db.transaction(async (tx) => {
    const known = await tx.maybeOne<{ user_id: number }>(
      'select user_id from push_subscriptions where endpoint = $1 for update',
      [input.endpoint],
    );
    await tx.query(
      `insert into push_subscriptions (user_id, endpoint, p256dh, auth, expires_at, user_agent)
       values ($1, $2, $3, $4, $5, $6)
       on conflict (endpoint) do update
         set user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth,
             expires_at = excluded.expires_at, user_agent = excluded.user_agent, failures = 0`,
      [userId, input.endpoint, input.keys.p256dh, input.keys.auth, expiresAt, userAgent?.slice(0, 500) ?? null],
    );
    await tx.query(
      `delete from push_subscriptions where id in (
         select id from push_subscriptions where user_id = $1
          order by coalesce(last_success_at, created_at) desc, id desc offset $2)`,
      [userId, MAX_SUBSCRIPTIONS_PER_USER],
    );
    return { created: known === undefined || Number(known.user_id) !== userId };
  });
}

/** Forgets the caller's subscription of this endpoint (another member's stays); nothing to forget is fine. */
export async function unsubscribe(db: Executor, userId: number, endpoint: string): Promise<void> {
  await db.query('delete from push_subscriptions where user_id = $1 and endpoint = $2', [userId, endpoint]);
}

export async function subscriptionsOf(db: Executor, userId: number): Promise<StoredSubscription[]> {
  return db.query<StoredSubscription>(
    'select id, endpoint, p256dh, auth from push_subscriptions where user_id = $1 order by id',
    [userId],
  );
}

/** The push service took the message. */
export async function deliveryRecorded(db: Executor, userId: number, id: number): Promise<void> {
  await db.query('update push_subscriptions set last_success_at = now(), failures = 0 where id = $1 and user_id = $2', [
    id,
    userId,
  ]);
}

export async function failureRecorded(db: Executor, userId: number, id: number): Promise<void> {
  await db.query('update push_subscriptions set failures = failures + 1 where id = $1 and user_id = $2', [id, userId]);
}

/** The push service says the subscription is no more (404, 410): the browser unsubscribed or expired it. */
export async function subscriptionGone(db: Executor, userId: number, id: number): Promise<void> {
  await db.query('delete from push_subscriptions where id = $1 and user_id = $2', [id, userId]);
}
