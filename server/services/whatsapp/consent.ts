import type { Db, Executor } from '../../db/client';

/**
 * Whether a customer takes marketing messages (issue 28, item 7; migration 0053). A customer stops or
 * resumes them in WhatsApp and Meta tells us with the `user_preferences` webhook; a marketing template
 * sent to one who stopped fails with 131050 (Meta's "WhatsApp error codes" page,
 * https://developers.facebook.com/documentation/business-messaging/whatsapp/support/error-codes).
 * The preference is kept per customer, by BSUID when Meta names one, else by phone number, whether
 * or not they have a conversation yet; the newest by Meta's time wins.
 */

export type PreferenceSource = 'user_preferences' | 'status_131050';

export interface MarketingPreference {
  /** The customer's BSUID, or their phone number when Meta named no BSUID. */
  customer: string;
  /** The phone number, when Meta named it. */
  phone: string | null;
  stopped: boolean;
  /** Meta's time of the change. */
  changedAt: Date;
  source: PreferenceSource;
}

/**
 * When the customer of `conversations` (the table, unaliased) stopped marketing messages; null when
 * they take them (never stopped, or resumed since). Their newest preference, by BSUID or by number.
 */
export const MARKETING_STOPPED_AT = `(select case when p.stopped then p.changed_at end
     from (select m.stopped, m.changed_at from marketing_preferences m
            where m.user_id = conversations.user_id and m.customer = conversations.bsuid
           union all
           select m.stopped, m.changed_at from marketing_preferences m
            where m.user_id = conversations.user_id and m.phone = conversations.wa_id) p
    order by p.changed_at desc limit 1)`;

/**
 * Records the owner's customer's preference unless a newer one is known (a retried or late delivery
 * changes nothing), and tells the customer's conversation, if any, that it changed: the list's
 * version moves (its ETag) and open tabs hear `conversation.changed`. Answers whether it was recorded.
 */
export async function recordMarketingPreference(
  db: Db,
  userId: number,
  preference: MarketingPreference,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const recorded = await tx.maybeOne(
      `insert into marketing_preferences as p (user_id, customer, phone, stopped, changed_at, source)
       values ($1, $2, $3, $4, $5, $6)
       on conflict (user_id, customer) do update set
         phone = coalesce(excluded.phone, p.phone), stopped = excluded.stopped, changed_at = excluded.changed_at,
         source = excluded.source, updated_at = now()
       where excluded.changed_at > p.changed_at
       returning id`,
      [
        userId,
        preference.customer,
        preference.phone,
        preference.stopped,
        preference.changedAt.toISOString(),
        preference.source,
      ],
    );
    if (!recorded) return false;
    await tx.query(
      `with touched as (
         update conversations set updated_at = now()
          where user_id = $1 and (bsuid = $2 or wa_id = $2 or wa_id = $3)
          returning user_id, wa_id)
       select live_notify(user_id, 'conversation.changed', jsonb_build_object('c', conversation_public_id(wa_id)))
         from touched`,
      [userId, preference.customer, preference.phone],
    );
    return true;
  });
}

/** When the customer of the owner's conversation stopped marketing messages; null when they take them. */
export async function marketingStoppedAt(db: Executor, userId: number, conversationId: number): Promise<Date | null> {
  const row = await db.maybeOne<{ stopped_at: Date | null }>(
    `select ${MARKETING_STOPPED_AT} as stopped_at from conversations where user_id = $1 and id = $2`,
    [userId, conversationId],
  );
  return row?.stopped_at ?? null;
}
