import { LOCAL_KNOWLEDGE_MODEL, type EscalationKind } from '../../../contract';
import type { ReceivedMessage } from '../../events';
import { findActiveAgent, type AgentRow } from '../agents/agents';
import { openAgentApiKey } from '../agents/api-keys';
import { findSendingConnection } from '../whatsapp/sending-connection';
import type { EmbeddingModelResolver } from '../ai/embeddings';
import type { MediaStore } from '../media/store';
import {
  attemptState,
  claimAttempt,
  deferAttempt,
  mediaAwaited,
  recordAttempt,
  setReplying,
  supersededBy,
} from './attempts';
import {
  conversationState,
  recentMessages,
  replyContext,
  splitBurst,
  type ConversationRow,
  type ReplyContext,
} from './context';
import { generateAnswer, sourcesOf, type GenerationDeps, type Generated } from './generation';
import { detectPersonRequest, handoverReason } from './handover-phrases';
import { detectLanguage } from './language';
import { mediaDecision, spokenText } from './media-turns';
import {
  DEFAULT_HANDOVER_MESSAGE,
  HANDOVER_REASONS,
  conversationOwner,
  notifyOwner,
  resumeAfterSilence,
} from '../inbox/ownership';
import { asOneMessage } from './one-message';
import { PHRASES } from './phrasing';
import { afterFailedSend, handOverOnce, handOverSilently, sendAsAi, type SendDeps } from './sending';

/**
 * The reply job: one customer message → at most one answer from the owner's active agent, or a
 * hand-over to the owner. Every step that could send is recorded first (attempts.ts), so a job run
 * twice never sends twice: a run that finds an earlier one cut short while sending hands over
 * instead, and a send that failed for a passing reason is thrown to the job, which runs the reply
 * again after its backoff. The reply is written from its context (context.ts) by the agent's model
 * (generation.ts). A reply whose customer messages still have media on the way steps back until
 * the media job settles it (after-media.ts); media the agent cannot read are handled before any
 * model runs (media-turns.ts).
 */

export { REPLY_JOB } from './job-names';

export interface ReplyDeps extends GenerationDeps, SendDeps {
  log: GenerationDeps['log'];
  embeddingModel: EmbeddingModelResolver;
  mediaStore: MediaStore;
}

export type ReplyOutcome =
  | 'replied'
  | 'awaiting_media'
  | 'ignored'
  | 'handed_over'
  | 'superseded'
  | 'already_handled'
  | 'no_agent'
  | 'human_owner'
  | 'window_closed'
  | 'not_connected'
  | 'person_took_over';

/** Hands the conversation to the owner and tells the customer once (only when it was the AI's). */
async function handOverAndTell(
  deps: ReplyDeps,
  payload: ReceivedMessage,
  agent: AgentRow & { handover_message?: string | null },
  kind: EscalationKind,
  reason: string,
  detail = reason,
): Promise<ReplyOutcome> {
  if (!(await handOverOnce(deps.db, payload, kind, reason))) return 'human_owner';
  await recordAttempt(deps.db, payload, 'sending', `hand-over: ${detail}`);
  const text = agent.handover_message?.trim() || DEFAULT_HANDOVER_MESSAGE;
  const told = await sendAsAi(deps, payload, text, undefined);
  await recordAttempt(deps.db, payload, 'handed_over', null, 'sent' in told ? told.sent.id : null);
  return 'handed_over';
}

/** Whether the customer's latest messages (the burst being answered) ask for a person. */
async function asksForPersonNow(deps: ReplyDeps, payload: ReceivedMessage): Promise<boolean> {
  const { burst } = splitBurst(await recentMessages(deps.db, payload));
  return burst.some((row) => detectPersonRequest(spokenText(row)).asks);
}

/**
 * A voice note the agent cannot listen to: in the customer's language (their earlier texts', else
 * the agent's prompts'), it asks them to type it; or, per the agent's setting, it hands over.
 */
async function answerVoiceNote(
  deps: ReplyDeps,
  payload: ReceivedMessage,
  agent: AgentRow,
  messages: ConversationRow[],
): Promise<ReplyOutcome> {
  if (agent.voice_notes === 'hand_over') {
    return handOverAndTell(deps, payload, agent, 'media', HANDOVER_REASONS.voiceNote);
  }
  const written = messages
    .filter((row) => row.direction === 'inbound')
    .map(spokenText)
    .join('\n');
  const language = detectLanguage(written, detectLanguage(`${agent.system_prompt}\n${agent.user_prompt}`));
  await recordAttempt(deps.db, payload, 'sending', 'voice note: asked for text');
  const voiceNote = messages.findLast((row) => row.type === 'audio');
  const asked = await sendAsAi(deps, payload, PHRASES[language].voiceNote(), voiceNote?.wamid, deps.retriesLeft);
  if (!('sent' in asked)) return afterFailedSend(deps, payload, asked);
  await recordAttempt(deps.db, payload, 'sent', null, asked.sent.id);
  return 'replied';
}

/**
 * Runs the whole pipeline for one customer message; the outcome is for logs and tests. However it
 * ends (a hand-over, a retry, an error), 'AI is replying…' ends with it.
 */
export async function runReply(deps: ReplyDeps, payload: ReceivedMessage): Promise<ReplyOutcome> {
  try {
    return await answer(deps, payload);
  } finally {
    await setReplying(deps.db, payload, false);
  }
}

/** The run's first checks, before anything is read: whether this message is still this run's to answer. */
async function claimThisRun(deps: ReplyDeps, payload: ReceivedMessage): Promise<ReplyOutcome | undefined> {
  // An earlier run was cut short while sending (a crash, a shutdown): its answer may or may not
  // have reached the customer, so nothing is sent again, and the owner is told.
  if ((await attemptState(deps.db, payload)) === 'sending') {
    return handOverSilently(deps, payload, 'send_uncertain', HANDOVER_REASONS.sendUncertain);
  }
  if (await supersededBy(deps.db, payload)) return 'superseded';
  if (await mediaAwaited(deps.db, payload)) {
    await deferAttempt(deps.db, payload);
    return 'awaiting_media';
  }
  if (!(await claimAttempt(deps.db, payload))) return 'already_handled';
  return undefined;
}

/** An agent answers, the conversation is the AI's, its window open, WhatsApp connected — or why not. */
async function mayAnswer(deps: ReplyDeps, payload: ReceivedMessage, agent: AgentRow) {
  const conversation = await conversationState(deps.db, payload);
  // The owner answers this customer: the AI stays silent, unless the customer asks for a person,
  // which the owner must always hear of (a hand-over, below), or the owner has been silent longer
  // than the agent's resume setting (the conversation is then the AI's again).
  if (
    !conversation ||
    (conversation.owner === 'human' &&
      !(await asksForPersonNow(deps, payload)) &&
      !(await resumeAfterSilence(deps.db, payload.userId, payload.conversationId, agent.resume_after_minutes)))
  ) {
    await recordAttempt(deps.db, payload, 'left_to_person', 'a person owns the conversation');
    return 'human_owner' as const;
  }
  if (!conversation.window_open) {
    await recordAttempt(deps.db, payload, 'skipped', 'the 24-hour window has closed');
    return 'window_closed' as const;
  }
  const sending = await findSendingConnection(deps.db, deps.secrets, payload.userId);
  if (!sending) {
    await recordAttempt(deps.db, payload, 'skipped', 'WhatsApp is not connected');
    return 'not_connected' as const;
  }
  return { conversation, sending };
}

/** What the customer's messages settle before any model runs: a request for a person, media the agent cannot read. */
async function answeredWithoutModel(
  deps: ReplyDeps,
  payload: ReceivedMessage,
  agent: AgentRow,
  customerMessages: ConversationRow[],
  earlier: ConversationRow[],
): Promise<ReplyOutcome | undefined> {
  const personRequest = customerMessages
    .map((row) => detectPersonRequest(spokenText(row)))
    .find((decision) => decision.asks);
  if (personRequest) {
    const reason = handoverReason(personRequest.need);
    return handOverAndTell(deps, payload, agent, 'customer_asked', reason, personRequest.reason);
  }
  const media = mediaDecision(agent.model, customerMessages);
  if (media === 'ignore') {
    await recordAttempt(deps.db, payload, 'skipped', 'a sticker alone needs no answer');
    return 'ignored';
  }
  if (media === 'voice_note') return answerVoiceNote(deps, payload, agent, [...earlier, ...customerMessages]);
  if (media === 'hand_over') return handOverAndTell(deps, payload, agent, 'media', HANDOVER_REASONS.media);
  return undefined;
}

interface Written {
  context: ReplyContext;
  generated: Generated;
}

/**
 * The model writes the answer from its context, while WhatsApp shows the customer the typing indicator
 * (best effort, awaited before anything is sent) and the owner sees 'AI is replying…'.
 */
async function writeAnswer(
  deps: ReplyDeps,
  payload: ReceivedMessage,
  agent: AgentRow,
  apiKey: string | undefined,
  ready: Exclude<Awaited<ReturnType<typeof mayAnswer>>, string>,
  burst: { customerMessages: ConversationRow[]; earlier: ConversationRow[]; quoted: string },
): Promise<Written> {
  const { sending, conversation } = ready;
  const typing = deps.graph
    .markReadAndType(sending.token, sending.connection.phone_number_id, burst.quoted)
    .then(() => undefined)
    .catch((error: unknown) => {
      deps.log.warn({ err: error }, 'reply: typing indicator failed');
    });
  await setReplying(deps.db, payload, true);
  try {
    const context = await replyContext(deps, agent, apiKey, conversation, burst.customerMessages, burst.earlier);
    return { context, generated: await generateAnswer(deps, agent, apiKey, context) };
  } finally {
    await Promise.all([setReplying(deps.db, payload, false), typing]);
  }
}

/** A model that failed, asked for a person or wrote nothing: the conversation is handed over. */
function handOverInstead(
  deps: ReplyDeps,
  payload: ReceivedMessage,
  agent: AgentRow,
  generated: Generated,
): Promise<ReplyOutcome> {
  if (generated.kind === 'failed') {
    deps.log.warn({ err: generated.error, agentId: agent.id }, `reply: model failed (${generated.failure})`);
    return generated.failure === 'key_rejected'
      ? handOverAndTell(deps, payload, agent, 'key_rejected', HANDOVER_REASONS.keyRejected)
      : handOverAndTell(deps, payload, agent, 'ai_unavailable', HANDOVER_REASONS.aiUnavailable);
  }
  if (generated.kind === 'escalate') {
    const local = agent.model === LOCAL_KNOWLEDGE_MODEL;
    return handOverAndTell(
      deps,
      payload,
      agent,
      local ? 'no_knowledge' : 'model',
      generated.reason || (local ? HANDOVER_REASONS.noKnowledge : 'The AI asked for a person to take over.'),
    );
  }
  return handOverAndTell(deps, payload, agent, 'model', HANDOVER_REASONS.emptyAnswer);
}

/** Sends the written answer with its sources, unless a person took over meanwhile. */
async function sendAnswer(
  deps: ReplyDeps,
  payload: ReceivedMessage,
  { context, generated }: Written & { generated: Extract<Generated, { kind: 'text' }> },
  quoted: string,
): Promise<ReplyOutcome> {
  // A person may have taken over while the model was writing: then nothing is sent.
  if ((await conversationOwner(deps.db, payload.userId, payload.conversationId)) !== 'ai') {
    await recordAttempt(deps.db, payload, 'left_to_person', 'a person took over during generation');
    return 'person_took_over';
  }
  await recordAttempt(deps.db, payload, 'sending');
  const outcome = await sendAsAi(deps, payload, asOneMessage(generated.text), quoted, deps.retriesLeft);
  if (!('sent' in outcome)) return afterFailedSend(deps, payload, outcome);
  const { sent } = outcome;
  await deps.db.query('update messages set sources = $3::jsonb, updated_at = now() where user_id = $1 and wamid = $2', [
    payload.userId,
    sent.id,
    JSON.stringify(sourcesOf(context.passages, context.memories, generated.contextIds)),
  ]);
  if (generated.unanswered) {
    // The customer was told the team will answer; the owner sees the open question, and the AI
    // goes on answering this customer.
    await notifyOwner(deps.db, {
      userId: payload.userId,
      conversationId: payload.conversationId,
      kind: 'no_knowledge',
      reason: HANDOVER_REASONS.noKnowledge,
    });
  }
  const note = generated.unanswered ? 'unanswered: the owner was told' : null;
  await recordAttempt(deps.db, payload, 'sent', note, sent.id);
  return 'replied';
}

async function answer(deps: ReplyDeps, payload: ReceivedMessage): Promise<ReplyOutcome> {
  const claimed = await claimThisRun(deps, payload);
  if (claimed) return claimed;
  const agent = await findActiveAgent(deps.db, payload.userId);
  if (!agent) {
    await recordAttempt(deps.db, payload, 'skipped', 'no active agent');
    return 'no_agent';
  }
  const ready = await mayAnswer(deps, payload, agent);
  if (typeof ready === 'string') return ready;

  const { burst: customerMessages, earlier } = splitBurst(await recentMessages(deps.db, payload));
  if (customerMessages.length === 0) {
    await recordAttempt(deps.db, payload, 'skipped', 'answered already');
    return 'already_handled';
  }
  const settled = await answeredWithoutModel(deps, payload, agent, customerMessages, earlier);
  if (settled) return settled;

  let apiKey: string | undefined;
  try {
    apiKey = openAgentApiKey(deps.secrets, agent);
  } catch (error) {
    deps.log.warn({ err: error, agentId: agent.id }, 'reply: the agent’s API key does not open');
    return handOverAndTell(deps, payload, agent, 'key_rejected', HANDOVER_REASONS.keyRejected);
  }
  const quoted = customerMessages[customerMessages.length - 1].wamid;
  const written = await writeAnswer(deps, payload, agent, apiKey, ready, { customerMessages, earlier, quoted });
  const { generated } = written;
  if (generated.kind !== 'text' || generated.text === '') return handOverInstead(deps, payload, agent, generated);
  return sendAnswer(deps, payload, { ...written, generated }, quoted);
}
