import type { EscalationKind, Message } from '../../../contract';
import type { ReceivedMessage } from '../../events';
import { ShuttingDown } from '../../shutdown';
import type { InboxDeps } from '../inbox/deps';
import { sendReply } from '../inbox/reply';
import { sendFailureKind, type SendFailureKind } from '../whatsapp/graph-errors';
import { attemptState, recordAttempt, setReplying } from './attempts';
import { HANDOVER_REASONS, handOver } from '../inbox/ownership';

/**
 * How the AI's messages go out, and what a send that went wrong leads to. No customer's message
 * goes unanswered without the owner being told: a send that failed for a passing reason is tried
 * again by the job after its backoff, and handed over when the job's runs are used up; a refused
 * one is handed over at once; one that may have reached the customer (cut short, or Graph did not
 * answer in time) is handed over and never sent again.
 */

export interface SendDeps extends InboxDeps {
  /**
   * Whether the job runs again if this run fails: a send that failed for a passing reason is then
   * tried again; on the job's last run (or run by hand) it is handed over.
   */
  retriesLeft?: boolean;
}

/** A send that failed for a passing reason (Graph unreachable, its 5xx, a rate limit): the job tries again. */
export class SendFailedForNow extends Error {
  constructor(cause: unknown) {
    super('WhatsApp did not take the reply for now; the job tries again', { cause });
    this.name = 'SendFailedForNow';
  }
}

export type SendOutcome = { sent: Message } | { failure: SendFailureKind; error: unknown };

/**
 * Sends one message as the AI and says how it went: a refusal is stored as a failed message (the
 * inbox shows it); with `retriesLater`, a passing or uncertain failure is left to the caller,
 * nothing stored. A send cut short by the shutdown is thrown on: the job goes back to the queue
 * (and, its attempt recorded as sending, will not send again).
 */
export async function sendAsAi(
  deps: SendDeps,
  payload: ReceivedMessage,
  text: string,
  inReplyTo: string | undefined,
  retriesLater = false,
): Promise<SendOutcome> {
  try {
    const sent = await sendReply(
      { db: deps.db, graph: deps.graph, secrets: deps.secrets, log: deps.log },
      { userId: payload.userId, conversationId: payload.conversationId, text, inReplyTo, sender: 'ai', retriesLater },
    );
    return { sent };
  } catch (error) {
    if (error instanceof ShuttingDown) throw error;
    deps.log.warn({ err: error, conversationId: payload.conversationId }, 'reply: sending failed');
    return { failure: sendFailureKind(error), error };
  }
}

/** Hands the conversation over; false, recorded as skipped, when a hand-over is open already. */
export async function handOverOnce(
  db: SendDeps['db'],
  payload: ReceivedMessage,
  kind: EscalationKind,
  reason: string,
): Promise<boolean> {
  const changed = await handOver(db, { userId: payload.userId, conversationId: payload.conversationId, kind, reason });
  if (!changed) await recordAttempt(db, payload, 'skipped', 'a hand-over is open already');
  return changed;
}

/**
 * Hands the conversation to the owner without a word to the customer: a send went wrong (and a
 * second message could go wrong the same way, or follow an answer that did arrive).
 */
export async function handOverSilently(
  deps: Pick<SendDeps, 'db'>,
  payload: ReceivedMessage,
  kind: EscalationKind,
  reason: string,
): Promise<'handed_over' | 'human_owner'> {
  if (!(await handOverOnce(deps.db, payload, kind, reason))) return 'human_owner';
  await recordAttempt(deps.db, payload, 'handed_over', `hand-over: ${reason}`);
  return 'handed_over';
}

/**
 * After the AI's answer failed to go out: a passing failure with runs left is thrown to the job,
 * which runs the reply again after its backoff; otherwise the owner takes over. An answer that may
 * have reached the customer is never sent again.
 */
export async function afterFailedSend(
  deps: SendDeps,
  payload: ReceivedMessage,
  failed: { failure: SendFailureKind; error: unknown },
): Promise<'handed_over' | 'human_owner'> {
  if (failed.failure === 'passing' && deps.retriesLeft) {
    await recordAttempt(deps.db, payload, 'started', 'the send failed for now: tried again');
    throw new SendFailedForNow(failed.error);
  }
  return failed.failure === 'uncertain'
    ? handOverSilently(deps, payload, 'send_uncertain', HANDOVER_REASONS.sendUncertain)
    : handOverSilently(deps, payload, 'send_failed', HANDOVER_REASONS.sendFailed);
}

/**
 * The reply job failed for good (its runs kept failing, or ended their process twice): unless an
 * answer or a hand-over went out, the owner is told, and 'AI is replying…' ends.
 */
export async function replyGaveUp(deps: Pick<SendDeps, 'db'>, payload: ReceivedMessage): Promise<void> {
  await setReplying(deps.db, payload, false);
  const state = await attemptState(deps.db, payload);
  if (state === 'sending') {
    await handOverSilently(deps, payload, 'send_uncertain', HANDOVER_REASONS.sendUncertain);
  } else if (state === undefined || state === 'started' || state === 'awaiting_media') {
    await handOverSilently(deps, payload, 'ai_unavailable', HANDOVER_REASONS.aiUnavailable);
  }
}
