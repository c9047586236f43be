import { parsePhoneNumberFromString } from 'libphonenumber-js';

/**
 * A number as people read it, in the international format: '+15550894823' → '+1 555 089 4823'.
 * What cannot be a number of its country (too short, too long) stays as it came, digits together.
 */
export function formatPhone(e164: string): string {
  const parsed = parsePhoneNumberFromString(e164);
  return parsed?.isPossible() ? parsed.formatInternational() : e164;
}
