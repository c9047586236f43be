import type { PushKind } from '../../../contract';

/* Each kind of push (contract/push.ts): its title and urgency, and the job that sends it. */

/** The job the database queues for each event (migration 0056: push_queued, one trigger per event). */
export const PUSH_JOB = 'push.notify';

export interface PushJobPayload {
  kind: PushKind;
  userId: number;
  conversationId: number;
}

/** The notification's title, from who it is about (the customer's name or number). */
export const PUSH_TITLES: Record<PushKind, (who: string) => string> = {
  handover: (who) => `${who} needs you`,
  new_customer: (who) => `New customer: ${who}`,
  mention: (who) => `You were mentioned in ${who}`,
  assignment: (who) => `${who} was assigned to you`,
};

/** A customer waiting for a person is worth waking a phone for; a new customer, at the push service's pace. */
export const PUSH_URGENCY: Record<PushKind, 'high' | 'normal'> = {
  handover: 'high',
  new_customer: 'normal',
  mention: 'high',
  assignment: 'high',
};

/** A notification an hour late says nothing the inbox does not: the push service drops it after this. */
export const PUSH_TTL_SECONDS = 60 * 60;
