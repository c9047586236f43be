/** The webhooks' shapes, as Meta writes them (WHATSAPP.md §3). */

/** The business number a webhook concerns, as the simulator keeps it. */
export interface BusinessNumber {
  id: string;
  waba_id: string;
  /** Digits only; webhooks' `metadata.display_phone_number` is written that way. */
  phone_number: string;
}

export interface InboundText {
  wamid: string;
  /** The customer's wa_id (digits). */
  from: string;
  /** The customer's WhatsApp profile name. */
  name: string;
  /** The customer's username when they write with their number hidden: the webhook then names no number. */
  username?: string;
  /** Unix seconds. */
  timestamp: string;
  text: string;
  /** The message the customer quoted: its sender's number and its wamid. */
  context?: { from: string; id: string };
}

export type StatusName = 'sent' | 'delivered' | 'read' | 'failed';

/** A `failed` status's reason, as Meta writes it (WHATSAPP.md §3). */
export interface StatusError {
  code: number;
  title: string;
  message: string;
  error_data: { details: string };
}

export interface StatusUpdate {
  id: string;
  status: StatusName;
  timestamp: string;
  /** Only when the customer's number is known (WHATSAPP.md §0). */
  recipient_id?: string;
  recipient_user_id: string;
  conversation?: { id: string; expiration_timestamp?: string; origin: { type: string } };
  pricing?: StatusPricing;
  errors?: StatusError[];
}

/**
 * A status's `pricing` as Meta writes it since per-message pricing (2025-07-01): `pricing_model` "PMP",
 * `category` the template's (or `service` for a free-form message), `type` why it was free or `regular`
 * (Meta's "Pricing updates on the WhatsApp Business Platform",
 * https://developers.facebook.com/docs/whatsapp/pricing/updates-to-pricing; v23.0's OpenAPI file lacks `type`).
 */
export interface StatusPricing {
  billable: boolean;
  pricing_model: 'CBP' | 'PMP';
  category: string;
  type: string;
}

export interface MessagesValue {
  messaging_product: 'whatsapp';
  metadata: { display_phone_number: string; phone_number_id: string };
  contacts?: { profile: { name: string; username?: string }; wa_id?: string; user_id: string }[];
  messages?: Record<string, unknown>[];
  statuses?: StatusUpdate[];
}

/** `message_template_status_update`: a template's review outcome (not in Meta's OpenAPI file; Meta's webhook reference). */
export interface TemplateStatusValue {
  event: 'APPROVED' | 'REJECTED' | 'PENDING' | 'DISABLED' | 'PAUSED';
  message_template_id: number;
  message_template_name: string;
  message_template_language: string;
  /** 'NONE' unless rejected, e.g. 'INVALID_FORMAT'. */
  reason: string;
}

/**
 * `account_update` with `PARTNER_ADDED`: a business shared its WABA with the app through Embedded Signup v4
 * (Meta's "account_update webhook reference",
 * https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/account_update).
 */
export interface AccountUpdateValue {
  event: 'PARTNER_ADDED';
  waba_info: { waba_id: string; owner_business_id: string };
}

/**
 * `user_preferences`: a customer stopped or resumed marketing messages (Meta's "user_preferences webhook
 * reference", updated 2026-05-21; not in v23.0's OpenAPI file). The number (`wa_id`) only when the
 * customer shows it, the business-scoped user ID always (Meta's "Business-scoped user IDs" page).
 */
export interface UserPreferencesValue {
  messaging_product: 'whatsapp';
  metadata: { display_phone_number: string; phone_number_id: string };
  contacts: { profile: { name: string; username?: string }; wa_id?: string; user_id: string }[];
  user_preferences: {
    wa_id?: string;
    user_id: string;
    detail: string;
    category: 'marketing_messages';
    value: 'stop' | 'resume';
    timestamp: number;
  }[];
}

export type WebhookChange =
  | { value: MessagesValue; field: 'messages' }
  | { value: UserPreferencesValue; field: 'user_preferences' }
  | { value: TemplateStatusValue; field: 'message_template_status_update' }
  | { value: AccountUpdateValue; field: 'account_update' };

export interface WebhookPayload {
  object: 'whatsapp_business_account';
  entry: { id: string; time?: number; changes: WebhookChange[] }[];
}
