import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import {
  applyTemplateCategory,
  TEMPLATE_CATEGORY_FIELD,
  type TemplateCategoryUpdate,
} from '../templates/category-update';
import { applyTemplateStatus, type TemplateStatusUpdate } from '../templates/templates';
import { sha256Hex } from '../digest';
import type { DeliveryBatcher } from './batch';
import { ACCOUNT_UPDATE_FIELD } from './account-update';
import { parseDelivery, type WebhookDelivery } from './payload';
import type { DeliveryToStore } from './rows';
import { verifySignature } from './signature';
import { applyMarketingRefusals, applyUserPreferences, unixTime, USER_PREFERENCES_FIELD } from './user-preferences';

export interface WebhookDeps {
  appSecret: string;
  batcher: Pick<DeliveryBatcher, 'store'>;
  db: Db;
  log: FastifyBaseLogger;
  /** An `account_update` change (its value unchecked): ./account-update.ts. */
  onAccountUpdate?: (value: unknown) => Promise<void>;
}

/** The field Meta tells a template's review outcome by; its entry's id is the WABA. */
export const TEMPLATE_STATUS_FIELD = 'message_template_status_update';

export interface WebhookAck {
  received: true;
}

/** A checked delivery → what the batcher stores: the changes that name a number, and the raw body. */
export function deliveryToStore(delivery: WebhookDelivery, rawBody: Buffer): DeliveryToStore {
  const changes: DeliveryToStore['changes'] = [];
  for (const entry of delivery.entry) {
    for (const { field, value } of entry.changes) {
      const phoneNumberId = value.metadata?.phone_number_id;
      if (phoneNumberId) changes.push({ phoneNumberId, field, value });
    }
  }
  return { bodySha256: sha256Hex(rawBody), rawBody: rawBody.toString('utf8'), changes };
}

/**
 * One signed delivery from Meta: verified over its raw bytes, checked as a whole, then stored in
 * one transaction, shared with the deliveries that arrived meanwhile (the raw event per owner it
 * concerns, messages, reactions, statuses). Answered only once that transaction committed.
 * Changes for numbers nobody has connected are acknowledged and ignored. A template's review
 * outcome or new category names no number but its WABA, and updates that WABA's owner's template.
 * A customer's marketing preference (`user_preferences`, or a status failed with 131050) is recorded
 * after the raw delivery is: each of these writes is idempotent, so a delivery Meta retries after a
 * failure here changes nothing twice.
 */
export async function receiveWebhook(
  deps: WebhookDeps,
  rawBody: Buffer,
  signature: string | string[] | undefined,
): Promise<WebhookAck> {
  verifySignature(rawBody, signature, deps.appSecret);
  const delivery = parseDelivery(rawBody);
  const ignored = await deps.batcher.store(deliveryToStore(delivery, rawBody));
  for (const entry of delivery.entry) {
    for (const { field, value } of entry.changes) {
      if (field === TEMPLATE_STATUS_FIELD && entry.id) {
        await applyTemplateStatus(deps.db, entry.id, value as TemplateStatusUpdate);
      } else if (field === TEMPLATE_CATEGORY_FIELD && entry.id) {
        const sentAt = unixTime(entry.time) ?? new Date();
        await applyTemplateCategory(deps.db, entry.id, value as TemplateCategoryUpdate, sentAt);
      } else if (field === ACCOUNT_UPDATE_FIELD) {
        await deps.onAccountUpdate?.(value);
      } else if (field === USER_PREFERENCES_FIELD) {
        await applyUserPreferences(deps.db, value);
      } else if (field === 'messages') {
        await applyMarketingRefusals(deps.db, value);
      }
    }
  }
  for (const { phoneNumberId, field } of ignored) {
    deps.log.info({ phoneNumberId, field }, 'whatsapp webhook: number not connected, ignored');
  }
  return { received: true };
}
