import type { WebhookMessage, WebhookStatus, WebhookValue } from './payload';
import { readableBody, readableFailure } from './readable';

/**
 * Deliveries → the rows they may write, for any number of deliveries at once. Pure: each row names
 * the number it came to, whose owner the database knows; every list keeps the order in which the
 * deliveries arrived, so that storing them together writes what storing them one after another
 * would have written.
 */

/** One verified, well-formed delivery, ready to be stored. */
export interface DeliveryToStore {
  bodySha256: string;
  rawBody: string;
  /** The changes that name a number (`metadata.phone_number_id`); the others concern nobody. */
  changes: { phoneNumberId: string; field: string; value: WebhookValue }[];
}

/** A change for a number nobody has connected: acknowledged, logged, not stored. */
export interface IgnoredChange {
  phoneNumberId: string;
  field: string;
}

export interface RawEventRow {
  phoneNumberId: string;
  bodySha256: string;
  rawBody: string;
}

/**
 * Who wrote: the phone number (null when hidden), the business-scoped user ID (null only in
 * deliveries from before BSUIDs), and what the contact says of them.
 */
export interface Customer {
  phone: string | null;
  bsuid: string | null;
  parentBsuid: string | null;
  username: string | null;
}

/** A customer's BSUID changed (a new number gives a new one): the customer moves along. */
export interface BsuidMove {
  phoneNumberId: string;
  previousBsuid: string;
  bsuid: string;
  parentBsuid: string | null;
}

export interface InboundRow {
  phoneNumberId: string;
  customer: Customer;
  profileName: string | null;
  wamid: string;
  type: string;
  body: string;
  raw: string;
  inReplyTo: string | null;
  sentAt: number;
}

export interface ReactionRow {
  phoneNumberId: string;
  wamid: string;
  reactor: string;
  emoji: string | null;
  timestamp: number;
}

export interface StatusRow {
  phoneNumberId: string;
  wamid: string;
  status: string;
  error: string | null;
  errorCode: number | null;
  pricing: StatusPricing;
}

/** A status's `pricing`, each part null where the status carries none (or one no longer than it could be). */
export interface StatusPricing {
  billable: boolean | null;
  model: string | null;
  category: string | null;
  type: string | null;
}

export interface DeliveryRows {
  rawEvents: RawEventRow[];
  inbound: InboundRow[];
  moves: BsuidMove[];
  reactions: ReactionRow[];
  statuses: StatusRow[];
}

const INT4_MAX = 2 ** 31 - 1;

/**
 * Meta's message ids are about 60 characters, a customer's WhatsApp id at most 15 digits and a
 * business-scoped user ID a country code, a dot and up to 128 characters (a parent one 'ENT.' more,
 * WHATSAPP.md §0). Anything much longer cannot be Meta's, and would overflow the unique indexes they
 * are kept in: such a message is acknowledged and not stored, never a delivery that fails on every
 * retry.
 */
export const WAMID_MAX_LENGTH = 256;
export const WA_ID_MAX_LENGTH = 64;
export const BSUID_MAX_LENGTH = 140;
/** Meta's pricing words are short (`free_customer_service`); a longer one is not kept. */
export const PRICING_WORD_MAX_LENGTH = 64;

function fitsWamid(id: unknown): id is string {
  return typeof id === 'string' && id.length <= WAMID_MAX_LENGTH;
}

function fits(id: unknown, maxLength: number): string | null {
  return typeof id === 'string' && id !== '' && id.length <= maxLength ? id : null;
}

function storableMessage(message: WebhookMessage): boolean {
  const phone = fits(message.from, WA_ID_MAX_LENGTH);
  const bsuid = fits(message.from_user_id, BSUID_MAX_LENGTH);
  return (
    fitsWamid(message.id) &&
    (phone !== null || bsuid !== null) &&
    (message.from === undefined || phone !== null) &&
    (message.from_user_id === undefined || bsuid !== null)
  );
}

type Contact = NonNullable<WebhookValue['contacts']>[number];

/** The delivery's contacts by BSUID and by phone number. */
function contactsOf(value: WebhookValue): Map<string, Contact> {
  const contacts = new Map<string, Contact>();
  for (const contact of value.contacts ?? []) {
    if (typeof contact !== 'object' || contact === null) continue;
    if (typeof contact.user_id === 'string') contacts.set(`u|${contact.user_id}`, contact);
    if (typeof contact.wa_id === 'string') contacts.set(`p|${contact.wa_id}`, contact);
  }
  return contacts;
}

function contactOf(contacts: Map<string, Contact>, message: WebhookMessage): Contact | undefined {
  return (
    (message.from_user_id === undefined ? undefined : contacts.get(`u|${message.from_user_id}`)) ??
    (message.from === undefined ? undefined : contacts.get(`p|${message.from}`))
  );
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

function customerOf(message: WebhookMessage, contact: Contact | undefined): Customer {
  return {
    phone: fits(message.from, WA_ID_MAX_LENGTH),
    bsuid: fits(message.from_user_id ?? contact?.user_id, BSUID_MAX_LENGTH),
    parentBsuid: fits(message.from_parent_user_id ?? contact?.parent_user_id, BSUID_MAX_LENGTH),
    username: text(contact?.profile?.username),
  };
}

/**
 * A `system` message of type `user_changed_user_id` or `user_changed_number` carries the BSUID the
 * customer had (`system.previous_user_id`) beside the new one (Meta's "System messages webhook
 * reference" and changelog, 2026-08-11: BSUID changes, once announced as `user_id_update`, come this way).
 */
function moveOf(phoneNumberId: string, message: WebhookMessage): BsuidMove | undefined {
  if (message.type !== 'system') return undefined;
  const system = (message.system ?? {}) as Record<string, unknown>;
  const previousBsuid = fits(system.previous_user_id, BSUID_MAX_LENGTH);
  const bsuid = fits(system.user_id ?? message.from_user_id, BSUID_MAX_LENGTH);
  if (!previousBsuid || !bsuid || previousBsuid === bsuid) return undefined;
  return { phoneNumberId, previousBsuid, bsuid, parentBsuid: fits(system.parent_user_id, BSUID_MAX_LENGTH) };
}

function inboundRow(phoneNumberId: string, message: WebhookMessage, contact: Contact | undefined): InboundRow {
  const quoted = message.context?.id;
  return {
    phoneNumberId,
    customer: customerOf(message, contact),
    profileName: text(contact?.profile?.name),
    wamid: message.id,
    type: message.type,
    body: readableBody(message),
    raw: JSON.stringify(message),
    inReplyTo: fitsWamid(quoted) ? quoted : null,
    sentAt: Number(message.timestamp),
  };
}

/** A reaction names the message it reacts to; one that names none changes nothing. */
function reactionRow(phoneNumberId: string, message: WebhookMessage): ReactionRow | undefined {
  const reaction = (message.reaction ?? {}) as { message_id?: unknown; emoji?: unknown };
  if (!fitsWamid(reaction.message_id)) return undefined;
  return {
    phoneNumberId,
    wamid: reaction.message_id,
    reactor: (message.from ?? message.from_user_id) as string,
    emoji: typeof reaction.emoji === 'string' && reaction.emoji !== '' ? reaction.emoji : null,
    timestamp: Number(message.timestamp),
  };
}

const NO_PRICING: StatusPricing = { billable: null, model: null, category: null, type: null };

/**
 * `pricing: {billable, pricing_model, category, type}` as Meta writes it today ("PMP": category marketing |
 * utility | authentication | service | marketing_lite, type regular | free_customer_service |
 * free_entry_point; Meta's "Pricing updates on the WhatsApp Business Platform",
 * https://developers.facebook.com/docs/whatsapp/pricing/updates-to-pricing) or as older deliveries wrote
 * it ("CBP", no `type`; v23.0's OpenAPI file still describes only that). A word we do not know is kept as
 * given; a part of the wrong shape is left out, and the status is stored whatever its pricing says.
 */
function pricingOf(pricing: unknown): StatusPricing {
  if (typeof pricing !== 'object' || pricing === null || Array.isArray(pricing)) return NO_PRICING;
  const { billable, pricing_model: model, category, type } = pricing as Record<string, unknown>;
  return {
    billable: typeof billable === 'boolean' ? billable : null,
    model: fits(model, PRICING_WORD_MAX_LENGTH),
    category: fits(category, PRICING_WORD_MAX_LENGTH),
    type: fits(type, PRICING_WORD_MAX_LENGTH),
  };
}

/** `failed` keeps its reason in plain words, and Meta's code when it is one (an integer). */
function statusRow(phoneNumberId: string, status: WebhookStatus): StatusRow {
  const failed = status.status === 'failed';
  const error = failed ? status.errors?.[0] : undefined;
  const code = (error as { code?: unknown } | undefined)?.code;
  return {
    phoneNumberId,
    wamid: status.id,
    status: status.status,
    error: failed ? readableFailure(error) : null,
    errorCode: failed && Number.isInteger(code) && Math.abs(code as number) <= INT4_MAX ? (code as number) : null,
    pricing: pricingOf(status.pricing),
  };
}

/**
 * What the deliveries write where the number has an owner. The raw event is kept once per number a
 * delivery names (also for a change that is not `messages`); messages, reactions and statuses come
 * from `messages` changes only.
 */
export function rowsOf(deliveries: readonly DeliveryToStore[]): DeliveryRows {
  const rows: DeliveryRows = { rawEvents: [], inbound: [], moves: [], reactions: [], statuses: [] };
  const keptEvents = new Set<string>();
  for (const delivery of deliveries) {
    for (const { phoneNumberId, field, value } of delivery.changes) {
      const event = `${phoneNumberId}|${delivery.bodySha256}`;
      if (!keptEvents.has(event)) {
        keptEvents.add(event);
        rows.rawEvents.push({ phoneNumberId, bodySha256: delivery.bodySha256, rawBody: delivery.rawBody });
      }
      if (field !== 'messages') continue;
      const contacts = contactsOf(value);
      for (const message of value.messages ?? []) {
        if (!storableMessage(message)) continue;
        const move = moveOf(phoneNumberId, message);
        if (move) rows.moves.push(move);
        if (message.type !== 'reaction') {
          const row = inboundRow(phoneNumberId, message, contactOf(contacts, message));
          // The change itself is told in the conversation the customer moved to.
          if (move) row.customer.bsuid = move.bsuid;
          rows.inbound.push(row);
          continue;
        }
        const reaction = reactionRow(phoneNumberId, message);
        if (reaction) rows.reactions.push(reaction);
      }
      for (const status of value.statuses ?? []) {
        if (fitsWamid(status.id)) rows.statuses.push(statusRow(phoneNumberId, status));
      }
    }
  }
  return rows;
}

/** Each delivery's changes for numbers nobody has connected, in the order given. */
export function ignoredChanges(deliveries: readonly DeliveryToStore[], owned: ReadonlySet<string>): IgnoredChange[][] {
  return deliveries.map((delivery) =>
    delivery.changes
      .filter((change) => !owned.has(change.phoneNumberId))
      .map(({ phoneNumberId, field }) => ({ phoneNumberId, field })),
  );
}

/**
 * The round of each of a list of ordered updates, from 1: the k-th update of a target is in round
 * k, so that one set-based statement per round applies them in their order.
 */
export function roundsOf<T>(items: readonly T[], target: (item: T) => string): number[] {
  const seen = new Map<string, number>();
  return items.map((item) => {
    const key = target(item);
    const round = (seen.get(key) ?? 0) + 1;
    seen.set(key, round);
    return round;
  });
}
