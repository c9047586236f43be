import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AgentGraph } from '../../../contract';
import { getAgentGraph } from '../../services/agents/graph';
import { AgentParams, common, read } from './common';

/** GET /agents/{id}/graph: the entities and relations the agent learned. */
const agentGraph: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/agents/:id/graph',
    {
      schema: {
        ...common,
        summary: 'The agent’s entities (nodes) and relations (edges)',
        params: AgentParams,
        response: { 200: AgentGraph, ...read },
      },
    },
    async (request) => getAgentGraph(app.db, request.user.id, request.params.id),
  );
};

export default agentGraph;
