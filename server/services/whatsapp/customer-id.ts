/**
 * How a customer is named (issue 28, WHATSAPP.md §0). A conversation's `wa_id` is the customer's phone
 * number in digits, or, for a customer first met with the number hidden (a WhatsApp username), their
 * business-scoped user ID (BSUID: a country code, a dot, up to 128 alphanumerics, e.g.
 * `BR.1502576394655843`; a parent one `US.ENT.11815799212886844830`). The dot tells them apart.
 */

const PHONE_NUMBER = /^[0-9]{1,20}$/;
export const BSUID = /^[A-Z]{2}(?:\.ENT)?\.[A-Za-z0-9]{1,128}$/;

export function isPhoneNumber(waId: string): boolean {
  return PHONE_NUMBER.test(waId);
}

/**
 * Whom a send is addressed to: `recipient` with a BSUID, else `to` with the phone number (Meta's
 * "Business-scoped user IDs" page, updated 2026-11-05: "recipient" takes a BSUID or a parent BSUID;
 * if both are given `to` wins; v23.0's OpenAPI file predates it).
 */
export function addressee(waId: string): { to: string } | { recipient: string } {
  return BSUID.test(waId) ? { recipient: waId } : { to: waId };
}

/**
 * Where a conversation's sends go (the `to` of a send, which `addressee` turns into `to` or `recipient`):
 * its number, or its BSUID when it has none or when the customer changed their number since, as the
 * number the conversation was opened with may be someone else's by now.
 */
export function sendingAddress(conversation: { wa_id: string; bsuid: string | null; number_changed: boolean }) {
  return conversation.number_changed && conversation.bsuid ? conversation.bsuid : conversation.wa_id;
}
