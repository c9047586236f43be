import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor } from '../../../db/client';
import type { AppEvents } from '../../../plugins/events';
import { sha256Hex } from '../../digest';
import { ownerOfNumber } from '../connections';
import { parseDelivery, type WebhookValue } from './payload';
import { verifySignature } from './signature';
import { applyReaction, applyStatus, keepRawEvent, storeInbound, type StoredInbound } from './store';

export interface WebhookDeps {
  db: Db;
  appSecret: string;
  events: Pick<AppEvents, 'emit'>;
  log: FastifyBaseLogger;
}

export interface WebhookAck {
  received: true;
}

interface Received extends StoredInbound {
  userId: number;
}

function profileNames(value: WebhookValue): Map<string, string> {
  const names = new Map<string, string>();
  for (const contact of value.contacts ?? []) {
    const name = contact.profile?.name?.trim();
    if (contact.wa_id && name) names.set(contact.wa_id, name);
  }
  return names;
}

async function applyChange(tx: Executor, userId: number, value: WebhookValue, received: Received[]) {
  const names = profileNames(value);
  for (const message of value.messages ?? []) {
    if (message.type === 'reaction') {
      await applyReaction(tx, userId, message);
      continue;
    }
    const stored = await storeInbound(tx, userId, message, names.get(message.from));
    if (stored) received.push({ ...stored, userId });
  }
  for (const status of value.statuses ?? []) await applyStatus(tx, userId, status);
}

/**
 * One signed delivery from Meta: verified over its raw bytes, checked as a whole, then stored in
 * one transaction (the raw event per owner it concerns, messages, reactions, statuses). Changes for
 * numbers nobody has connected are acknowledged and ignored. Listeners hear about each new message
 * only after the transaction committed.
 */
export async function receiveWebhook(
  deps: WebhookDeps,
  rawBody: Buffer,
  signature: string | string[] | undefined,
): Promise<WebhookAck> {
  verifySignature(rawBody, signature, deps.appSecret);
  const delivery = parseDelivery(rawBody);
  const bodySha256 = sha256Hex(rawBody);
  const received: Received[] = [];

  await deps.db.transaction(async (tx) => {
    const owners = new Map<string, number | undefined>();
    const concerned = new Set<number>();
    for (const entry of delivery.entry) {
      for (const change of entry.changes) {
        const phoneNumberId = change.value.metadata?.phone_number_id;
        if (!phoneNumberId) continue;
        if (!owners.has(phoneNumberId)) owners.set(phoneNumberId, await ownerOfNumber(tx, phoneNumberId));
        const userId = owners.get(phoneNumberId);
        if (userId === undefined) {
          deps.log.info({ phoneNumberId, field: change.field }, 'whatsapp webhook: number not connected, ignored');
          continue;
        }
        concerned.add(userId);
        if (change.field === 'messages') await applyChange(tx, userId, change.value, received);
      }
    }
    for (const userId of concerned) await keepRawEvent(tx, userId, bodySha256, rawBody.toString('utf8'));
  });

  for (const message of received) deps.events.emit('whatsapp.message-received', message);
  return { received: true };
}
