import { Type, type Static } from 'typebox';

/** GET /whatsapp/status (authenticated); `sandbox` while no Meta app is configured (the header then says so). */
export const WhatsAppStatus = Type.Object({ isConnected: Type.Boolean(), sandbox: Type.Boolean() });
export type WhatsAppStatus = Static<typeof WhatsAppStatus>;

/**
 * GET /whatsapp/embedded-signup: what the SPA needs to run Embedded Signup. In the sandbox the SDK
 * is our stand-in and the only trusted origin is our own; in production Facebook's SDK and origins.
 */
export const EmbeddedSignupConfig = Type.Object({
  app_id: Type.String(),
  config_id: Type.String(),
  graph_version: Type.String(),
  sdk_url: Type.String(),
  trusted_origins: Type.Array(Type.String()),
  sandbox: Type.Boolean(),
});
export type EmbeddedSignupConfig = Static<typeof EmbeddedSignupConfig>;

/**
 * POST /whatsapp/exchange-token: the code from FB.login and the FINISH data of the popup. Without
 * `phone_number_id` (Embedded Signup v4 lets a business finish with no number) the WABA is connected alone.
 */
export const ExchangeTokenBody = Type.Object({
  code: Type.String(),
  waba_id: Type.String(),
  phone_number_id: Type.Optional(Type.String()),
  phone_number: Type.Optional(Type.String()),
});
export type ExchangeTokenBody = Static<typeof ExchangeTokenBody>;

/** The business token never leaves the server: the SPA gets an opaque, short-lived reference to it. */
export const ExchangeTokenResponse = Type.Object({ business_token: Type.String() });
export type ExchangeTokenResponse = Static<typeof ExchangeTokenResponse>;

/** POST /whatsapp/embedded-signup: saves the connection the exchange prepared. */
export const SaveConnectionBody = Type.Object({
  waba_id: Type.String(),
  phone_number_id: Type.Optional(Type.String()),
  /** SPEC.md §3: 'TBD' when the provider gives none. */
  phone_number: Type.String(),
  business_token: Type.String(),
});
export type SaveConnectionBody = Static<typeof SaveConnectionBody>;

export const ConnectionStatusValue = Type.Union([
  Type.Literal('active'),
  Type.Literal('needs_reconnection'),
  Type.Literal('disconnected'),
]);

/** GET /whatsapp/config (404 when not connected); `phone_number_id` null: a WABA connected without a number. */
export const MessagingConfig = Type.Object({
  status: ConnectionStatusValue,
  waba_id: Type.String(),
  phone_number_id: Type.Union([Type.String(), Type.Null()]),
  phone_number: Type.String(),
  created_at: Type.String({ format: 'date-time' }),
});
export type MessagingConfig = Static<typeof MessagingConfig>;

/** GET /whatsapp/profile. */
export const BusinessProfile = Type.Object({
  name: Type.String(),
  currency: Type.Union([Type.String(), Type.Null()]),
  owner_business_id: Type.Union([Type.String(), Type.Null()]),
  owner_business_name: Type.Union([Type.String(), Type.Null()]),
});
export type BusinessProfile = Static<typeof BusinessProfile>;

export const SubscribedApp = Type.Object({
  id: Type.String(),
  name: Type.String(),
  category: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  link: Type.Optional(Type.Union([Type.String(), Type.Null()])),
});

/** GET /whatsapp/subscription-info. */
export const SubscriptionInfo = Type.Object({
  is_subscribed: Type.Boolean(),
  subscription_status: Type.String(),
  last_checked: Type.String({ format: 'date-time' }),
  subscribed_apps: Type.Array(SubscribedApp),
});
export type SubscriptionInfo = Static<typeof SubscriptionInfo>;

/** DELETE /whatsapp/disconnect. */
export const DisconnectResponse = Type.Object({ success: Type.Boolean(), message: Type.String() });
export type DisconnectResponse = Static<typeof DisconnectResponse>;

/** The `detail` of the connection API's failures; the SPA maps some of them (SPEC.md §8). */
export const WHATSAPP_ERRORS = {
  notConnected: 'WhatsApp is not connected.',
  /** 'invalid or expired' is what the SPA's business-profile mapping looks for. */
  tokenExpired: 'WhatsApp access token is invalid or expired. Please reconnect your account.',
  wabaNotFound: 'WhatsApp Business Account not found. Your phone numbers may have been removed.',
  numberTaken: 'This WhatsApp number is already connected to another Threadline account.',
  codeInvalid: 'The WhatsApp authorization code is invalid or has expired. Please try connecting again.',
  setupExpired: 'This WhatsApp setup has expired or was already used. Please connect again.',
  setupMismatch: 'The WhatsApp account does not match the one that was just set up. Please connect again.',
  unavailable: 'WhatsApp could not be reached. Please try again in a moment.',
  rateLimited: 'WhatsApp is receiving too many requests. Please try again in a minute.',
} as const;

export const WHATSAPP_MESSAGES = {
  disconnected: 'WhatsApp disconnected. Your conversation history is kept.',
  /** /whatsapp, a WABA connected without a number (Embedded Signup v4 lets a business finish so). */
  noNumberTitle: 'Add a phone number to start messaging',
  noNumberBody:
    'Your WhatsApp Business Account is connected without a phone number, so customers cannot message you yet. ' +
    'Add and verify a number for it in WhatsApp Manager, or choose one in the signup, then connect again: ' +
    'Threadline registers the number and starts answering.',
  noNumberAction: 'Add a number',
  noNumberId: 'Not added yet',
} as const;
