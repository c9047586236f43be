/**
 * Plain words for the send failures an owner can act on, by Meta's error code, whether Graph answered
 * the send with it or a `failed` status brought it later (Meta's "WhatsApp error codes" page,
 * https://developers.facebook.com/documentation/business-messaging/whatsapp/support/error-codes).
 * A code not listed keeps Meta's own explanation.
 */
export const PLAIN_FAILURES: Readonly<Record<number, string>> = {
  131047: 'More than 24 hours have passed since the customer last wrote, so only a template message can reach them.',
  130429: 'Too many messages were sent at once; it was not delivered. Try again in a moment.',
  131056: 'Too many messages were sent to this customer in a short time; it was not delivered.',
  131026: 'The message could not be delivered to this number (it may not use WhatsApp).',
  // Meta: "This message was not delivered to maintain healthy ecosystem engagement": a per-customer limit on
  // marketing messages (and, since 2025-04-01, every marketing message to a US number).
  131049:
    'WhatsApp did not deliver this marketing message, to keep customers from receiving too many. Try again later, or use a utility template if the message is about an order or account.',
  // Meta: "This recipient has chosen to stop receiving marketing messages on WhatsApp from your business."
  131050:
    'The customer stopped marketing messages from this business in WhatsApp, so marketing templates cannot reach them. Utility templates and replies still can.',
};

/** The plain words for a Meta error code; undefined when it has none. */
export function plainFailure(code: number | undefined): string | undefined {
  return code === undefined ? undefined : PLAIN_FAILURES[code];
}
