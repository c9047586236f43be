import type { Db } from '../../db/client';
import { recordMarketingPreference, type MarketingPreference } from '../whatsapp/consent';
import { isPhoneNumber } from '../whatsapp/customer-id';
import type { WebhookStatus, WebhookValue } from './payload';
import { BSUID_MAX_LENGTH, WA_ID_MAX_LENGTH } from './rows';

/**
 * What the webhook tells of a customer's consent to marketing messages (WHATSAPP.md §0):
 * - `user_preferences` (Meta's "user_preferences webhook reference", updated 2026-05-21,
 *   https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/user_preferences):
 *   `value.user_preferences: [{ wa_id, detail, category: 'marketing_messages', value: 'stop' | 'resume',
 *   timestamp }]`, the timestamp an integer of unix seconds. Since BSUIDs (Meta's "Business-scoped user IDs"
 *   page, updated 2026-11-05) an entry also names the customer's `user_id`, and a customer with a username
 *   may come with it alone. v23.0's OpenAPI file has neither this field nor its shape.
 * - a `failed` status with error 131050: Meta refused a marketing message because the customer stopped them.
 * Both are stored raw by webhook_store with the delivery; an entry of any other shape changes nothing.
 */

export const USER_PREFERENCES_FIELD = 'user_preferences';
export const MARKETING_CATEGORY = 'marketing_messages';
/** Meta's error for a marketing message to a customer who stopped them. */
export const MARKETING_STOPPED_CODE = 131050;

const UNIX_SECONDS = /^\d{1,12}$/;

function fits(id: unknown, maxLength: number): string | null {
  return typeof id === 'string' && id !== '' && id.length <= maxLength ? id : null;
}

/** Meta's unix seconds (a number, or digits in a string) as a time; null for anything else. */
export function unixTime(value: unknown): Date | null {
  const text = typeof value === 'number' && Number.isInteger(value) ? String(value) : value;
  return typeof text === 'string' && UNIX_SECONDS.test(text) ? new Date(Number(text) * 1000) : null;
}

/** The preferences a `user_preferences` value names, each for one customer; malformed entries are left out. */
export function preferencesOf(value: unknown): Omit<MarketingPreference, 'source'>[] {
  const entries = (value as { user_preferences?: unknown } | null)?.user_preferences;
  if (!Array.isArray(entries)) return [];
  return entries.flatMap((entry: Record<string, unknown> | null) => {
    if (typeof entry !== 'object' || entry === null || entry.category !== MARKETING_CATEGORY) return [];
    if (entry.value !== 'stop' && entry.value !== 'resume') return [];
    const phone = fits(entry.wa_id, WA_ID_MAX_LENGTH);
    const bsuid = fits(entry.user_id, BSUID_MAX_LENGTH);
    const changedAt = unixTime(entry.timestamp);
    const customer = bsuid ?? phone;
    if (!customer || !changedAt) return [];
    return [{ customer, phone, stopped: entry.value === 'stop', changedAt }];
  });
}

/** The owner of the business number a change came to; null when nobody connected it. */
async function ownerOf(db: Db, phoneNumberId: string): Promise<number | null> {
  const owner = await db.maybeOne<{ user_id: number }>(
    'select user_id from whatsapp_connections where phone_number_id = $1',
    [phoneNumberId],
  );
  return owner?.user_id ?? null;
}

/** Records each preference for the owner of the number it came to. */
export async function applyUserPreferences(db: Db, value: WebhookValue): Promise<void> {
  const phoneNumberId = value.metadata?.phone_number_id;
  const preferences = preferencesOf(value);
  if (!phoneNumberId || preferences.length === 0) return;
  const userId = await ownerOf(db, phoneNumberId);
  if (userId === null) return;
  for (const preference of preferences) {
    await recordMarketingPreference(db, userId, { ...preference, source: 'user_preferences' });
  }
}

/**
 * A failed status with 131050 tells that the customer stopped marketing messages, at the status's
 * time: the customer is found by the message that failed, which is the owner's.
 */
export async function applyMarketingRefusals(db: Db, value: WebhookValue): Promise<void> {
  const phoneNumberId = value.metadata?.phone_number_id;
  const refused = (value.statuses ?? []).filter(
    (status: WebhookStatus) =>
      status.status === 'failed' && status.errors?.some((error) => error?.code === MARKETING_STOPPED_CODE),
  );
  if (!phoneNumberId || refused.length === 0) return;
  const userId = await ownerOf(db, phoneNumberId);
  if (userId === null) return;
  for (const status of refused) {
    const changedAt = unixTime(status.timestamp);
    if (!changedAt) continue;
    const customer = await db.maybeOne<{ wa_id: string; bsuid: string | null }>(
      `select c.wa_id, c.bsuid from messages m join conversations c on c.id = m.conversation_id
        where m.user_id = $1 and m.wamid = $2 and c.user_id = $1`,
      [userId, status.id],
    );
    if (!customer) continue;
    const phone = isPhoneNumber(customer.wa_id) ? customer.wa_id : null;
    await recordMarketingPreference(db, userId, {
      customer: customer.bsuid ?? customer.wa_id,
      phone,
      stopped: true,
      changedAt,
      source: 'status_131050',
    });
  }
}
