import { parsePhoneNumberFromString } from 'libphonenumber-js';

/* Customers' numbers as people read them, in the inbox, the notices and the pushes. */

/**
 * A number as people read it, in the international format: '+15550894823' → '+1 555 089 4823'.
 * What cannot be a number of its country (too short, too long) stays as it came, digits together.
 */
export function formatPhone(e164: string): string {
  const parsed = parsePhoneNumberFromString(e164);
  return parsed?.isPossible() ? parsed.formatInternational() : e164;
}

/**
 * A customer's WhatsApp id as people read it: a number ('15550894823', digits only) formatted as one; a
 * BSUID (a customer with a username, whose number is hidden) as it came.
 */
export function formatWaId(waId: string): string {
  return /^\d{6,15}$/.test(waId) ? formatPhone(`+${waId}`) : waId;
}
