import { generateText, tool, type LanguageModel } from 'ai';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { INBOX_LIMITS, LOCAL_KNOWLEDGE_MODEL, type EscalationKind, type MessageSources } from '../../../contract';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { ReceivedMessage } from '../../events';
import type { Secrets } from '../../secrets';
import { callSignal, ShuttingDown, sleep as sleepFor } from '../../shutdown';
import { findActiveAgent, type AgentRow } from '../agents/agents';
import { openAgentApiKey } from '../agents/api-keys';
import { sendReply } from '../inbox/reply';
import { findSendingConnection } from '../inbox/sending-connection';
import { searchContexts, type ContextHit } from '../knowledge/contexts';
import { embedTexts, type EmbeddingModelResolver } from '../knowledge/embeddings';
import type { GraphClient } from '../whatsapp/graph-client';
import { asksForPerson } from './handover-phrases';
import { ESCALATE_TOOL, type KnowledgeBaseMetadata } from './knowledge-base-model';
import { classifyModelError, type LanguageModelResolver } from './models';
import { DEFAULT_HANDOVER_MESSAGE, HANDOVER_REASONS, conversationOwner, handOver } from './ownership';
import { assemblePrompt, type HistoryTurn, type PromptMemory, type PromptPassage } from './prompt';

/**
 * The reply job (issue 7): one customer message → at most one answer from the owner's active
 * agent, or a hand-over to the owner. Every step that could send is recorded first in
 * reply_attempts, keyed by the message's wamid, so a job run twice (a duplicate delivery, a retry,
 * a crash between the send and its bookkeeping) never sends twice.
 */

export const REPLY_JOB = 'reply';

/** The reply job's payload: the message to answer. */
export type ReplyPayload = ReceivedMessage;

export interface ReplyDeps {
  db: Db;
  graph: GraphClient;
  secrets: Pick<Secrets, 'decrypt'>;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  config: Pick<Config, 'replyRetryBaseMs'>;
  embeddingModel: EmbeddingModelResolver;
  languageModel: LanguageModelResolver;
  /** Waits between retries; tests may pass one that does not wait. */
  sleep?: (ms: number) => Promise<void>;
  /**
   * The job's signal (`JobContext.signal`), aborted when the process shuts down: the model call and
   * the waits between retries give up, and the job goes back to the queue instead of handing over.
   */
  signal?: AbortSignal;
}

/** Model calls per reply (the first and three retries) before handing over with 'AI unavailable'. */
export const MAX_MODEL_ATTEMPTS = 4;
/** One model call gives up after this long (then counts as a transient failure). */
export const MODEL_TIMEOUT_MS = 60_000;
/** Passages and memories put into the prompt. */
export const TOP_PASSAGES = 5;
export const MAX_MEMORIES = 20;
/** Earlier messages of the conversation given as turns. */
export const HISTORY_TURNS = 20;
const EXCERPT_LENGTH = 160;

export type ReplyOutcome =
  | 'replied'
  | 'handed_over'
  | 'superseded'
  | 'already_handled'
  | 'no_agent'
  | 'human_owner'
  | 'window_closed'
  | 'not_connected'
  | 'person_took_over'
  | 'send_failed';

type ConversationState = {
  id: number;
  wa_id: string;
  profile_name: string | null;
  owner: 'ai' | 'human';
  window_open: boolean;
};

type InboundRow = { id: number; wamid: string; body: string; direction: 'inbound' | 'outbound'; sent_at: Date };

/** Whether a customer message came after this one: then its own job answers the whole burst. */
async function supersededBy(db: Db, payload: ReplyPayload): Promise<boolean> {
  const newer = await db.maybeOne(
    `select 1 as found from messages
      where conversation_id = $1 and user_id = $2 and direction = 'inbound' and id > $3
      limit 1`,
    [payload.conversationId, payload.userId, payload.messageId],
  );
  return newer !== undefined;
}

type AttemptState = 'started' | 'skipped' | 'sending' | 'sent' | 'handed_over';

/** Claims the message for this run; false when an earlier run got as far as sending (or finished). */
async function claimAttempt(db: Db, payload: ReplyPayload): Promise<boolean> {
  // On conflict the no-op update makes `returning` give the existing row's state.
  const row = await db.one<{ state: AttemptState }>(
    `insert into reply_attempts (user_id, conversation_id, wamid) values ($1, $2, $3)
     on conflict on constraint reply_attempts_user_id_wamid_key do update set state = reply_attempts.state
     returning state`,
    [payload.userId, payload.conversationId, payload.wamid],
  );
  return row.state === 'started';
}

async function recordAttempt(
  db: Db,
  payload: ReplyPayload,
  state: AttemptState,
  detail: string | null = null,
  replyWamid: string | null = null,
): Promise<void> {
  await db.query(
    `update reply_attempts set state = $3, detail = coalesce($4, detail), reply_wamid = coalesce($5, reply_wamid),
            updated_at = now()
      where user_id = $1 and wamid = $2`,
    [payload.userId, payload.wamid, state, detail, replyWamid],
  );
}

async function conversationState(db: Db, payload: ReplyPayload): Promise<ConversationState | undefined> {
  return db.maybeOne<ConversationState>(
    `select id, wa_id, profile_name, owner,
            coalesce(last_inbound_at > now() - interval '24 hours', false) as window_open
       from conversations where id = $1 and user_id = $2`,
    [payload.conversationId, payload.userId],
  );
}

/**
 * The conversation's latest visible messages in the order they reached us (row ids): the customer's
 * clock (their messages' timestamps) and ours need not agree.
 */
async function recentMessages(db: Db, payload: ReplyPayload): Promise<InboundRow[]> {
  const rows = await db.query<InboundRow>(
    `select id, wamid, body, direction, sent_at from messages
      where conversation_id = $1 and user_id = $2 and hidden_at is null and status <> 'failed'
      order by id desc
      limit $3`,
    [payload.conversationId, payload.userId, HISTORY_TURNS + 10],
  );
  return rows.reverse();
}

/** The customer's messages since our last message (the burst this reply answers), and what came before. */
export function splitBurst(messages: InboundRow[]): { burst: InboundRow[]; earlier: InboundRow[] } {
  let start = messages.length;
  while (start > 0 && messages[start - 1].direction === 'inbound') start -= 1;
  return { burst: messages.slice(start), earlier: messages.slice(0, start) };
}

async function setReplying(db: Db, payload: ReplyPayload, replying: boolean): Promise<void> {
  await db.query(
    `update conversations set ai_replying_since = ${replying ? 'now()' : 'null'}, updated_at = now()
      where id = $1 and user_id = $2`,
    [payload.conversationId, payload.userId],
  );
}

/** Words of the message joined by `or`: a question matches passages that share any of them. */
export function retrievalQuery(message: string): string {
  const words = message.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'-]*/gu) ?? [];
  return [...new Set(words.filter((word) => word.length > 1 && word !== 'or'))].slice(0, 30).join(' or ');
}

async function queryEmbedding(deps: ReplyDeps, agent: AgentRow, apiKey: string | undefined, text: string) {
  try {
    // No embedding model (local, Anthropic, no key), or no embedded passages: full-text only.
    const model = deps.embeddingModel({ model: agent.model, apiKey });
    if (!model) return null;
    const embedded = await deps.db.maybeOne(
      'select 1 as found from contexts where agent_id = $1 and user_id = $2 and embedding is not null limit 1',
      [agent.id, agent.user_id],
    );
    if (!embedded) return null;
    return (await embedTexts(model, [text]))?.[0] ?? null;
  } catch (error) {
    deps.log.warn({ err: error }, 'reply: query embedding failed; retrieving full-text only');
    return null;
  }
}

async function retrieve(deps: ReplyDeps, agent: AgentRow, apiKey: string | undefined, message: string) {
  const query = retrievalQuery(message);
  if (query === '') return [];
  const embedding = await queryEmbedding(deps, agent, apiKey, message);
  return searchContexts(deps.db, {
    userId: Number(agent.user_id),
    agentId: Number(agent.id),
    query,
    embedding,
    limit: TOP_PASSAGES,
  });
}

async function customerMemories(deps: ReplyDeps, agent: AgentRow, phone: string): Promise<PromptMemory[]> {
  const rows = await deps.db.query<{ id: number; memory: string }>(
    `select id, memory from memories
      where agent_id = $1 and user_id = $2 and from_phone_number = $3
      order by updated_at desc, id desc limit $4`,
    [agent.id, agent.user_id, phone, MAX_MEMORIES],
  );
  return rows.map((row) => ({ id: Number(row.id), text: row.memory }));
}

/** The customer's number as memories key it: E.164 with the '+'. */
export function customerPhone(waId: string): string {
  return `+${waId}`;
}

type Generated =
  | { kind: 'text'; text: string; contextIds: number[] | null }
  | { kind: 'escalate'; reason: string }
  | { kind: 'failed'; failure: 'key_rejected' | 'unavailable'; error: unknown };

const escalateTool = tool({
  description:
    'Hand the conversation to a person from the business. Use it when the customer asks for a person, ' +
    'or when you cannot answer from the knowledge you were given.',
  inputSchema: z.object({ reason: z.string().describe('Why a person should take over, in a few words') }),
});

async function generate(deps: ReplyDeps, model: LanguageModel, prompt: ReturnType<typeof assemblePrompt>) {
  const sleep = deps.sleep ?? ((ms: number) => sleepFor(ms, deps.signal));
  for (let attempt = 1; ; attempt += 1) {
    const call = callSignal(deps.signal, MODEL_TIMEOUT_MS);
    try {
      const result = await generateText({
        model,
        system: prompt.system,
        messages: prompt.messages,
        tools: { [ESCALATE_TOOL]: escalateTool },
        maxRetries: 0,
        abortSignal: call.signal,
      }).finally(() => call.release());
      const escalation = result.toolCalls.find((call) => call.toolName === ESCALATE_TOOL);
      if (escalation) {
        const input = escalation.input as { reason?: unknown };
        const reason = typeof input.reason === 'string' && input.reason.trim() !== '' ? input.reason.trim() : '';
        return { kind: 'escalate', reason } satisfies Generated;
      }
      const metadata = result.providerMetadata?.knowledgeBase as KnowledgeBaseMetadata | undefined;
      return { kind: 'text', text: result.text.trim(), contextIds: metadata?.contextIds ?? null } satisfies Generated;
    } catch (error) {
      // Shutting down is no failure of the model's: no retry, no hand-over.
      deps.signal?.throwIfAborted();
      const failure = classifyModelError(error);
      if (failure === 'key_rejected') return { kind: 'failed', failure, error } satisfies Generated;
      if (failure === 'fatal' || attempt >= MAX_MODEL_ATTEMPTS) {
        return { kind: 'failed', failure: 'unavailable', error } satisfies Generated;
      }
      const wait = deps.config.replyRetryBaseMs * 2 ** (attempt - 1);
      deps.log.warn({ err: error, attempt, wait }, 'reply: model call failed; retrying');
      await sleep(wait);
      deps.signal?.throwIfAborted();
    }
  }
}

function sourcesOf(passages: ContextHit[], memories: PromptMemory[], usedContextIds: number[] | null): MessageSources {
  const used = usedContextIds === null ? passages : passages.filter((passage) => usedContextIds.includes(passage.id));
  return {
    contexts: used.map((passage) => ({
      id: passage.id,
      document_name: passage.document_name,
      excerpt:
        passage.context.length > EXCERPT_LENGTH
          ? `${passage.context.slice(0, EXCERPT_LENGTH).trimEnd()}…`
          : passage.context,
    })),
    // The offline model reads no memories; a real model is given them all.
    memories: usedContextIds === null ? memories.map((memory) => ({ id: memory.id, memory: memory.text })) : [],
  };
}

/**
 * Sends one message as the AI; a refusal is logged (the inbox shows a failed send), never retried.
 * A send cut short by the shutdown is thrown on: the job goes back to the queue (and, its attempt
 * recorded as sending, will not send again).
 */
async function sendAsAi(deps: ReplyDeps, payload: ReplyPayload, text: string, inReplyTo: string | undefined) {
  try {
    return await sendReply(
      { db: deps.db, graph: deps.graph, secrets: deps.secrets, log: deps.log },
      { userId: payload.userId, conversationId: payload.conversationId, text, inReplyTo, sender: 'ai' },
    );
  } catch (error) {
    if (error instanceof ShuttingDown) throw error;
    deps.log.warn({ err: error, conversationId: payload.conversationId }, 'reply: sending failed');
    return undefined;
  }
}

/** Hands the conversation to the owner and tells the customer once (only when it was the AI's). */
async function handOverAndTell(
  deps: ReplyDeps,
  payload: ReplyPayload,
  agent: AgentRow & { handover_message?: string | null },
  kind: EscalationKind,
  reason: string,
): Promise<ReplyOutcome> {
  const changed = await handOver(deps.db, {
    userId: payload.userId,
    conversationId: payload.conversationId,
    kind,
    reason,
  });
  if (!changed) {
    await recordAttempt(deps.db, payload, 'skipped', 'a person owns the conversation already');
    return 'human_owner';
  }
  await recordAttempt(deps.db, payload, 'sending', `hand-over: ${reason}`);
  const text = agent.handover_message?.trim() || DEFAULT_HANDOVER_MESSAGE;
  const sent = await sendAsAi(deps, payload, text, undefined);
  await recordAttempt(deps.db, payload, 'handed_over', null, sent?.id ?? null);
  return 'handed_over';
}

interface Answer {
  generated: Generated;
  passages: ContextHit[];
  memories: PromptMemory[];
}

/** Retrieval, memories, the prompt and the model's answer (or why there is none). */
async function writeAnswer(
  deps: ReplyDeps,
  agent: AgentRow,
  apiKey: string | undefined,
  conversation: ConversationState,
  customerMessages: InboundRow[],
  earlier: InboundRow[],
): Promise<Answer> {
  const phone = customerPhone(conversation.wa_id);
  const message = customerMessages.map((row) => row.body).join('\n');
  const passages = await retrieve(deps, agent, apiKey, message);
  const memories = await customerMemories(deps, agent, phone);
  const prompt = assemblePrompt({
    systemPrompt: agent.system_prompt,
    userPrompt: agent.user_prompt,
    customerName: conversation.profile_name ?? phone,
    customerPhone: phone,
    message,
    passages: passages.map((hit): PromptPassage => ({
      id: hit.id,
      text: hit.context,
      documentName: hit.document_name,
    })),
    memories,
    history: earlier
      .slice(-HISTORY_TURNS)
      .map((row): HistoryTurn => ({ from: row.direction === 'inbound' ? 'customer' : 'business', text: row.body })),
  });
  let model: LanguageModel;
  try {
    model = deps.languageModel({
      model: agent.model,
      apiKey,
      knowledge: {
        question: message,
        customerName: conversation.profile_name,
        passages: passages.map((hit) => ({ id: hit.id, text: hit.context })),
      },
    });
  } catch (error) {
    return { generated: { kind: 'failed', failure: 'unavailable', error }, passages, memories };
  }
  return { generated: await generate(deps, model, prompt), passages, memories };
}

/** Runs the whole pipeline for one customer message; the outcome is for logs and tests. */
export async function runReply(deps: ReplyDeps, payload: ReplyPayload): Promise<ReplyOutcome> {
  if (await supersededBy(deps.db, payload)) return 'superseded';
  if (!(await claimAttempt(deps.db, payload))) return 'already_handled';

  const agent = await findActiveAgent(deps.db, payload.userId);
  if (!agent) {
    await recordAttempt(deps.db, payload, 'skipped', 'no active agent');
    return 'no_agent';
  }
  const conversation = await conversationState(deps.db, payload);
  if (!conversation || conversation.owner === 'human') {
    await recordAttempt(deps.db, payload, 'skipped', 'a person owns the conversation');
    return 'human_owner';
  }
  if (!conversation.window_open) {
    await recordAttempt(deps.db, payload, 'skipped', 'the 24-hour window has closed');
    return 'window_closed';
  }
  const sending = await findSendingConnection(deps.db, deps.secrets, payload.userId);
  if (!sending) {
    await recordAttempt(deps.db, payload, 'skipped', 'WhatsApp is not connected');
    return 'not_connected';
  }

  const { burst: customerMessages, earlier } = splitBurst(await recentMessages(deps.db, payload));
  if (customerMessages.length === 0) {
    await recordAttempt(deps.db, payload, 'skipped', 'answered already');
    return 'already_handled';
  }
  const quoted = customerMessages[customerMessages.length - 1].wamid;

  if (customerMessages.some((row) => asksForPerson(row.body))) {
    return handOverAndTell(deps, payload, agent, 'customer_asked', HANDOVER_REASONS.customerAsked);
  }

  let apiKey: string | undefined;
  try {
    apiKey = openAgentApiKey(deps.secrets, agent);
  } catch (error) {
    deps.log.warn({ err: error, agentId: agent.id }, 'reply: the agent’s API key does not open');
    return handOverAndTell(deps, payload, agent, 'key_rejected', HANDOVER_REASONS.keyRejected);
  }

  // WhatsApp's typing indicator for the customer (best effort, while retrieval and the model run;
  // awaited before anything is sent) and 'AI is replying…' for the owner.
  const typing = deps.graph
    .markReadAndType(sending.token, sending.connection.phone_number_id, quoted)
    .then(() => undefined)
    .catch((error: unknown) => {
      deps.log.warn({ err: error }, 'reply: typing indicator failed');
    });
  await setReplying(deps.db, payload, true);
  let answer: Answer;
  try {
    answer = await writeAnswer(deps, agent, apiKey, conversation, customerMessages, earlier);
  } finally {
    await Promise.all([setReplying(deps.db, payload, false), typing]);
  }
  const { generated, passages, memories } = answer;

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
  if (generated.text === '') {
    return handOverAndTell(deps, payload, agent, 'model', HANDOVER_REASONS.emptyAnswer);
  }

  // A person may have taken over while the model was writing: then nothing is sent.
  if ((await conversationOwner(deps.db, payload.userId, payload.conversationId)) !== 'ai') {
    await recordAttempt(deps.db, payload, 'skipped', 'a person took over during generation');
    return 'person_took_over';
  }
  await recordAttempt(deps.db, payload, 'sending');
  const text = generated.text.slice(0, INBOX_LIMITS.maxReplyLength);
  const sent = await sendAsAi(deps, payload, text, quoted);
  if (!sent) {
    await recordAttempt(deps.db, payload, 'sending', 'send failed');
    return 'send_failed';
  }
  await deps.db.query('update messages set sources = $3::jsonb, updated_at = now() where user_id = $1 and wamid = $2', [
    payload.userId,
    sent.id,
    JSON.stringify(sourcesOf(passages, memories, generated.contextIds)),
  ]);
  await recordAttempt(deps.db, payload, 'sent', null, sent.id);
  return 'replied';
}
