import type { FastifyBaseLogger } from 'fastify';
import type { Context } from '../../../contract';
import type { Executor } from '../../db/client';
import type { Secrets } from '../../secrets';
import { requireAgent } from '../agents/agents';
import { openAgentApiKey } from '../agents/api-keys';
import { listContexts, searchContexts, type ContextHit } from './contexts';
import { embedTexts, type EmbeddingModelResolver } from '../ai/embeddings';

/**
 * Retrieval over an agent's contexts, for both who search them: the owner's search box and the
 * reply pipeline. Full-text always; by meaning too when the agent's model embeds and its contexts
 * carry embeddings.
 */
export interface ContextSearchDeps {
  db: Executor;
  embeddingModel: EmbeddingModelResolver;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

type SearchedAgent = { id: number; user_id: number; model: string };

/** Whether any of the agent's contexts carries an embedding (only then is the query embedded). */
async function hasEmbeddings(db: Executor, agent: SearchedAgent): Promise<boolean> {
  const row = await db.maybeOne(
    'select 1 as found from contexts where agent_id = $1 and user_id = $2 and embedding is not null limit 1',
    [agent.id, agent.user_id],
  );
  return row !== undefined;
}

/**
 * The text's embedding by the agent's model (`apiKey` opened); null without a model that embeds,
 * without embedded contexts, or when the provider fails (the search is then full-text only).
 */
async function queryEmbedding(
  deps: ContextSearchDeps,
  agent: SearchedAgent,
  apiKey: string | undefined,
  text: string,
): Promise<number[] | null> {
  try {
    const model = await deps.embeddingModel({ model: agent.model, apiKey });
    if (!model || !(await hasEmbeddings(deps.db, agent))) return null;
    return (await embedTexts(model, [text]))?.[0] ?? null;
  } catch (error) {
    deps.log.warn({ err: error }, 'query embedding failed; searching full-text only');
    return null;
  }
}

/** POST /agents/{id}/contexts/search: the owner's search box (empty text lists everything). */
export async function searchAgentContexts(
  deps: ContextSearchDeps & { secrets: Pick<Secrets, 'decrypt'> },
  userId: number,
  agentId: number,
  query: string | undefined,
): Promise<Context[]> {
  const text = (query ?? '').trim();
  if (text === '') return listContexts(deps.db, userId, agentId);
  const agent = await requireAgent(deps.db, userId, agentId);
  const embedding = await queryEmbedding(deps, agent, openAgentApiKey(deps.secrets, agent), text);
  return searchContexts(deps.db, { userId, agentId, query: text, embedding });
}

/** Words of the message joined by `or`: a question matches passages that share any of them. */
export function retrievalQuery(message: string): string {
  const words = message.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'-]*/gu) ?? [];
  return [...new Set(words.filter((word) => word.length > 1 && word !== 'or'))].slice(0, 30).join(' or ');
}

/** The `limit` passages that best answer a customer's message, for the reply's prompt. */
export async function retrievePassages(
  deps: ContextSearchDeps,
  agent: SearchedAgent,
  apiKey: string | undefined,
  message: string,
  limit: number,
): Promise<ContextHit[]> {
  const query = retrievalQuery(message);
  if (query === '') return [];
  const embedding = await queryEmbedding(deps, agent, apiKey, message);
  return searchContexts(deps.db, { userId: agent.user_id, agentId: agent.id, query, embedding, limit });
}
