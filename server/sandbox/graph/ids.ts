import crypto from 'node:crypto';

/** Meta's ids are numeric strings (WABA-ID and Phone-Number-ID match ^[0-9]+$); ours have 15 digits. */
export function graphId(): string {
  const random = BigInt(`0x${crypto.randomBytes(8).toString('hex')}`);
  return (10n ** 14n + (random % (9n * 10n ** 14n))).toString();
}

export function wamid(): string {
  return `wamid.${crypto.randomBytes(24).toString('base64')}`;
}

/** A phone number as WhatsApp ids it: digits only, no '+'. */
export function digitsOf(phoneNumber: string): string {
  return phoneNumber.replace(/\D/g, '');
}

/** The way Graph shows a number: '+1 555-555-5555' for North America, else '+' and the digits. */
export function displayPhoneNumber(digits: string): string {
  const nanp = /^1(\d{3})(\d{3})(\d{4})$/.exec(digits);
  return nanp ? `+1 ${nanp[1]}-${nanp[2]}-${nanp[3]}` : `+${digits}`;
}

/**
 * The sandbox customer's business-scoped user ID, stable for their number: a country code, a dot and
 * digits, as Meta's look (`US.13491208655302741918`, WHATSAPP.md §0).
 */
export function bsuidOf(waId: string): string {
  const digest = crypto.createHash('sha256').update(`sandbox-bsuid|${waId}`).digest('hex');
  return `US.${BigInt(`0x${digest.slice(0, 16)}`).toString()}`;
}
