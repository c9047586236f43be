import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ContextList, SearchQuery } from '../../../contract';
import { listContexts } from '../../services/knowledge/contexts';
import { searchAgentContexts } from '../../services/knowledge/search';
import { BEARER_AUTH } from '../shared';
import { AgentParams, read } from './common';

/** What an agent knows from its documents: their contexts (chunks), listed and searched. */
const agentContexts: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/agents/:id/contexts',
    {
      schema: {
        tags: ['agents'],
        summary: 'The agent’s contexts (document chunks), newest first',
        security: BEARER_AUTH,
        params: AgentParams,
        response: { 200: ContextList, ...read },
      },
    },
    async (request) => listContexts(app.db, request.user.id, request.params.id),
  );

  app.post(
    '/agents/:id/contexts/search',
    {
      schema: {
        tags: ['agents'],
        summary: 'Hybrid search of the agent’s contexts, best first; an empty query lists them all',
        security: BEARER_AUTH,
        params: AgentParams,
        querystring: SearchQuery,
        response: { 200: ContextList, ...read },
      },
    },
    async (request) =>
      searchAgentContexts(
        { db: app.db, secrets: app.secrets, embeddingModel: app.knowledge.embeddingModel, log: request.log },
        request.user.id,
        request.params.id,
        request.query.query,
      ),
  );
};

export default agentContexts;
