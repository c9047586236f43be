import { MAX_LISTED_ESCALATIONS, type Conversation, type Escalation, type EscalationKind } from '../../../contract';
import { countOf } from '../../../contract/plural';
import type { Db, Executor } from '../../db/client';
import {
  customerMessageSql,
  customerName,
  listedConversation,
  publicConversationId,
  requireConversation,
} from './conversations';

/**
 * Who answers a conversation: the AI ('ai') or the owner ('human'), with the reason and time of the
 * last change. Every hand-over opens an escalation (the bell, 'Needs you'); handing back, or the
 * owner answering by hand, resolves them.
 */

export type ConversationOwner = 'ai' | 'human';

/** Readable reasons of the hand-overs the pipeline makes (the escalation's `reason`). */
export const HANDOVER_REASONS = {
  customerAsked: 'The customer asked for a person.',
  urgent: 'The customer may need urgent help.',
  upset: 'The customer is upset with the answers.',
  noKnowledge: 'Nothing in the documents answers this.',
  aiUnavailable: 'AI unavailable',
  keyRejected: 'AI key rejected',
  manualReply: 'You replied by hand.',
  tookOver: 'You took over.',
  emptyAnswer: 'The AI had no answer.',
  voiceNote: 'The customer sent a voice note the AI cannot listen to.',
  media: 'The customer sent a photo, video, document or place without any text.',
  sendUncertain: "The AI's answer may not have reached the customer.",
  sendFailed: "WhatsApp could not send the AI's answer.",
} as const;

/** What the customer is told when a person takes over, unless the agent says otherwise. */
export const DEFAULT_HANDOVER_MESSAGE =
  'Thanks for your patience — a person from our team will answer you here shortly.';

/** Why a conversation is the AI's again without a hand-back (the agent's resume setting). */
export const resumedReason = (minutes: number) =>
  `The AI answers again: you had not written for ${countOf(minutes, 'minute')}.`;

/**
 * The agent's resume setting: a conversation the owner took over (a reply by hand, 'Take over')
 * comes back to the AI once the owner has been silent `minutes` (since the take-over and since
 * their last message), but never while a hand-over is open: that customer waits for a person.
 * Answers whether it came back; null minutes: only a hand-back brings it back.
 */
export async function resumeAfterSilence(
  db: Executor,
  userId: number,
  conversationId: number,
  minutes: number | null,
): Promise<boolean> {
  if (minutes === null) return false;
  const resumed = await db.maybeOne(
    `update conversations c set owner = 'ai', owner_reason = $4, owner_changed_at = now(), updated_at = now()
      where c.id = $1 and c.user_id = $2 and c.owner = 'human'
        and coalesce(c.owner_changed_at, c.created_at) < now() - make_interval(mins => $3)
        and not exists (select 1 from escalations e
                         where e.conversation_id = c.id and e.user_id = c.user_id and e.resolved_at is null)
        and not exists (select 1 from messages m
                         where m.conversation_id = c.id and m.user_id = c.user_id and m.sender = 'human'
                           and m.sent_at > now() - make_interval(mins => $3))
      returning c.id`,
    [conversationId, userId, minutes, resumedReason(minutes)],
  );
  return resumed !== undefined;
}

export async function conversationOwner(db: Executor, userId: number, conversationId: number) {
  const row = await db.maybeOne<{ owner: ConversationOwner }>(
    'select owner from conversations where id = $1 and user_id = $2',
    [conversationId, userId],
  );
  return row?.owner;
}

export interface HandOver {
  userId: number;
  conversationId: number;
  kind: EscalationKind;
  reason: string;
}

/**
 * Marks the conversation the owner's and opens an escalation, in one transaction: a hand-over.
 * Answers false (and changes nothing) when one is open already, so that neither the owner nor the
 * customer hears of it twice. A conversation the owner answers already (after a reply by hand) gets
 * a hand-over too when none is open: the customer asked for a person, and the owner must see it.
 */
export async function handOver(db: Db, handover: HandOver): Promise<boolean> {
  return db.transaction(async (tx) => {
    const changed = await tx.maybeOne(
      `update conversations c set owner = 'human', owner_reason = $3, updated_at = now(),
              owner_changed_at = case when c.owner = 'ai' then now() else c.owner_changed_at end
        where id = $1 and user_id = $2
          and (c.owner = 'ai'
               or not exists (select 1 from escalations e
                               where e.conversation_id = c.id and e.user_id = c.user_id and e.resolved_at is null))
        returning id`,
      [handover.conversationId, handover.userId, handover.reason],
    );
    if (!changed) return false;
    await tx.query(`insert into escalations (user_id, conversation_id, reason, kind) values ($1, $2, $3, $4)`, [
      handover.userId,
      handover.conversationId,
      handover.reason,
      handover.kind,
    ]);
    return true;
  });
}

/**
 * Tells the owner of a question the AI could not answer, without taking the conversation from the
 * AI: an open escalation (the bell, the dashboard's unanswered questions) while the AI keeps
 * answering the customer's next questions.
 */
export async function notifyOwner(db: Db, notice: HandOver): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(`insert into escalations (user_id, conversation_id, reason, kind) values ($1, $2, $3, $4)`, [
      notice.userId,
      notice.conversationId,
      notice.reason,
      notice.kind,
    ]);
    await tx.query('update conversations set updated_at = now() where id = $1 and user_id = $2', [
      notice.conversationId,
      notice.userId,
    ]);
  });
}

/**
 * The owner answered by hand: the conversation stays theirs until handed back, and whatever
 * hand-over was open is answered. The change is recorded as a resolved 'manual_reply' escalation.
 */
export async function takeOverByHand(db: Db, userId: number, conversationId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const resolved = await tx.query(
      `update escalations set resolved_at = now() where conversation_id = $1 and user_id = $2 and resolved_at is null
       returning id`,
      [conversationId, userId],
    );
    if (resolved.length > 0) {
      await tx.query('update conversations set updated_at = now() where id = $1 and user_id = $2', [
        conversationId,
        userId,
      ]);
    }
    const changed = await tx.maybeOne(
      `update conversations set owner = 'human', owner_reason = $3, owner_changed_at = now(), updated_at = now()
        where id = $1 and user_id = $2 and owner = 'ai'
        returning id`,
      [conversationId, userId, HANDOVER_REASONS.manualReply],
    );
    if (changed) {
      await tx.query(
        `insert into escalations (user_id, conversation_id, reason, kind, resolved_at)
         values ($1, $2, $3, 'manual_reply', now())`,
        [userId, conversationId, HANDOVER_REASONS.manualReply],
      );
    }
  });
}

/**
 * POST /messages/conversations/{id}/handback: the AI answers again and open hand-overs are resolved.
 * Another owner's conversation (or a malformed id) is the inbox's 404.
 */
export async function handBack(db: Db, userId: number, publicId: string): Promise<Conversation> {
  const conversation = await requireConversation(db, userId, publicId);
  await db.transaction(async (tx) => {
    await tx.query(
      'update escalations set resolved_at = now() where conversation_id = $1 and user_id = $2 and resolved_at is null',
      [conversation.id, userId],
    );
    await tx.query(
      `update conversations set updated_at = now(),
              owner = 'ai',
              owner_reason = case when owner = 'human' then 'Handed back to the AI.' else owner_reason end,
              owner_changed_at = case when owner = 'human' then now() else owner_changed_at end
        where id = $1 and user_id = $2`,
      [conversation.id, userId],
    );
  });
  const listed = await listedConversation(db, userId, conversation.id);
  if (!listed) throw new Error('a conversation just handed back is missing from its owner’s list');
  return listed;
}

/**
 * 'Take over': the owner answers this customer from now on, without having to write first. Open
 * hand-overs are answered by it; the AI stays silent until handed back (or, with the agent's
 * setting, until the owner has been silent long enough).
 */
export async function takeOver(db: Db, userId: number, publicId: string): Promise<Conversation> {
  const conversation = await requireConversation(db, userId, publicId);
  await db.batch([
    {
      text: 'update escalations set resolved_at = now() where conversation_id = $1 and user_id = $2 and resolved_at is null',
      params: [conversation.id, userId],
    },
    {
      text: `update conversations set updated_at = now(), owner = 'human',
              owner_reason = case when owner = 'ai' then $3 else owner_reason end,
              owner_changed_at = case when owner = 'ai' then now() else owner_changed_at end
        where id = $1 and user_id = $2`,
      params: [conversation.id, userId, HANDOVER_REASONS.tookOver],
    },
  ]);
  const listed = await listedConversation(db, userId, conversation.id);
  if (!listed) throw new Error('a conversation just taken over is missing from its owner’s list');
  return listed;
}

type EscalationRow = {
  id: number;
  wa_id: string;
  profile_name: string | null;
  username: string | null;
  reason: string;
  kind: EscalationKind;
  created_at: Date;
  resolved_at: Date | null;
  customer_message: string | null;
};

/**
 * GET /escalations: the owner's open hand-overs, newest first (the bell; its badge is their count),
 * or with `all` the latest ones, open or resolved (the dashboard's activity).
 */
export async function listEscalations(
  db: Executor,
  userId: number,
  status: 'open' | 'all' = 'open',
): Promise<Escalation[]> {
  const rows = await db.query<EscalationRow>(
    `select e.id, c.wa_id, c.profile_name, c.username, e.reason, e.kind, e.created_at, e.resolved_at,
            ${customerMessageSql('c')} as customer_message
       from escalations e join conversations c on c.id = e.conversation_id and c.user_id = e.user_id
      where e.user_id = $1 and ($2::boolean or e.resolved_at is null)
      order by e.created_at desc, e.id desc
      limit case when $2::boolean then $3::integer end`,
    [userId, status === 'all', MAX_LISTED_ESCALATIONS],
  );
  return rows.map((row) => {
    const conversationId = publicConversationId(row.wa_id);
    return {
      id: Number(row.id),
      conversation_id: conversationId,
      customer_name: customerName(row),
      reason: row.reason,
      kind: row.kind,
      created_at: row.created_at.toISOString(),
      resolved_at: row.resolved_at?.toISOString() ?? null,
      customer_message: row.customer_message,
    };
  });
}
