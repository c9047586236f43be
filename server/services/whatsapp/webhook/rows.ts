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

export interface InboundRow {
  phoneNumberId: string;
  waId: string;
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
}

export interface DeliveryRows {
  rawEvents: RawEventRow[];
  inbound: InboundRow[];
  reactions: ReactionRow[];
  statuses: StatusRow[];
}

const INT4_MAX = 2 ** 31 - 1;

/**
 * Meta's message ids are about 60 characters and a customer's WhatsApp id at most 15 digits (a
 * business-scoped id a few more). Anything much longer cannot be Meta's, and would overflow the
 * unique indexes they are kept in: such a message is acknowledged and not stored, never a delivery
 * that fails on every retry.
 */
export const WAMID_MAX_LENGTH = 256;
export const WA_ID_MAX_LENGTH = 64;

function fitsWamid(id: unknown): id is string {
  return typeof id === 'string' && id.length <= WAMID_MAX_LENGTH;
}

function storableMessage(message: WebhookMessage): boolean {
  return fitsWamid(message.id) && message.from.length <= WA_ID_MAX_LENGTH;
}

function profileNames(value: WebhookValue): Map<string, string> {
  const names = new Map<string, string>();
  for (const contact of value.contacts ?? []) {
    const name = contact.profile?.name?.trim();
    if (contact.wa_id && name) names.set(contact.wa_id, name);
  }
  return names;
}

function inboundRow(phoneNumberId: string, message: WebhookMessage, profileName: string | undefined): InboundRow {
  const quoted = message.context?.id;
  return {
    phoneNumberId,
    waId: message.from,
    profileName: profileName ?? null,
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
    reactor: message.from,
    emoji: typeof reaction.emoji === 'string' && reaction.emoji !== '' ? reaction.emoji : null,
    timestamp: Number(message.timestamp),
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
  };
}

/**
 * What the deliveries write where the number has an owner. The raw event is kept once per number a
 * delivery names (also for a change that is not `messages`); messages, reactions and statuses come
 * from `messages` changes only.
 */
export function rowsOf(deliveries: readonly DeliveryToStore[]): DeliveryRows {
  const rows: DeliveryRows = { rawEvents: [], inbound: [], reactions: [], statuses: [] };
  const keptEvents = new Set<string>();
  for (const delivery of deliveries) {
    for (const { phoneNumberId, field, value } of delivery.changes) {
      const event = `${phoneNumberId}|${delivery.bodySha256}`;
      if (!keptEvents.has(event)) {
        keptEvents.add(event);
        rows.rawEvents.push({ phoneNumberId, bodySha256: delivery.bodySha256, rawBody: delivery.rawBody });
      }
      if (field !== 'messages') continue;
      const names = profileNames(value);
      for (const message of value.messages ?? []) {
        if (!storableMessage(message)) continue;
        if (message.type !== 'reaction') {
          rows.inbound.push(inboundRow(phoneNumberId, message, names.get(message.from)));
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
