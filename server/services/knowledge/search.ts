import type { FastifyBaseLogger } from 'fastify';
import type { Context } from '../../../contract';
import type { Executor } from '../../db/client';
import type { Secrets } from '../../secrets';
import { requireAgent } from '../agents/agents';
import { openAgentApiKey } from '../agents/api-keys';
import { listContexts, searchContexts } from './contexts';
import { embedTexts, type EmbeddingModelResolver } from './embeddings';

export interface ContextSearchDeps {
  db: Executor;
  secrets: Pick<Secrets, 'decrypt'>;
  embeddingModel: EmbeddingModelResolver;
  log: FastifyBaseLogger;
}

/** Whether any of the agent's contexts carries an embedding (only then is the query embedded). */
async function hasEmbeddings(db: Executor, agentId: number): Promise<boolean> {
  const row = await db.maybeOne(
    'select 1 as found from contexts where agent_id = $1 and embedding is not null limit 1',
    [agentId],
  );
  return row !== undefined;
}

/** The query's embedding by the agent's model; null without one, or when the provider fails. */
async function queryEmbedding(
  deps: ContextSearchDeps,
  agent: { id: number; user_id: number; model: string; api_key: string | null },
  query: string,
): Promise<number[] | null> {
  if (!(await hasEmbeddings(deps.db, agent.id))) return null;
  try {
    const model = deps.embeddingModel({ model: agent.model, apiKey: openAgentApiKey(deps.secrets, agent) });
    return (await embedTexts(model, [query]))?.[0] ?? null;
  } catch (error) {
    deps.log.warn({ err: error }, 'query embedding failed; searching full-text only');
    return null;
  }
}

/** POST /agents/{id}/contexts/search: the owner's search box (empty text lists everything). */
export async function searchAgentContexts(
  deps: ContextSearchDeps,
  userId: number,
  agentId: number,
  query: string | undefined,
): Promise<Context[]> {
  const text = (query ?? '').trim();
  if (text === '') return listContexts(deps.db, userId, agentId);
  const agent = await requireAgent(deps.db, userId, agentId);
  const embedding = await queryEmbedding(deps, agent, text);
  return searchContexts(deps.db, { userId, agentId, query: text, embedding });
}
