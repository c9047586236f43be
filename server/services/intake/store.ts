import type { Db } from '../../db/client';
import type { MessageJobs, ReceivedMessage } from '../../events';
import {
  ignoredChanges,
  roundsOf,
  rowsOf,
  type Customer,
  type DeliveryToStore,
  type IgnoredChange,
  type InboundRow,
} from './rows';

/**
 * What webhooks change in the owners' inboxes, for any number of deliveries at once: one call of
 * the database function webhook_store (migrations 0030, 0040 and 0052, which say what it writes and in
 * which order), the deliveries' rows as arrays. Every write is idempotent, so a retried or parallel
 * delivery changes nothing twice: messages are unique per wamid (insert … on conflict do nothing),
 * reactions keep the newest per customer, statuses only move forward, pricing is set once.
 */

export interface StoredDeliveries {
  /** The messages stored for the first time, in the order they arrived. */
  received: ReceivedMessage[];
  /** Per delivery, in the order given: its changes for numbers nobody has connected. */
  ignored: IgnoredChange[][];
}

const key = (phoneNumberId: string, id: string) => `${phoneNumberId}|${id}`;

/**
 * Each customer a message came from, once (by BSUID, else by phone number): the conversation it may
 * need. What one message of a customer tells is kept when a later one leaves it out (a number hidden
 * since, a contact without its username).
 */
function customersOf(inbound: readonly InboundRow[]): { phoneNumberId: string; customer: Customer }[] {
  const customers = new Map<string, { phoneNumberId: string; customer: Customer }>();
  for (const { phoneNumberId, customer } of inbound) {
    const id = key(phoneNumberId, customer.bsuid ?? (customer.phone as string));
    const known = customers.get(id)?.customer;
    customers.set(id, {
      phoneNumberId,
      customer: {
        phone: customer.phone ?? known?.phone ?? null,
        bsuid: customer.bsuid,
        parentBsuid: customer.parentBsuid ?? known?.parentBsuid ?? null,
        username: customer.username ?? known?.username ?? null,
      },
    });
  }
  return [...customers.values()];
}

/** Whether each row is the first of its wamid: only that one may be stored. */
function firstsOf(inbound: readonly InboundRow[]): boolean[] {
  const seen = new Set<string>();
  return inbound.map((row) => {
    const message = key(row.phoneNumberId, row.wamid);
    if (seen.has(message)) return false;
    seen.add(message);
    return true;
  });
}

type Rows = ReturnType<typeof rowsOf>;

/** `webhook_store`'s arguments, in its order: each column of the batch's rows as one array. */
function statementParams(deliveries: readonly DeliveryToStore[], rows: Rows, messageJobs: MessageJobs | undefined) {
  const { rawEvents, inbound, moves } = rows;
  const numbers = new Set(deliveries.flatMap((delivery) => delivery.changes.map((change) => change.phoneNumberId)));
  const customers = customersOf(inbound);
  return [
    [...numbers],
    customers.map((row) => row.phoneNumberId),
    customers.map((row) => row.customer.phone),
    customers.map((row) => row.customer.bsuid),
    customers.map((row) => row.customer.parentBsuid),
    customers.map((row) => row.customer.username),
    moves.map((move) => move.phoneNumberId),
    moves.map((move) => move.previousBsuid),
    moves.map((move) => move.bsuid),
    moves.map((move) => move.parentBsuid),
    rawEvents.map((row) => row.phoneNumberId),
    rawEvents.map((row) => row.bodySha256),
    rawEvents.map((row) => row.rawBody),
    ...inboundParams(inbound),
    ...jobParams(messageJobs),
    ...reactionAndStatusParams(rows),
  ];
}

function inboundParams(inbound: Rows['inbound']) {
  const firsts = firstsOf(inbound);
  return [
    inbound.map((row) => row.phoneNumberId),
    inbound.map((row) => row.customer.phone),
    inbound.map((row) => row.customer.bsuid),
    inbound.map((row) => row.wamid),
    inbound.map((row) => row.type),
    inbound.map((row) => row.body),
    inbound.map((row, i) => (firsts[i] ? row.raw : null)),
    inbound.map((row) => row.inReplyTo),
    inbound.map((row) => row.sentAt),
    inbound.map((row) => row.profileName),
    firsts,
  ];
}

function jobParams(messageJobs: MessageJobs | undefined) {
  const jobs = messageJobs?.jobs ?? [];
  return [
    jobs.map((job) => job.name),
    jobs.map((job) => job.keyPrefix),
    messageJobs?.runAt?.toISOString() ?? null,
    jobs.map((job) => job.types?.join(',') ?? null),
    jobs.map((job) => job.immediate ?? false),
  ];
}

function reactionAndStatusParams({ reactions, statuses }: Rows) {
  return [
    reactions.map((r) => r.phoneNumberId),
    reactions.map((r) => r.wamid),
    reactions.map((r) => r.reactor),
    reactions.map((r) => r.emoji),
    reactions.map((r) => r.timestamp),
    roundsOf(reactions, (r) => key(r.phoneNumberId, r.wamid)),
    statuses.map((s) => s.phoneNumberId),
    statuses.map((s) => s.wamid),
    statuses.map((s) => s.status),
    statuses.map((s) => s.error),
    statuses.map((s) => s.errorCode),
    roundsOf(statuses, (s) => key(s.phoneNumberId, s.wamid)),
    statuses.map((s) => s.pricing.billable),
    statuses.map((s) => s.pricing.model),
    statuses.map((s) => s.pricing.category),
    statuses.map((s) => s.pricing.type),
  ];
}

/**
 * Stores the deliveries in one statement, so one transaction and one round trip to the database,
 * whatever their number: the result is what storing them one after another, in the order given,
 * would have stored, with the jobs of each new message.
 */
export async function storeDeliveries(
  db: Db,
  deliveries: readonly DeliveryToStore[],
  messageJobs?: MessageJobs,
): Promise<StoredDeliveries> {
  if (!deliveries.some((delivery) => delivery.changes.length > 0)) {
    return { received: [], ignored: ignoredChanges(deliveries, new Set()) };
  }
  const params = statementParams(deliveries, rowsOf(deliveries), messageJobs);
  const stored = await db.one<{ owned_numbers: string[]; received: ReceivedMessage[] }>(
    `select owned_numbers, received from webhook_store(${params.map((_, i) => `$${i + 1}`).join(', ')})`,
    params,
  );
  return {
    received: stored.received,
    ignored: ignoredChanges(deliveries, new Set(stored.owned_numbers)),
  };
}
