/** What the Graph calls of graph-client.ts take and answer (Meta's OpenAPI file names the fields). */

export interface GraphClientOptions {
  /** e.g. https://graph.facebook.com; a function, because the sandbox knows its port only once listening. */
  baseUrl: () => string;
  version: string;
  timeoutMs: number;
  appId: string;
  appSecret: string;
  /** Tests pass a recording fetch; everything else uses the global one. */
  fetch?: typeof fetch;
}

export interface CodeExchangeResult {
  access_token: string;
  token_type?: string;
  expires_in?: number;
}

export interface SubscribedAppData {
  id: string;
  name: string;
  link?: string;
}

/** The shape of Meta's examples (the schema's `{id, name}` items disagree with them). */
export interface SubscribedAppsResult {
  data: { whatsapp_business_api_data: SubscribedAppData; override_callback_uri?: string }[];
}

export interface SuccessResult {
  success: boolean;
}

export interface PhoneNumberInfo {
  id: string;
  display_phone_number?: string;
  verified_name?: string;
  quality_rating?: string;
  code_verification_status?: string;
  name_status?: string;
  status?: string;
  platform_type?: string;
  account_mode?: string;
}

export interface BusinessAccountInfo {
  id: string;
  name?: string;
  currency?: string;
  timezone_id?: string;
  message_template_namespace?: string;
  owner_business_info?: { id: string; name: string };
  account_review_status?: string;
}

export interface SendMessageResult {
  messaging_product: 'whatsapp';
  contacts: { input: string; wa_id: string }[];
  messages: { id: string; message_status?: string }[];
}

export interface TextMessage {
  /** The customer's number, digits with or without '+', or their BSUID (sent as `recipient`). */
  to: string;
  body: string;
  /** The wamid being answered: WhatsApp shows the reply quoting it. */
  replyTo?: string;
}

export interface ReactionMessage {
  /** The customer's number, or their BSUID (sent as `recipient`). */
  to: string;
  /** The wamid of the customer's message reacted to. */
  messageId: string;
  /** One emoji; '' takes the reaction back. */
  emoji: string;
}

export const DEFAULT_BUSINESS_ACCOUNT_FIELDS = ['name', 'currency', 'owner_business_info'];

/** GET /{media-id}: where to download a customer's (or our) media for the next five minutes. */
export interface MediaInfo {
  messaging_product: 'whatsapp';
  id: string;
  url: string;
  mime_type: string;
  sha256: string;
  /** Bytes, as a numeric string (Meta's example). */
  file_size: string;
}

export interface MediaUpload {
  bytes: Uint8Array;
  mimeType: string;
  filename: string;
}

export interface DownloadedMedia {
  bytes: Buffer;
  contentType: string | undefined;
}

export interface MediaMessage {
  to: string;
  kind: 'image' | 'audio' | 'video' | 'document' | 'sticker';
  /** The id POST /{phone-number-id}/media answered. */
  mediaId: string;
  caption?: string;
  /** Documents only: the name the customer sees. */
  filename?: string;
  replyTo?: string;
}

/** A template's component as Meta lists and takes it (`type` HEADER, BODY, FOOTER or BUTTONS). */
export interface TemplateComponent {
  type: string;
  format?: string;
  text?: string;
  buttons?: { type: string; text: string; url?: string; phone_number?: string; example?: string[] }[];
  example?: { header_text?: string[]; body_text?: string[][] };
}

export interface MessageTemplate {
  id: string;
  name: string;
  language: string;
  status: string;
  category: string;
  components: TemplateComponent[];
  rejected_reason?: string;
}

export interface TemplatePage {
  data: MessageTemplate[];
  paging?: { cursors?: { before?: string; after?: string }; next?: string };
}

export interface NewTemplate {
  name: string;
  language: string;
  category: string;
  components: TemplateComponent[];
}

export interface CreatedTemplate {
  id: string;
  status: string;
  category: string;
}

export interface TemplateMessage {
  to: string;
  name: string;
  language: string;
  /** The body's {{1}}, {{2}}… in order. */
  bodyParameters: string[];
  /** The header's {{1}}, when its text has one. */
  headerParameters?: string[];
}
