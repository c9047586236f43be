import { APICallError, LoadAPIKeyError } from '@ai-sdk/provider';
import type { LanguageModel, RetryError, TranscriptionModel } from 'ai';
import { LOCAL_KNOWLEDGE_MODEL } from '../../../contract';
import type { Config } from '../../config';
import { loadAnthropic, loadGoogle, loadOpenAi, loadOpenAiCompatible } from '../ai/sdk';
import { knowledgeBaseModel, type KnowledgeRequest } from './knowledge-base-model';

/** What choosing the language model of one reply needs. */
export interface ModelChoice {
  /** Provider-prefixed id, e.g. 'openai/gpt-4o-mini', 'openai-compatible/llama3.1', 'local/knowledge-base'. */
  model: string;
  /** The agent's key in the clear; undefined when it has none. */
  apiKey: string | undefined;
  /** What the offline model answers from (the pipeline's retrieval); other models read the prompt. */
  knowledge?: KnowledgeRequest;
}

/**
 * The language model for a reply; tests swap it for the AI SDK's mock models. The providers' own
 * resolve once their module has loaded (./ai-sdk.ts).
 */
export type LanguageModelResolver = (choice: ModelChoice) => LanguageModel | Promise<LanguageModel>;

/** The transcription model for a reply's voice notes, or undefined when the agent's provider offers none. */
export type TranscriptionModelResolver = (
  choice: Omit<ModelChoice, 'knowledge'>,
) => TranscriptionModel | undefined | Promise<TranscriptionModel | undefined>;

/** The providers whose models read images in the prompt (as AI SDK image parts). */
const VISION_PROVIDERS = ['openai', 'anthropic', 'google'] as const;
export type VisionProvider = (typeof VISION_PROVIDERS)[number];

/** The model's provider when it reads images; undefined for openai-compatible and local models. */
export function visionProvider(model: string): VisionProvider | undefined {
  const provider = model.slice(0, model.indexOf('/'));
  return VISION_PROVIDERS.find((name) => name === provider);
}

/** OpenAI's transcription model for voice notes (the only provider here that offers one). */
export const OPENAI_TRANSCRIPTION_MODEL = 'gpt-4o-mini-transcribe';

/** Whether an agent on this model gets its customers' voice notes transcribed. */
export function offersTranscription(model: string): boolean {
  return model.startsWith('openai/');
}

/** The AI SDK transcription model for an agent's model id, with the agent's own key. */
export function providerTranscriptionModel(): TranscriptionModelResolver {
  return async (choice) => {
    if (!offersTranscription(choice.model)) return undefined;
    const { createOpenAI } = await loadOpenAi();
    return createOpenAI({ apiKey: choice.apiKey }).transcription(OPENAI_TRANSCRIPTION_MODEL);
  };
}

/** The model id was not one we can serve (no such provider, or OPENAI_COMPATIBLE_BASE_URL unset). */
export class ModelUnavailable extends Error {}

/** The AI SDK model behind an agent's model id, with the agent's own key. */
export function providerLanguageModel(config: Pick<Config, 'openaiCompatibleBaseUrl'>): LanguageModelResolver {
  return async (choice) => {
    if (choice.model === LOCAL_KNOWLEDGE_MODEL) {
      if (!choice.knowledge) throw new ModelUnavailable('local/knowledge-base answers only a retrieved question');
      return knowledgeBaseModel(choice.knowledge);
    }
    const slash = choice.model.indexOf('/');
    const provider = choice.model.slice(0, slash);
    const modelId = choice.model.slice(slash + 1);
    switch (provider) {
      case 'openai':
        return (await loadOpenAi()).createOpenAI({ apiKey: choice.apiKey })(modelId);
      case 'anthropic':
        return (await loadAnthropic()).createAnthropic({ apiKey: choice.apiKey })(modelId);
      case 'google':
        return (await loadGoogle()).createGoogleGenerativeAI({ apiKey: choice.apiKey })(modelId);
      case 'openai-compatible':
        if (!config.openaiCompatibleBaseUrl) {
          throw new ModelUnavailable('OPENAI_COMPATIBLE_BASE_URL is not set, so openai-compatible models cannot run');
        }
        return (await loadOpenAiCompatible())
          .createOpenAICompatible({
            name: 'openai-compatible',
            baseURL: config.openaiCompatibleBaseUrl,
            apiKey: choice.apiKey,
            // Ollama, vLLM and LM Studio accept a JSON schema as the response format (memory extraction).
            supportsStructuredOutputs: true,
          })
          .chatModel(modelId);
      default:
        throw new ModelUnavailable(`No provider serves the model '${choice.model}'`);
    }
  };
}

/**
 * What a failed model call means for the reply: `key_rejected` (401/403, or no usable key: hand
 * over at once), `transient` (timeouts, 408, 409, 429, 5xx, network: retry with backoff) or
 * `fatal` (anything else, e.g. a request the provider refuses: retrying cannot help).
 */
export type ModelFailure = 'key_rejected' | 'transient' | 'fatal';

/** The AI SDK's RetryError, told by its name: its class is in `ai`, which this module does not load. */
function isRetryError(error: unknown): error is RetryError {
  return error instanceof Error && error.name === 'AI_RetryError' && 'lastError' in error;
}

export function classifyModelError(error: unknown): ModelFailure {
  if (isRetryError(error)) return classifyModelError(error.lastError);
  if (LoadAPIKeyError.isInstance(error)) return 'key_rejected';
  if (APICallError.isInstance(error)) {
    const status = error.statusCode;
    if (status === 401 || status === 403) return 'key_rejected';
    if (status === undefined || status === 408 || status === 409 || status === 429 || status >= 500) {
      return 'transient';
    }
    return error.isRetryable ? 'transient' : 'fatal';
  }
  if (error instanceof ModelUnavailable) return 'fatal';
  // The call's own time limit (AbortSignal.timeout): a DOMException, not always an `Error` across realms.
  const name = typeof error === 'object' && error !== null ? (error as { name?: unknown }).name : undefined;
  if (name === 'TimeoutError' || name === 'AbortError') return 'transient';
  // fetch's own network failures (connection refused, reset) before any HTTP answer.
  if (error instanceof TypeError && /fetch failed|network/i.test(error.message)) return 'transient';
  return 'fatal';
}
