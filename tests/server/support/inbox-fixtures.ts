import crypto from 'node:crypto';
import type { Conversation, Message } from '../../../contract';
import type { App } from '../../../server/app';
import type { Db } from '../../../server/db/client';
import { bsuidOf } from '../../../server/sandbox/graph/ids';
import { recordInboundMessage } from '../../../server/sandbox/graph/messages';
import { bearer, registerUser } from './helpers';
import { envelope, postWebhook, type Json } from './webhook-fixtures';
import { connectWhatsApp } from './whatsapp-helpers';

/** The inbox tests' world: a connected owner, customers who write through the sandbox, the inbox API. */

export interface Owner {
  token: string;
  userId: number;
  phoneNumberId: string;
}

export async function connectedOwner(app: App): Promise<Owner> {
  const { token, user } = await registerUser(app);
  const { signup } = await connectWhatsApp(app, token);
  return { token, userId: user.id, phoneNumberId: signup.phone_number_id };
}

let customers = 0;

/** A customer's wa_id no other test uses: digits only, as WhatsApp writes it. */
export function newCustomer(): string {
  customers += 1;
  return `1650${crypto.randomInt(100_000, 999_999)}${String(customers % 100).padStart(2, '0')}`;
}

export interface Writes {
  text?: string;
  /** The customer's WhatsApp profile name; null sends no contact (no name known). */
  name?: string | null;
  /** The wamid the customer quotes. */
  replyTo?: string;
  /** Unix seconds; messages sent within the same second are ordered by arrival. */
  at?: number;
}

let clock = Math.floor(Date.now() / 1000) - 3600;

/** A strictly later time on each call, so that tests do not depend on two messages' seconds. */
export function later(): number {
  clock += 1;
  return clock;
}

/**
 * A customer writes to the owner's number: the simulator records it (it opens the 24-hour window
 * for sending), and its signed webhook brings it into the inbox. Answers the message's wamid.
 */
export async function customerWrites(app: App, db: Db, owner: Owner, customer: string, writes: Writes = {}) {
  const text = writes.text ?? 'Hello';
  const recorded = await recordInboundMessage(db, {
    phoneNumberId: owner.phoneNumberId,
    from: customer,
    text,
    replyTo: writes.replyTo,
  });
  await deliver(
    app,
    owner,
    customer,
    {
      from: customer,
      id: recorded.wamid,
      timestamp: String(writes.at ?? later()),
      type: 'text',
      text: { body: text },
      ...(writes.replyTo ? { context: { from: customer, id: writes.replyTo } } : {}),
    },
    writes.name === undefined ? 'Sheena Nelson' : writes.name,
  );
  return recorded.wamid;
}

/**
 * A customer writes through the sandbox as Meta delivers it since BSUIDs: with their business-scoped
 * user ID, and their number unless `hidden` (a WhatsApp username: no `wa_id`, no `from`). Answers the
 * BSUID and the message's wamid.
 */
export async function customerWritesWithBsuid(
  app: App,
  db: Db,
  owner: Owner,
  number: string,
  text: string,
  hidden = false,
): Promise<{ bsuid: string; wamid: string }> {
  const bsuid = bsuidOf(number);
  const recorded = await recordInboundMessage(db, { phoneNumberId: owner.phoneNumberId, from: number, text });
  const webhook = envelope(owner.phoneNumberId, {
    contacts: [
      hidden
        ? { profile: { name: 'Kim', username: '@kim' }, user_id: bsuid }
        : { profile: { name: 'Kim' }, wa_id: number, user_id: bsuid },
    ],
    messages: [
      {
        ...(hidden ? {} : { from: number }),
        from_user_id: bsuid,
        id: recorded.wamid,
        timestamp: String(later()),
        type: 'text',
        text: { body: text },
      },
    ],
  });
  const response = await postWebhook(app, webhook);
  if (response.statusCode !== 200) throw new Error(`webhook answered ${response.statusCode}: ${response.body}`);
  return { bsuid, wamid: recorded.wamid };
}

/** Posts one signed webhook carrying `message` (any type), as Meta delivers it. */
export async function deliver(app: App, owner: Owner, customer: string, message: Json, name: string | null = null) {
  const contacts = name === null ? {} : { contacts: [{ profile: { name }, wa_id: customer }] };
  const response = await postWebhook(app, envelope(owner.phoneNumberId, { ...contacts, messages: [message] }));
  if (response.statusCode !== 200) throw new Error(`webhook answered ${response.statusCode}: ${response.body}`);
}

/** A status webhook for one of our messages. */
export async function statusArrives(app: App, owner: Owner, customer: string, wamid: string, status: string) {
  const value = { statuses: [{ id: wamid, status, timestamp: String(later()), recipient_id: customer }] };
  const response = await postWebhook(app, envelope(owner.phoneNumberId, value));
  if (response.statusCode !== 200) throw new Error(`webhook answered ${response.statusCode}: ${response.body}`);
}

/** A phone customer's conversation is `<number>@c.us`, one met without a number `<BSUID>@bsuid`. */
export function conversationId(customer: string): string {
  return customer.includes('.') ? `${customer}@bsuid` : `${customer}@c.us`;
}

export function inboxUrl(customer: string, suffix = ''): string {
  return `/api/v1/messages/conversations/${encodeURIComponent(conversationId(customer))}${suffix}`;
}

export function getConversations(app: App, token: string, headers: Record<string, string> = {}, query = '') {
  return app.inject({
    method: 'GET',
    url: `/api/v1/messages/conversations${query}`,
    headers: { ...bearer(token), ...headers },
  });
}

export function getMessages(
  app: App,
  token: string,
  customer: string,
  query: Record<string, string> = {},
  headers: Record<string, string> = {},
) {
  const search = new URLSearchParams(query).toString();
  return app.inject({
    method: 'GET',
    url: inboxUrl(customer, search ? `?${search}` : ''),
    headers: { ...bearer(token), ...headers },
  });
}

export function reply(app: App, token: string, customer: string, payload: Json) {
  return app.inject({ method: 'POST', url: inboxUrl(customer, '/reply'), headers: bearer(token), payload });
}

export function hide(app: App, token: string, customer: string, wamid: string) {
  return app.inject({
    method: 'DELETE',
    url: inboxUrl(customer, `/messages/${encodeURIComponent(wamid)}`),
    headers: bearer(token),
  });
}

export async function conversationsOf(app: App, token: string): Promise<Conversation[]> {
  const response = await getConversations(app, token);
  if (response.statusCode !== 200) throw new Error(`list answered ${response.statusCode}: ${response.body}`);
  return response.json<Conversation[]>();
}

export async function messagesOf(app: App, token: string, customer: string, query: Record<string, string> = {}) {
  const response = await getMessages(app, token, customer, query);
  if (response.statusCode !== 200) throw new Error(`messages answered ${response.statusCode}: ${response.body}`);
  return response.json<Message[]>();
}

/**
 * Waits for something the server does after answering (the read receipt), checking the database
 * between turns of the event loop; fails when it never happens.
 */
export async function eventually<T>(check: () => Promise<T | undefined>, turns = 200): Promise<T> {
  for (let turn = 0; turn < turns; turn += 1) {
    const value = await check();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('it never happened');
}

/** What the simulator (standing in for WhatsApp) received from the owner's number for this customer. */
export async function sentToCustomer(db: Db, owner: Owner, customer: string) {
  return db.query<{ wamid: string; body: { body: string }; context_wamid: string | null }>(
    `select wamid, body, context_wamid from sandbox_messages
      where phone_number_id = $1 and wa_id = $2 and direction = 'outbound' order by created_at`,
    [owner.phoneNumberId, customer],
  );
}
