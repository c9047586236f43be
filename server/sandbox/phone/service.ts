import type { Db } from '../../db/client';
import { ValidationFailed } from '../../errors';
import type { PhoneRow } from '../graph/accounts';
import { digitsOf, displayPhoneNumber } from '../graph/ids';
import { recordInboundMessage, TEXT_BODY_MAX_LENGTH } from '../graph/messages';
import { promotionsStopped } from '../graph/send-template';
import { customerReadThread } from '../statuses';
import { inboundTextPayload, type DeliveryOutcome, type SandboxWebhooks } from '../webhooks';
import { claimCustomer } from './customers';

/**
 * The customer phone (/sandbox/phone): anyone may text a sandbox business number and read the
 * thread with it, as anyone may text a real WhatsApp number, but only as a pretend customer of
 * their own: each customer number belongs to the browser that first used it (`customerToken`).
 * Nothing here belongs to a Threadline owner; what reaches an owner goes through our webhook,
 * signed, as Meta's would.
 */

export const NAME_MAX_LENGTH = 100;
/** The business's typing indicator shows for 25 s, or until its next message (WHATSAPP.md §4). */
export const TYPING_SECONDS = 25;
/** The newest messages of a thread the phone shows. */
export const THREAD_LIMIT = 200;
const NUMBERS_LIMIT = 200;
const PHONE_NUMBER_SHAPE = /^\+?[\d\s().-]+$/;

export interface SandboxNumber {
  phone_number_id: string;
  display_phone_number: string;
  verified_name: string;
}

export interface PhoneMessageInput {
  phone_number_id: string;
  name: string;
  phone_number: string;
  /** Given, the customer writes with their number hidden behind this username. */
  username?: string;
  text: string;
  context_message_id?: string;
}

export interface PhoneMessageSent {
  id: string;
  wa_id: string;
  /** Whether our webhook acknowledged it on the first attempt. */
  delivered: boolean;
  webhook: DeliveryOutcome;
}

export type TickStatus = 'sent' | 'delivered' | 'read';

export interface ThreadMessage {
  id: string;
  from: 'customer' | 'business';
  text: string;
  /** ISO 8601. */
  timestamp: string;
  /** The message this one quotes; `text` null when it is not in the thread. */
  context: { id: string; from: 'customer' | 'business' | null; text: string | null } | null;
  /**
   * The business's messages only: the business showed its typing indicator for it (WHATSAPP.md §0),
   * so the phone, which polls, shows "typing…" before it even when both came between two polls.
   */
  typed?: boolean;
  /** The customer's own messages only: ✓ sent, ✓✓ delivered (our webhook took it), blue ✓✓ read. */
  status: TickStatus | null;
  /** A photo, audio, video, file, sticker (its bytes at GET /sandbox/phone/media) or a place. */
  media: ThreadMedia | null;
  /** The emoji on it, one per side at most: the business's (by Graph) and the customer's own. */
  reactions: { from: 'customer' | 'business'; emoji: string }[];
}

export interface ThreadMedia {
  kind: string;
  media_id: string | null;
  caption: string | null;
  filename: string | null;
  location: { latitude: number; longitude: number; name: string | null; address: string | null } | null;
}

const MEDIA_TYPES = ['image', 'audio', 'video', 'document', 'sticker'];

function threadMedia(type: string, body: Record<string, unknown> | null): ThreadMedia | null {
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  if (!body) return null;
  if (type === 'location') {
    return {
      kind: 'location',
      media_id: null,
      caption: null,
      filename: null,
      location: {
        latitude: Number(body.latitude),
        longitude: Number(body.longitude),
        name: text(body.name),
        address: text(body.address),
      },
    };
  }
  if (!MEDIA_TYPES.includes(type)) return null;
  return {
    kind: type,
    media_id: text(body.id),
    caption: text(body.caption),
    filename: text(body.filename),
    location: null,
  };
}

export interface Thread {
  business: SandboxNumber;
  wa_id: string;
  typing: boolean;
  /** The customer stopped this business's promotions ("Stop promotions"). */
  promotions_stopped: boolean;
  messages: ThreadMessage[];
}

function asSandboxNumber(phone: PhoneRow): SandboxNumber {
  return {
    phone_number_id: phone.id,
    display_phone_number: displayPhoneNumber(phone.phone_number),
    verified_name: phone.verified_name,
  };
}

/** The registered sandbox numbers a customer can text, newest first. */
export async function listNumbers(db: Db): Promise<SandboxNumber[]> {
  const rows = await db.query<PhoneRow>(
    `select * from sandbox_phone_numbers where registered_at is not null
      order by registered_at desc, id limit $1`,
    [NUMBERS_LIMIT],
  );
  return rows.map(asSandboxNumber);
}

async function registeredNumber(db: Db, phoneNumberId: string): Promise<PhoneRow> {
  const phone = /^\d{1,20}$/.test(phoneNumberId)
    ? await db.maybeOne<PhoneRow>('select * from sandbox_phone_numbers where id = $1 and registered_at is not null', [
        phoneNumberId,
      ])
    : undefined;
  if (!phone) {
    throw new ValidationFailed(
      'No sandbox business number has this id. Connect WhatsApp in Threadline first, then pick its number.',
      'phone_number_id',
    );
  }
  return phone;
}

function customerNumber(phoneNumber: string, field: string): string {
  const digits = digitsOf(phoneNumber);
  if (!PHONE_NUMBER_SHAPE.test(phoneNumber.trim()) || digits.length < 8 || digits.length > 15) {
    throw new ValidationFailed('Your phone number must have 8 to 15 digits, e.g. +1 555 010 0001.', field);
  }
  return digits;
}

/** Who writes: the customer's name, the number the browser owns, and the business number texted. */
export interface PhoneSender {
  phone_number_id: string;
  name: string;
  phone_number: string;
  /** Given, the customer writes with their number hidden behind this username. */
  username?: string;
}

/** A WhatsApp username as the phone takes it: letters, digits, dots and underscores, '@' optional. */
const USERNAME_SHAPE = /^@?[A-Za-z0-9._]{3,35}$/;

function checkedUsername(username: string | undefined): string | undefined {
  const trimmed = username?.trim();
  if (!trimmed) return undefined;
  if (!USERNAME_SHAPE.test(trimmed)) {
    throw new ValidationFailed('A username has 3 to 35 letters, digits, dots or underscores.', 'username');
  }
  return trimmed.startsWith('@') ? trimmed : `@${trimmed}`;
}

/** The sender checked, its number claimed for this browser: what every message from the phone needs. */
export async function checkedSender(db: Db, input: PhoneSender, customerToken: string | undefined) {
  const name = input.name.trim();
  if (name === '' || name.length > NAME_MAX_LENGTH) {
    throw new ValidationFailed(`Your name must be 1 to ${NAME_MAX_LENGTH} characters.`, 'name');
  }
  const waId = customerNumber(input.phone_number, 'phone_number');
  const phone = await registeredNumber(db, input.phone_number_id);
  if (waId === phone.phone_number) {
    throw new ValidationFailed("That is the business's own number; use another one.", 'phone_number');
  }
  const username = checkedUsername(input.username);
  await claimCustomer(db, waId, customerToken, 'phone_number');
  return { name, username, waId, phone };
}

function checkText(text: string) {
  if (text.trim() === '') throw new ValidationFailed('Type a message first.', 'text');
  if (text.length > TEXT_BODY_MAX_LENGTH) {
    throw new ValidationFailed(`A message can have at most ${TEXT_BODY_MAX_LENGTH} characters.`, 'text');
  }
}

/** Delivers a recorded message's webhook, marking it delivered once our endpoint acknowledged it. */
export async function deliverFromPhone(
  db: Db,
  webhooks: SandboxWebhooks,
  phone: PhoneRow,
  recorded: { wamid: string; wa_id: string },
  payload: Parameters<SandboxWebhooks['send']>[1],
): Promise<PhoneMessageSent> {
  const webhook = await webhooks.send(phone, payload, async () => {
    await db.query('update sandbox_messages set delivered_at = coalesce(delivered_at, now()) where wamid = $1', [
      recorded.wamid,
    ]);
  });
  return { id: recorded.wamid, wa_id: recorded.wa_id, delivered: webhook === 'delivered', webhook };
}

/** The quoted message, which must be in this thread; Meta's `context.from` is whoever wrote it. */
async function quoted(db: Db, phone: PhoneRow, waId: string, wamid: string) {
  const row = await db.maybeOne<{ direction: 'inbound' | 'outbound' }>(
    'select direction from sandbox_messages where wamid = $1 and phone_number_id = $2 and wa_id = $3',
    [wamid, phone.id, waId],
  );
  if (!row) throw new ValidationFailed('The quoted message is not in this conversation.', 'context_message_id');
  return { from: row.direction === 'inbound' ? waId : phone.phone_number, id: wamid };
}

/**
 * A customer texts a business number: stored in the sandbox (which opens the 24-hour window),
 * then delivered to our webhook, signed. The answer says whether the first delivery was
 * acknowledged; a failed one keeps being retried in the background.
 */
export async function sendFromPhone(
  db: Db,
  webhooks: SandboxWebhooks,
  input: PhoneMessageInput,
  customerToken: string | undefined,
): Promise<PhoneMessageSent> {
  checkText(input.text);
  const { name, username, waId, phone } = await checkedSender(db, input, customerToken);
  const context = input.context_message_id ? await quoted(db, phone, waId, input.context_message_id) : undefined;
  const recorded = await recordInboundMessage(db, {
    phoneNumberId: phone.id,
    from: waId,
    text: input.text,
    replyTo: context?.id,
  });
  const payload = inboundTextPayload(phone, {
    wamid: recorded.wamid,
    from: recorded.wa_id,
    name,
    username,
    timestamp: recorded.timestamp,
    text: input.text,
    context,
  });
  return deliverFromPhone(db, webhooks, phone, recorded, payload);
}

type ThreadRow = {
  wamid: string;
  direction: 'inbound' | 'outbound';
  type: string;
  body: Record<string, unknown> | null;
  text: string | null;
  created_at: Date;
  delivered_at: Date | null;
  read_at: Date | null;
  context_wamid: string | null;
  quoted_direction: 'inbound' | 'outbound' | null;
  quoted_text: string | null;
  typed: boolean;
  business_reaction: string | null;
  customer_reaction: string | null;
};

function tickOf(row: ThreadRow): TickStatus | null {
  if (row.direction === 'outbound') return null;
  if (row.read_at) return 'read';
  return row.delivered_at ? 'delivered' : 'sent';
}

const SIDE = { inbound: 'customer', outbound: 'business' } as const;

function asThreadMessage(row: ThreadRow): ThreadMessage {
  return {
    id: row.wamid,
    from: SIDE[row.direction],
    text: row.text ?? '',
    timestamp: row.created_at.toISOString(),
    media: threadMedia(row.type, row.body),
    context: row.context_wamid
      ? {
          id: row.context_wamid,
          from: row.quoted_direction ? SIDE[row.quoted_direction] : null,
          text: row.quoted_text,
        }
      : null,
    ...(row.direction === 'outbound' ? { typed: row.typed } : {}),
    status: tickOf(row),
    reactions: [
      ...(row.business_reaction ? [{ from: 'business' as const, emoji: row.business_reaction }] : []),
      ...(row.customer_reaction ? [{ from: 'customer' as const, emoji: row.customer_reaction }] : []),
    ],
  };
}

async function isTyping(db: Db, phoneNumberId: string, waId: string): Promise<boolean> {
  const row = await db.one<{ typing: boolean }>(
    `select exists (
       select 1 from sandbox_messages t
        where t.phone_number_id = $1 and t.wa_id = $2 and t.direction = 'inbound'
          and t.typing_at > now() - $3::integer * interval '1 second'
          and not exists (
            select 1 from sandbox_messages r
             where r.phone_number_id = $1 and r.wa_id = $2 and r.direction = 'outbound' and r.created_at >= t.typing_at)
     ) as typing`,
    [phoneNumberId, waId, TYPING_SECONDS],
  );
  return row.typing;
}

/**
 * The thread between a customer and a business number, oldest first. Showing it marks the
 * business's messages read on the customer's side, which sends their `read` statuses (once each).
 */
export async function readThread(
  db: Db,
  webhooks: SandboxWebhooks,
  query: { phone_number_id: string; wa_id: string },
  customerToken: string | undefined,
): Promise<Thread> {
  const waId = customerNumber(query.wa_id, 'wa_id');
  const phone = await registeredNumber(db, query.phone_number_id);
  const since = await claimCustomer(db, waId, customerToken, 'wa_id');
  await customerReadThread(webhooks, db, phone, waId, since);
  const rows = await db.query<ThreadRow>(
    `select * from (
       select m.wamid, m.direction, m.type, m.body, m.body ->> 'body' as text, m.created_at, m.delivered_at, m.read_at,
              m.context_wamid, q.direction as quoted_direction, q.body ->> 'body' as quoted_text,
              -- Typed: a customer message got the typing indicator less than TYPING_SECONDS before this
              -- business message, and no other business message came in between.
              m.direction = 'outbound' and exists (
                select 1 from sandbox_messages t
                 where t.phone_number_id = m.phone_number_id and t.wa_id = m.wa_id and t.direction = 'inbound'
                   and t.typing_at <= m.created_at and t.typing_at > m.created_at - $5::integer * interval '1 second'
                   and not exists (
                     select 1 from sandbox_messages r
                      where r.phone_number_id = m.phone_number_id and r.wa_id = m.wa_id and r.direction = 'outbound'
                        and r.created_at >= t.typing_at and r.created_at < m.created_at)
              ) as typed,
              m.business_reaction, m.customer_reaction
         from sandbox_messages m
         left join sandbox_messages q
           on q.wamid = m.context_wamid and q.phone_number_id = m.phone_number_id and q.wa_id = m.wa_id
        where m.phone_number_id = $1 and m.wa_id = $2 and m.created_at >= $4
        order by m.created_at desc, m.wamid desc
        limit $3
     ) newest order by created_at, wamid`,
    [phone.id, waId, THREAD_LIMIT, since, TYPING_SECONDS],
  );
  return {
    business: asSandboxNumber(phone),
    wa_id: waId,
    typing: await isTyping(db, phone.id, waId),
    promotions_stopped: await promotionsStopped(db, phone.id, waId),
    messages: rows.map(asThreadMessage),
  };
}
