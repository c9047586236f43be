import type { LanguageModel, Tool } from 'ai';
import type { FastifyBaseLogger } from 'fastify';
import type { MessageSources } from '../../../contract';
import type { Config } from '../../config';
import { callSignal, sleep as sleepFor } from '../../shutdown';
import type { AgentRow } from '../agents/agents';
import type { ContextHit } from '../knowledge/contexts';
import type { ReplyContext } from './context';
import { onFirstUse } from '../../first-use';
import { loadAi, loadZod } from '../ai/sdk';
import { ESCALATE_TOOL, type KnowledgeBaseMetadata } from './knowledge-base-model';
import { classifyModelError, type LanguageModelResolver } from './models';
import type { PromptMemory } from './prompt';

/**
 * The model's answer to a reply's prompt: its text (and which passages it used), its call for a
 * person, or why there is none. Transient failures are retried with a growing wait.
 */

export interface GenerationDeps {
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  config: Pick<Config, 'replyRetryBaseMs'>;
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
const EXCERPT_LENGTH = 160;
/**
 * How freely a model words its answers: low, for a business's facts (the same question gets the same
 * answer), not zero, so that it still reads like a person.
 */
export const REPLY_TEMPERATURE = 0.3;
/**
 * The longest answer a model may write, in tokens: a WhatsApp message of a few short paragraphs (one
 * message holds 4,096 characters, about 1,000 tokens; ./one-message.ts shortens what is longer).
 */
export const REPLY_MAX_OUTPUT_TOKENS = 700;

export type Generated =
  | { kind: 'text'; text: string; contextIds: number[] | null; unanswered: boolean }
  | { kind: 'escalate'; reason: string }
  | { kind: 'failed'; failure: 'key_rejected' | 'unavailable'; error: unknown };

/** The tool the model calls to hand over, built on first use (with the AI SDK and zod). */
const escalateTool = onFirstUse(async (): Promise<Tool> => {
  const [{ tool }, { z }] = await Promise.all([loadAi(), loadZod()]);
  return tool({
    description:
      'Hand the conversation to a person from the business. Use it when the customer asks for a person, ' +
      'or when you cannot answer from the knowledge you were given.',
    inputSchema: z.object({ reason: z.string().describe('Why a person should take over, in a few words') }),
  });
});

async function generate(deps: GenerationDeps, model: LanguageModel, prompt: ReplyContext['prompt']) {
  const sleep = deps.sleep ?? ((ms: number) => sleepFor(ms, deps.signal));
  const [{ generateText }, escalate] = await Promise.all([loadAi(), escalateTool()]);
  for (let attempt = 1; ; attempt += 1) {
    const call = callSignal(deps.signal, MODEL_TIMEOUT_MS);
    try {
      const result = await generateText({
        model,
        system: prompt.system,
        messages: prompt.messages,
        tools: { [ESCALATE_TOOL]: escalate },
        temperature: REPLY_TEMPERATURE,
        maxOutputTokens: REPLY_MAX_OUTPUT_TOKENS,
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
      return {
        kind: 'text',
        text: result.text.trim(),
        contextIds: metadata?.contextIds ?? null,
        unanswered: metadata?.unanswered ?? false,
      } satisfies Generated;
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

export function sourcesOf(
  passages: ContextHit[],
  memories: PromptMemory[],
  usedContextIds: number[] | null,
): MessageSources {
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

/** The agent's model (the offline one is given the question, passages and turns) and its answer to the prompt. */
export async function generateAnswer(
  deps: GenerationDeps,
  agent: AgentRow,
  apiKey: string | undefined,
  context: ReplyContext,
): Promise<Generated> {
  let model: LanguageModel;
  try {
    model = await deps.languageModel({ model: agent.model, apiKey, knowledge: context.knowledge });
  } catch (error) {
    return { kind: 'failed', failure: 'unavailable', error };
  }
  return generate(deps, model, context.prompt);
}
