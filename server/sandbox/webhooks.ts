import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { SANDBOX_GRAPH_PATH, type WhatsAppSettings } from '../services/whatsapp/settings';
import { callSignal } from '../shutdown';
import { bsuidOf } from './graph/ids';

/**
 * Webhooks from the sandbox, as Meta sends them (WHATSAPP.md §3): the `whatsapp_business_account`
 * envelope, serialised once with non-ASCII escaped, signed over exactly those bytes
 * (`X-Hub-Signature-256: sha256=<hex HMAC-SHA256 keyed with the app secret>`) and POSTed to our own
 * webhook on the loopback base the Graph simulator is reached at. Only WABAs our app subscribed to
 * get them; a failed delivery is retried a few times with growing pauses, never crashing anything.
 */

export const WEBHOOK_PATH = '/api/v1/whatsapp/webhook';
/** Pauses before each retry of a failed delivery: Meta retries "with decreasing frequency". */
export const RETRY_DELAYS_MS = [1_000, 5_000, 25_000];

/** Our webhook, next to the simulator: the Graph base without its `/sandbox/graph` path. */
export function webhookUrl(graphBaseUrl: string): string {
  const base = graphBaseUrl.replace(/\/+$/, '');
  const root = base.endsWith(SANDBOX_GRAPH_PATH) ? base.slice(0, -SANDBOX_GRAPH_PATH.length) : new URL(base).origin;
  return `${root}${WEBHOOK_PATH}`;
}

/** The business number a webhook concerns, as the simulator keeps it. */
export interface BusinessNumber {
  id: string;
  waba_id: string;
  /** Digits only; webhooks' `metadata.display_phone_number` is written that way. */
  phone_number: string;
}

export interface InboundText {
  wamid: string;
  /** The customer's wa_id (digits). */
  from: string;
  /** The customer's WhatsApp profile name. */
  name: string;
  /** The customer's username when they write with their number hidden: the webhook then names no number. */
  username?: string;
  /** Unix seconds. */
  timestamp: string;
  text: string;
  /** The message the customer quoted: its sender's number and its wamid. */
  context?: { from: string; id: string };
}

export type StatusName = 'sent' | 'delivered' | 'read' | 'failed';

/** A `failed` status's reason, as Meta writes it (WHATSAPP.md §3). */
export interface StatusError {
  code: number;
  title: string;
  message: string;
  error_data: { details: string };
}

export interface StatusUpdate {
  id: string;
  status: StatusName;
  timestamp: string;
  /** Only when the customer's number is known (WHATSAPP.md §0). */
  recipient_id?: string;
  recipient_user_id: string;
  conversation?: { id: string; expiration_timestamp?: string; origin: { type: string } };
  pricing?: StatusPricing;
  errors?: StatusError[];
}

/**
 * A status's `pricing` as Meta writes it since per-message pricing (2025-07-01): `pricing_model` "PMP",
 * `category` the template's (or `service` for a free-form message), `type` why it was free or `regular`
 * (Meta's "Pricing updates on the WhatsApp Business Platform",
 * https://developers.facebook.com/docs/whatsapp/pricing/updates-to-pricing; v23.0's OpenAPI file lacks `type`).
 */
export interface StatusPricing {
  billable: boolean;
  pricing_model: 'CBP' | 'PMP';
  category: string;
  type: string;
}

export interface MessagesValue {
  messaging_product: 'whatsapp';
  metadata: { display_phone_number: string; phone_number_id: string };
  contacts?: { profile: { name: string; username?: string }; wa_id?: string; user_id: string }[];
  messages?: Record<string, unknown>[];
  statuses?: StatusUpdate[];
}

/** `message_template_status_update`: a template's review outcome (not in Meta's OpenAPI file; Meta's webhook reference). */
export interface TemplateStatusValue {
  event: 'APPROVED' | 'REJECTED' | 'PENDING' | 'DISABLED' | 'PAUSED';
  message_template_id: number;
  message_template_name: string;
  message_template_language: string;
  /** 'NONE' unless rejected, e.g. 'INVALID_FORMAT'. */
  reason: string;
}

/**
 * `account_update` with `PARTNER_ADDED`: a business shared its WABA with the app through Embedded Signup v4
 * (Meta's "account_update webhook reference",
 * https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/account_update).
 */
export interface AccountUpdateValue {
  event: 'PARTNER_ADDED';
  waba_info: { waba_id: string; owner_business_id: string };
}

/**
 * `user_preferences`: a customer stopped or resumed marketing messages (Meta's "user_preferences webhook
 * reference", updated 2026-05-21; not in v23.0's OpenAPI file). The number (`wa_id`) only when the
 * customer shows it, the business-scoped user ID always (Meta's "Business-scoped user IDs" page).
 */
export interface UserPreferencesValue {
  messaging_product: 'whatsapp';
  metadata: { display_phone_number: string; phone_number_id: string };
  contacts: { profile: { name: string; username?: string }; wa_id?: string; user_id: string }[];
  user_preferences: {
    wa_id?: string;
    user_id: string;
    detail: string;
    category: 'marketing_messages';
    value: 'stop' | 'resume';
    timestamp: number;
  }[];
}

export type WebhookChange =
  | { value: MessagesValue; field: 'messages' }
  | { value: UserPreferencesValue; field: 'user_preferences' }
  | { value: TemplateStatusValue; field: 'message_template_status_update' }
  | { value: AccountUpdateValue; field: 'account_update' };

export interface WebhookPayload {
  object: 'whatsapp_business_account';
  entry: { id: string; time?: number; changes: WebhookChange[] }[];
}

/** What every change about a business number starts with. */
function aboutNumber(number: BusinessNumber) {
  return {
    messaging_product: 'whatsapp' as const,
    metadata: { display_phone_number: number.phone_number, phone_number_id: number.id },
  };
}

/** One change of the business's WABA, as Meta delivers it. */
function delivery(number: BusinessNumber, change: WebhookChange): WebhookPayload {
  return { object: 'whatsapp_business_account', entry: [{ id: number.waba_id, changes: [change] }] };
}

function envelope(
  number: BusinessNumber,
  value: Omit<MessagesValue, 'messaging_product' | 'metadata'>,
): WebhookPayload {
  return delivery(number, { value: { ...aboutNumber(number), ...value }, field: 'messages' });
}

/**
 * Who wrote, as Meta names customers since April 2026: the business-scoped user ID always
 * (`contacts[].user_id`, `messages[].from_user_id`), the number (`wa_id`, `from`) unless the customer
 * hid it behind a username (Meta's "Business-scoped user IDs" page, updated 2026-11-05; v23.0's
 * OpenAPI file predates these fields).
 */
function sender(message: Pick<InboundText, 'from' | 'name' | 'username'>) {
  const userId = bsuidOf(message.from);
  if (message.username) {
    return {
      contacts: [{ profile: { name: message.name, username: message.username }, user_id: userId }],
      from: { from_user_id: userId },
    };
  }
  return {
    contacts: [{ profile: { name: message.name }, wa_id: message.from, user_id: userId }],
    from: { from: message.from, from_user_id: userId },
  };
}

/** A customer's text, as Meta's "Text Message" example (and "…with Context" for a quoted reply). */
export function inboundTextPayload(number: BusinessNumber, message: InboundText): WebhookPayload {
  const who = sender(message);
  return envelope(number, {
    contacts: who.contacts,
    messages: [
      {
        ...(message.context ? { context: message.context } : {}),
        ...who.from,
        id: message.wamid,
        timestamp: message.timestamp,
        type: 'text',
        text: { body: message.text },
      },
    ],
  });
}

/** A customer's message of `type`, its content under that key, as Meta's example of each type. */
function inboundPayload(
  number: BusinessNumber,
  message: Omit<InboundText, 'text' | 'context'>,
  type: string,
  content: unknown,
): WebhookPayload {
  const who = sender(message);
  return envelope(number, {
    contacts: who.contacts,
    messages: [{ ...who.from, id: message.wamid, timestamp: message.timestamp, type, [type]: content }],
  });
}

/** A customer's photo, voice note, video, file or sticker, as Meta's "Image Message" example. */
export function inboundMediaPayload(
  number: BusinessNumber,
  message: Omit<InboundText, 'text'> & { kind: string; media: Record<string, unknown> },
): WebhookPayload {
  return inboundPayload(number, message, message.kind, message.media);
}

/** A customer's shared location, as Meta's "Location Message" example. */
export function inboundLocationPayload(
  number: BusinessNumber,
  message: Omit<InboundText, 'text'> & {
    location: { latitude: number; longitude: number; name?: string; address?: string };
  },
): WebhookPayload {
  return inboundPayload(number, message, 'location', message.location);
}

/**
 * A customer's reaction to a message, as Meta's "Reaction Message" example; an empty emoji takes it
 * back (WHATSAPP.md §3). Who reacted is named as for any message (BSUID fields, Meta's
 * "Business-scoped user IDs" page).
 */
export function inboundReactionPayload(
  number: BusinessNumber,
  message: Omit<InboundText, 'text' | 'context'> & { reaction: { message_id: string; emoji: string } },
): WebhookPayload {
  return inboundPayload(number, message, 'reaction', message.reaction);
}

/** A template's review outcome for its WABA (`entry.id` is the WABA; no phone number is named). */
export function templateStatusPayload(wabaId: string, value: TemplateStatusValue, now = Date.now()): WebhookPayload {
  return {
    object: 'whatsapp_business_account',
    entry: [
      { id: wabaId, time: Math.floor(now / 1000), changes: [{ value, field: 'message_template_status_update' }] },
    ],
  };
}

/** PARTNER_ADDED for a WABA that finished the sandbox's Embedded Signup (`entry.id` is the WABA). */
export function partnerAddedPayload(wabaId: string, ownerBusinessId: string, now = Date.now()): WebhookPayload {
  const value: AccountUpdateValue = {
    event: 'PARTNER_ADDED',
    waba_info: { waba_id: wabaId, owner_business_id: ownerBusinessId },
  };
  return {
    object: 'whatsapp_business_account',
    entry: [{ id: wabaId, time: Math.floor(now / 1000), changes: [{ value, field: 'account_update' }] }],
  };
}

/** A customer stopped (or resumed) the business's promotions, as Meta's example of the webhook. */
export function userPreferencesPayload(
  number: BusinessNumber,
  customer: Pick<InboundText, 'from' | 'name' | 'username'>,
  value: 'stop' | 'resume',
  now = Date.now(),
): WebhookPayload {
  const who = sender(customer);
  const ids = { ...(customer.username ? {} : { wa_id: customer.from }), user_id: bsuidOf(customer.from) };
  return delivery(number, {
    value: {
      ...aboutNumber(number),
      contacts: who.contacts,
      user_preferences: [
        {
          ...ids,
          detail: `User requested to ${value} marketing messages`,
          category: 'marketing_messages',
          value,
          timestamp: Math.floor(now / 1000),
        },
      ],
    },
    field: 'user_preferences',
  });
}

export function statusPayload(number: BusinessNumber, statuses: StatusUpdate[]): WebhookPayload {
  return envelope(number, { statuses });
}

/**
 * Meta escapes every non-ASCII character (ü → \u00fc) in what it signs and sends, so the body is
 * pure ASCII: the string and the bytes on the wire are the same thing.
 */
export function serialise(payload: WebhookPayload): string {
  return JSON.stringify(payload).replace(
    /[\u0080-\uffff]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

export function signatureOf(body: string | Buffer, appSecret: string): string {
  return `sha256=${crypto.createHmac('sha256', appSecret).update(body).digest('hex')}`;
}

/** What became of a webhook: acknowledged with a 2xx, not (yet: it is being retried), or not sent at all. */
export type DeliveryOutcome = 'delivered' | 'failed' | 'not_subscribed';

export interface SandboxWebhooksOptions {
  db: Db;
  settings: Pick<WhatsAppSettings, 'appId' | 'appSecret' | 'graphBaseUrl' | 'graphTimeoutMs'>;
  log: FastifyBaseLogger;
  /** False while the server does not listen (an app driven by inject only): nothing can be delivered. */
  canDeliver?: () => boolean;
  retryDelaysMs?: number[];
  /** The app's shutdown signal (`app.closing`): when it aborts, deliveries in flight and pending retries are cancelled. */
  signal?: AbortSignal;
}

/**
 * Sends the sandbox's webhooks and runs its delayed work (status updates a moment after a send,
 * retries). Everything pending is cancelled by the shutdown signal or `close()`, which also awaits
 * everything running.
 */
export class SandboxWebhooks {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly running = new Set<Promise<void>>();
  private readonly aborted = new AbortController();
  private closed = false;

  constructor(private readonly options: SandboxWebhooksOptions) {
    options.signal?.addEventListener('abort', () => this.cancel(), { once: true });
  }

  /** Whether the WABA has our app subscribed, as Meta sends webhooks only then. */
  async isSubscribed(wabaId: string): Promise<boolean> {
    const row = await this.options.db.maybeOne(
      'select 1 from sandbox_subscriptions where waba_id = $1 and app_id = $2',
      [wabaId, this.options.settings.appId],
    );
    return row !== undefined;
  }

  /**
   * Sends one webhook and answers with the first attempt's outcome; a failed one is retried in the
   * background, and `onDelivered` runs once whichever attempt is acknowledged.
   */
  async send(
    number: Pick<BusinessNumber, 'waba_id'>,
    payload: WebhookPayload,
    onDelivered?: () => Promise<void>,
  ): Promise<DeliveryOutcome> {
    if (!(await this.isSubscribed(number.waba_id))) {
      this.options.log.info({ wabaId: number.waba_id }, 'sandbox webhook: no app subscribed to the WABA, not sent');
      return 'not_subscribed';
    }
    const body = serialise(payload);
    const delivered = await this.attempt(body, 0, onDelivered);
    return delivered ? 'delivered' : 'failed';
  }

  /** Runs `task` after `delayMs` unless closed first; its failure is logged, never thrown. */
  later(delayMs: number, task: () => Promise<void>): void {
    if (this.closed) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.track(task());
    }, delayMs);
    timer.unref();
    this.timers.add(timer);
  }

  async close(): Promise<void> {
    this.cancel();
    await Promise.allSettled([...this.running]);
  }

  /** Drops the pending work and aborts the deliveries in flight; nothing new starts. */
  private cancel(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.aborted.abort();
  }

  private track(work: Promise<void>): void {
    const tracked = work.catch((error: unknown) => {
      if (!this.closed) this.options.log.error({ err: error }, 'sandbox webhook: background work failed');
    });
    this.running.add(tracked);
    void tracked.finally(() => this.running.delete(tracked));
  }

  private async attempt(body: string, retry: number, onDelivered?: () => Promise<void>): Promise<boolean> {
    if (await this.post(body)) {
      await onDelivered?.().catch((error: unknown) =>
        this.options.log.error({ err: error }, 'sandbox webhook: recording the delivery failed'),
      );
      return true;
    }
    const delays = this.options.retryDelaysMs ?? RETRY_DELAYS_MS;
    if (retry < delays.length) {
      this.later(delays[retry], async () => {
        await this.attempt(body, retry + 1, onDelivered);
      });
    } else if (!this.closed) {
      this.options.log.error({ attempts: retry + 1 }, 'sandbox webhook: gave up delivering');
    }
    return false;
  }

  private async post(body: string): Promise<boolean> {
    if (this.closed) return false;
    const { settings, log, canDeliver } = this.options;
    const url = webhookUrl(settings.graphBaseUrl());
    if (canDeliver && !canDeliver()) {
      log.warn({ url }, 'sandbox webhook: the server is not listening, nothing delivered');
      return false;
    }
    const call = callSignal(this.aborted.signal, settings.graphTimeoutMs);
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'facebookexternalua',
          'x-hub-signature-256': signatureOf(body, settings.appSecret),
        },
        body,
        signal: call.signal,
      });
      await response.arrayBuffer();
      if (response.ok) return true;
      log.warn({ url, status: response.status }, 'sandbox webhook: delivery refused');
    } catch (error) {
      if (!this.closed) log.warn({ url, err: error }, 'sandbox webhook: delivery failed');
    } finally {
      call.release();
    }
    return false;
  }
}
