import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { SANDBOX_GRAPH_PATH, type WhatsAppSettings } from '../../services/whatsapp/settings';
import { callSignal } from '../../shutdown';
import type { BusinessNumber, WebhookPayload } from './types';

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
