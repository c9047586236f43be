import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { Jobs } from '../../jobs/types';
import { hasFocusedTab } from '../push/presence';
import type { PushSender } from '../push/sender';
import { deliveryRecorded, failureRecorded, subscriptionGone, subscriptionsOf } from '../push/subscriptions';
import { composeNotification } from './compose';
import { PUSH_JOB, PUSH_TTL_SECONDS, PUSH_URGENCY, type PushJobPayload } from './kinds';

export interface DispatchDeps {
  db: Db;
  log: FastifyBaseLogger;
  sender: PushSender;
  signal?: AbortSignal;
}

export interface DispatchResult {
  /** Why nothing was sent, when nothing was. */
  skipped?: 'focused' | 'no_devices' | 'nothing_to_say';
  sent: number;
  gone: number;
  failed: number;
}

/** The push service's address without the path, which identifies the subscription (never logged). */
function serviceOf(endpoint: string): string {
  return new URL(endpoint).origin;
}

/**
 * Rings each of the member's devices for one event, unless a tab of theirs is open and focused (it shows the
 * event already). A device its push service no longer knows is forgotten; other failures are counted on it.
 */
export async function dispatchPush(deps: DispatchDeps, event: PushJobPayload): Promise<DispatchResult> {
  const result: DispatchResult = { sent: 0, gone: 0, failed: 0 };
  if (await hasFocusedTab(deps.db, event.userId)) return { ...result, skipped: 'focused' };
  const devices = await subscriptionsOf(deps.db, event.userId);
  if (devices.length === 0) return { ...result, skipped: 'no_devices' };
  const notification = await composeNotification(deps.db, event.userId, event.kind, event.conversationId);
  if (!notification) return { ...result, skipped: 'nothing_to_say' };
  const payload = JSON.stringify(notification);
  const options = { ttlSeconds: PUSH_TTL_SECONDS, urgency: PUSH_URGENCY[event.kind] };
  for (const device of devices) {
    const outcome = await deps.sender.send(device, payload, options, deps.signal);
    if (outcome.result === 'sent') {
      result.sent += 1;
      await deliveryRecorded(deps.db, event.userId, device.id);
    } else if (outcome.result === 'gone') {
      result.gone += 1;
      await subscriptionGone(deps.db, event.userId, device.id);
      deps.log.info({ subscription: device.id, status: outcome.status }, 'push subscription gone: forgotten');
    } else {
      result.failed += 1;
      await failureRecorded(deps.db, event.userId, device.id);
      deps.log.warn(
        { subscription: device.id, service: serviceOf(device.endpoint), reason: outcome.reason },
        'push not delivered',
      );
    }
  }
  return result;
}

/**
 * The handler of 'push.notify', queued by the database once per event (a hand-over's escalation, a new
 * customer's conversation), for whichever process runs jobs. A failed send is not retried: the next event
 * rings again, and a late push would say what the inbox already shows.
 */
export function registerPushJobs(runner: Jobs, sender: PushSender): void {
  runner.register<PushJobPayload>(PUSH_JOB, {
    async run(payload, context) {
      const result = await dispatchPush({ db: context.db, log: context.log, sender, signal: context.signal }, payload);
      context.log.debug({ kind: payload.kind, ...result }, 'push dispatched');
    },
  });
}
