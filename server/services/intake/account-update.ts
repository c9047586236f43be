import type { WhatsAppDeps } from '../whatsapp/deps';
import { completeSignupsOfWaba } from '../whatsapp/signup';

/**
 * The `account_update` webhook (Meta's "account_update webhook reference",
 * https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/account_update):
 * with Embedded Signup v4, `event: 'PARTNER_ADDED'` and `waba_info: { waba_id, owner_business_id }` tell
 * that a business shared its WABA with our app. Other events of this field are kept as raw events only.
 */

export const ACCOUNT_UPDATE_FIELD = 'account_update';
export const PARTNER_ADDED = 'PARTNER_ADDED';

/** The WABA a PARTNER_ADDED names, or null for any other account_update. */
export function partnerAddedWaba(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return null;
  const { event, waba_info: wabaInfo } = value as { event?: unknown; waba_info?: { waba_id?: unknown } | null };
  if (event !== PARTNER_ADDED) return null;
  const wabaId = wabaInfo?.waba_id;
  return typeof wabaId === 'string' && wabaId !== '' ? wabaId : null;
}

/** Completes the signups owners started for the WABA; one nobody started is logged and ignored. */
export async function applyAccountUpdate(deps: WhatsAppDeps, value: unknown): Promise<void> {
  const wabaId = partnerAddedWaba(value);
  if (wabaId === null) return;
  const completed = await completeSignupsOfWaba(deps, wabaId);
  if (completed === 0) deps.log.info({ wabaId }, 'whatsapp webhook: PARTNER_ADDED completes no open signup, ignored');
}
