import { storable } from '../../db/text';
import { BadRequest } from '../../errors';

/**
 * The webhook envelope (WHATSAPP.md §3): `{ object, entry: [{ id, changes: [{ field, value }] }] }`.
 * The whole delivery is checked before anything is stored, so that a malformed one is refused as a
 * whole (400) instead of being half-stored.
 */

/**
 * A customer's message names them by phone number (`from`), by business-scoped user ID
 * (`from_user_id`), or both: a customer with a username may come without a number (WHATSAPP.md §0).
 */
export interface WebhookMessage {
  from?: string;
  from_user_id?: string;
  from_parent_user_id?: string;
  id: string;
  timestamp: string;
  type: string;
  context?: { from?: string; id?: string; forwarded?: boolean; frequently_forwarded?: boolean };
  [content: string]: unknown;
}

export interface WebhookStatusError {
  code?: number;
  title?: string;
  message?: string;
  error_data?: { details?: string };
}

export interface WebhookStatus {
  id: string;
  status: string;
  timestamp: string;
  recipient_id?: string;
  recipient_user_id?: string;
  errors?: WebhookStatusError[];
  /** What the message costs (Meta's per-message pricing since 2025-07-01); any shape is read leniently. */
  pricing?: unknown;
}

export interface WebhookValue {
  metadata?: { display_phone_number?: string; phone_number_id?: string };
  contacts?: {
    wa_id?: string;
    user_id?: string;
    parent_user_id?: string;
    profile?: { name?: string; username?: string };
  }[];
  messages?: WebhookMessage[];
  statuses?: WebhookStatus[];
}

export interface WebhookChange {
  field: string;
  value: WebhookValue;
}

export interface WebhookDelivery {
  object: 'whatsapp_business_account';
  /** `time`: when Meta sent the webhook (unix seconds), on some fields' entries. */
  entry: { id?: string; time?: unknown; changes: WebhookChange[] }[];
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function malformed(detail: string): BadRequest {
  return new BadRequest(`Malformed webhook: ${detail}`, undefined, 'malformed_webhook');
}

function list(value: unknown, path: string, required: boolean): unknown[] {
  if (value === undefined && !required) return [];
  if (!Array.isArray(value)) throw malformed(`${path} must be a list.`);
  return value;
}

function strings(item: unknown, path: string, names: readonly string[]): Json {
  if (!isObject(item)) throw malformed(`${path} must be an object.`);
  for (const name of names) {
    if (typeof item[name] !== 'string' || item[name] === '') throw malformed(`${path}.${name} must be a string.`);
  }
  return item;
}

const UNIX_SECONDS = /^\d{1,12}$/;

function checkValue(value: unknown, path: string): void {
  if (!isObject(value)) throw malformed(`${path} must be an object.`);
  if (value.metadata !== undefined) strings(value.metadata, `${path}.metadata`, ['phone_number_id']);
  list(value.contacts, `${path}.contacts`, false).forEach((contact, i) => {
    if (!isObject(contact)) throw malformed(`${path}.contacts[${i}] must be an object.`);
  });
  list(value.messages, `${path}.messages`, false).forEach((message, i) => {
    const checked = strings(message, `${path}.messages[${i}]`, ['id', 'timestamp', 'type']);
    const sender = ['from', 'from_user_id'].filter((name) => checked[name] !== undefined);
    if (sender.length === 0) throw malformed(`${path}.messages[${i}] must name its sender (from or from_user_id).`);
    strings(checked, `${path}.messages[${i}]`, sender);
    if (!UNIX_SECONDS.test(checked.timestamp as string)) {
      throw malformed(`${path}.messages[${i}].timestamp must be unix seconds.`);
    }
    if (checked.context !== undefined && !isObject(checked.context)) {
      throw malformed(`${path}.messages[${i}].context must be an object.`);
    }
  });
  list(value.statuses, `${path}.statuses`, false).forEach((status, i) => {
    const checked = strings(status, `${path}.statuses[${i}]`, ['id', 'status', 'timestamp']);
    list(checked.errors, `${path}.statuses[${i}].errors`, false);
  });
}

/**
 * Parsed from UTF-8, JSON holds a NUL or a lone surrogate only where it escapes one: without such an
 * escape (`\u0000`, `\uD800`-`\uDFFF`) the walk is skipped.
 */
const MAY_BE_UNSTORABLE = /\\u(?:0000|d[89a-f])/i;

/**
 * Every string of the parsed JSON, keys too, with U+FFFD in place of what the database cannot hold:
 * JSON may escape a NUL (`\u0000`) or a lone surrogate, and such a delivery would otherwise fail
 * on every retry from Meta. Changed in place.
 */
function storableJson(value: unknown): unknown {
  if (typeof value === 'string') return storable(value);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = storableJson(value[i]);
    return value;
  }
  if (!isObject(value)) return value;
  for (const [name, item] of Object.entries(value)) {
    const cleanItem = storableJson(item);
    const cleanName = storable(name);
    if (cleanName === name && cleanItem === item) continue;
    delete value[name];
    // Defined, not assigned: a key '__proto__' stays a key.
    Object.defineProperty(value, cleanName, { value: cleanItem, enumerable: true, writable: true, configurable: true });
  }
  return value;
}

/** The raw bytes → a checked delivery, or a 400 whose detail names what is wrong. */
export function parseDelivery(rawBody: Buffer): WebhookDelivery {
  const text = rawBody.toString('utf8');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw malformed('the body is not valid JSON.');
  }
  if (MAY_BE_UNSTORABLE.test(text)) body = storableJson(body);
  if (!isObject(body)) throw malformed('the body must be a JSON object.');
  if (body.object !== 'whatsapp_business_account') {
    throw malformed(`object must be 'whatsapp_business_account', got ${JSON.stringify(body.object ?? null)}.`);
  }
  list(body.entry, 'entry', true).forEach((entry, i) => {
    if (!isObject(entry)) throw malformed(`entry[${i}] must be an object.`);
    list(entry.changes, `entry[${i}].changes`, true).forEach((change, j) => {
      const path = `entry[${i}].changes[${j}]`;
      strings(change, path, ['field']);
      checkValue((change as Json).value, `${path}.value`);
    });
  });
  return body as unknown as WebhookDelivery;
}
