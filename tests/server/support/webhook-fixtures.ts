import crypto from 'node:crypto';
import type { App } from '../../../server/app';
import type { Executor } from '../../../server/db/client';
import { registerUser } from './helpers';
import { connectWhatsApp, signatureFor } from './whatsapp-helpers';

/** Webhook deliveries as Meta sends them (WHATSAPP.md §3), for the webhook tests. */

export const CUSTOMER = '16505551234';
export type Json = Record<string, unknown>;

/** A connected owner: their user id and the phone_number_id Meta's webhooks name. */
export async function connectedOwner(app: App) {
  const { token, user } = await registerUser(app);
  const { signup } = await connectWhatsApp(app, token);
  return { token, userId: user.id, phoneNumberId: signup.phone_number_id };
}

export function wamid(): string {
  return `wamid.${crypto.randomBytes(18).toString('base64')}`;
}

export function envelope(phoneNumberId: string, value: Json, field = 'messages') {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            field,
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550783881', phone_number_id: phoneNumberId },
              ...value,
            },
          },
        ],
      },
    ],
  };
}

export function textMessage(overrides: Json = {}) {
  return { from: CUSTOMER, id: wamid(), timestamp: '1749416383', type: 'text', text: { body: 'Hello' }, ...overrides };
}

export function inbound(phoneNumberId: string, messages: Json[], name = 'Sheena Nelson') {
  return envelope(phoneNumberId, { contacts: [{ profile: { name }, wa_id: CUSTOMER }], messages });
}

/** Meta escapes non-ASCII (ü → \\u00fc), so re-serialising the parsed JSON changes the bytes. */
export function asMetaSendsIt(body: Json): string {
  return JSON.stringify(body).replace(
    /[\u0080-\uffff]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** Posts a delivery signed with the sandbox's app secret, or with `signature` ('' = no header). */
export function postWebhook(app: App, body: string | Json, signature?: string) {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  const header = signature ?? signatureFor(raw);
  return app.inject({
    method: 'POST',
    url: '/api/v1/whatsapp/webhook',
    headers: { 'content-type': 'application/json', ...(header ? { 'x-hub-signature-256': header } : {}) },
    payload: raw,
  });
}

/** The owner's messages and raw webhook events, oldest first. */
export async function storedFor(db: Executor, userId: number) {
  const messages = await db.query<Json>(
    'select wamid, type, body, sender, direction, status, in_reply_to, reactions from messages where user_id = $1 order by id',
    [userId],
  );
  const events = await db.query<{ raw_body: string }>('select raw_body from webhook_events where user_id = $1', [
    userId,
  ]);
  return { messages, events };
}

/** One of our replies to CUSTOMER, stored as the send path stores it, with its wamid. */
export async function storedReply(db: Executor, userId: number, status = 'sent', id = wamid()): Promise<string> {
  const conversation = await db.one<{ id: number }>(
    `insert into conversations (user_id, wa_id) values ($1, $2)
     on conflict (user_id, wa_id) do update set updated_at = now() returning id`,
    [userId, CUSTOMER],
  );
  await db.query(
    `insert into messages (user_id, conversation_id, wamid, direction, sender, type, body, raw, status, sent_at)
     values ($1, $2, $3, 'outbound', 'ai', 'text', 'Yes, in blue.', '{}'::jsonb, $4, now())`,
    [userId, conversation.id, id, status],
  );
  return id;
}
