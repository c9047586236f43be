import type { EmbeddingModel } from 'ai';
import type { Config } from '../../config';
import { loadAi, loadGoogle, loadOpenAi, loadOpenAiCompatible } from './sdk';

/** What choosing an embedding model needs from an agent. */
export interface EmbeddingAgent {
  /** Provider-prefixed model id, e.g. 'openai/gpt-4o-mini' or 'local/knowledge-base'. */
  model: string;
  /** The agent's API key in the clear, when it has one. */
  apiKey: string | undefined;
}

/**
 * The embedding model that goes with an agent's provider, or null when the provider offers none
 * (the providers' own resolve once their module has loaded: ./sdk.ts).
 */
export type EmbeddingModelResolver = (agent: EmbeddingAgent) => EmbeddingModel | null | Promise<EmbeddingModel | null>;

/** Chunks embedded per provider call. */
const EMBED_BATCH = 96;

/**
 * Embeddings are requested this short (OpenAI's text-embedding-3 and Gemini's embedding models
 * shorten on request with little loss): exact search over one agent's 10,000 chunks then stays
 * within DESIGN.md §11's 30 ms on PGlite, and a vector fits uncompressed in its row.
 */
export const EMBEDDING_DIMENSIONS = 256;
/** Longer vectors (an OpenAI-compatible server's model may not shorten) are not stored: search stays full-text. */
export const MAX_STORED_DIMENSIONS = 1536;

const PROVIDER_OPTIONS = {
  openai: { dimensions: EMBEDDING_DIMENSIONS },
  google: { outputDimensionality: EMBEDDING_DIMENSIONS },
};

/**
 * OpenAI and Google offer embeddings under the agent's own key; an OpenAI-compatible server offers
 * the embedding model it is configured with (its key optional, as for its chat models). `local/`
 * (offline) and `anthropic/` (no embeddings API) have none. Without embeddings, retrieval is
 * full-text only.
 */
export function providerEmbeddingModel(
  config: Pick<Config, 'openaiCompatibleBaseUrl' | 'openaiCompatibleEmbeddingModel'>,
): EmbeddingModelResolver {
  return async (agent) => {
    const provider = agent.model.split('/')[0];
    if (provider === 'openai-compatible') {
      if (!config.openaiCompatibleBaseUrl || !config.openaiCompatibleEmbeddingModel) return null;
      return (await loadOpenAiCompatible())
        .createOpenAICompatible({
          name: 'openai-compatible',
          baseURL: config.openaiCompatibleBaseUrl,
          apiKey: agent.apiKey,
        })
        .embeddingModel(config.openaiCompatibleEmbeddingModel);
    }
    if (!agent.apiKey) return null;
    switch (provider) {
      case 'openai':
        return (await loadOpenAi()).createOpenAI({ apiKey: agent.apiKey }).embedding('text-embedding-3-small');
      case 'google':
        return (await loadGoogle())
          .createGoogleGenerativeAI({ apiKey: agent.apiKey })
          .textEmbeddingModel('gemini-embedding-001');
      default:
        return null;
    }
  };
}

/** The texts' embeddings in order, or null when the agent's provider has no embedding model. */
export async function embedTexts(
  model: EmbeddingModel | null,
  texts: string[],
  abortSignal?: AbortSignal,
): Promise<number[][] | null> {
  if (!model || texts.length === 0) return null;
  const { embedMany } = await loadAi();
  const embeddings: number[][] = [];
  for (let start = 0; start < texts.length; start += EMBED_BATCH) {
    const batch = texts.slice(start, start + EMBED_BATCH);
    const result = await embedMany({
      model,
      values: batch,
      maxRetries: 2,
      abortSignal,
      providerOptions: PROVIDER_OPTIONS,
    });
    embeddings.push(...result.embeddings);
  }
  if (embeddings.some((embedding) => embedding.length === 0 || embedding.length > MAX_STORED_DIMENSIONS)) return null;
  return embeddings.map(normalize);
}

/**
 * Scaled to length 1 (shortened embeddings are not, whatever the provider): the inner product of
 * unit vectors orders them as cosine similarity does, and pgvector computes it faster.
 */
export function normalize(embedding: number[]): number[] {
  const length = Math.hypot(...embedding);
  return length === 0 ? embedding : embedding.map((value) => value / length);
}

/** pgvector's text form, '[0.1,0.2,…]'. */
export function toVectorLiteral(embedding: number[]): string {
  return `[${embedding.join(',')}]`;
}
