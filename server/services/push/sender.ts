import http from 'node:http';
import https from 'node:https';
import webpush from 'web-push';
import type { VapidKeys } from '../../push-config';
import { publicOnlyLookup } from './address-guard';
import { isAllowedHost } from './subscription-rules';
import type { StoredSubscription } from './subscriptions';

/** A push service that has not answered this long is given up on (the job counts a failure). */
export const PUSH_TIMEOUT_MS = 10_000;

export interface PushOptions {
  /** How long the push service keeps the message for a device that is offline. */
  ttlSeconds: number;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  /** Replaces a message for the same topic still waiting at the push service (base64url, ≤ 32 chars). */
  topic?: string;
}

/** 'gone': the push service no longer knows the subscription (404, 410); 'failed': anything else went wrong. */
export type PushOutcome =
  { result: 'sent' } | { result: 'gone'; status: number } | { result: 'failed'; reason: string };

export interface PushSender {
  readonly publicKey: string;
  send(
    subscription: StoredSubscription,
    payload: string,
    options: PushOptions,
    signal?: AbortSignal,
  ): Promise<PushOutcome>;
}

export interface PushSenderOptions {
  keys: VapidKeys;
  subject: string;
  /** PUSH_ALLOW_HOSTS: these may be http and on private addresses. */
  allowHosts: readonly string[];
  timeoutMs?: number;
}

interface PushRequest {
  endpoint: string;
  method: string;
  headers: Record<string, string | number>;
  body: Buffer;
}

function post(request: PushRequest, allowed: boolean, timeoutMs: number, signal?: AbortSignal): Promise<number> {
  const url = new URL(request.endpoint);
  const transport = url.protocol === 'http:' ? http : https;
  return new Promise((resolve, reject) => {
    const outgoing = transport.request(
      url,
      {
        method: request.method,
        headers: request.headers,
        timeout: timeoutMs,
        signal,
        lookup: allowed ? undefined : publicOnlyLookup,
        agent: false,
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}

/**
 * Sends Web Push messages: web-push encrypts the payload (RFC 8291, aes128gcm) and signs the VAPID header;
 * the request itself is ours, so that it has a timeout, reaches only public addresses (unless the host is in
 * PUSH_ALLOW_HOSTS) and may use http for an allowed host (a test's endpoint).
 */
export function createPushSender(options: PushSenderOptions): PushSender {
  const timeoutMs = options.timeoutMs ?? PUSH_TIMEOUT_MS;
  return {
    publicKey: options.keys.publicKey,
    async send(subscription, payload, pushOptions, signal) {
      const details = webpush.generateRequestDetails(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        payload,
        {
          vapidDetails: { subject: options.subject, ...options.keys },
          TTL: pushOptions.ttlSeconds,
          urgency: pushOptions.urgency,
          topic: pushOptions.topic,
          contentEncoding: 'aes128gcm',
        },
      );
      const allowed = isAllowedHost(new URL(subscription.endpoint), options.allowHosts);
      try {
        const status = await post(details as PushRequest, allowed, timeoutMs, signal);
        if (status >= 200 && status < 300) return { result: 'sent' };
        if (status === 404 || status === 410) return { result: 'gone', status };
        return { result: 'failed', reason: `the push service answered ${status}` };
      } catch (error) {
        if (signal?.aborted) throw error;
        return { result: 'failed', reason: error instanceof Error ? error.message : String(error) };
      }
    },
  };
}
