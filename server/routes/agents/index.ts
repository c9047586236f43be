import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AgentBody, AgentDetail, AgentSummaryList, ModelList } from '../../../contract';
import { createAgent, listAgentSummaries } from '../../services/agents/agents';
import { ErrorResponse } from '../shared';
import { agentDeps, common } from './common';

/**
 * The agents API: the owner's agents, the models they may use and creating one. One agent is in
 * agent.ts and deletion.ts, what it learned in memories.ts and graph.ts, what it knows in
 * documents.ts and contexts.ts.
 */
const agents: FastifyPluginAsyncTypebox = async (app) => {
  const deps = agentDeps(app);

  app.get(
    '/agents/summary',
    {
      schema: {
        ...common,
        summary: 'Every agent of the owner with its memory and context counts',
        response: { 200: AgentSummaryList, 401: ErrorResponse },
      },
    },
    async (request) => listAgentSummaries(app.db, request.user.id),
  );

  app.get(
    '/agents/models',
    {
      schema: {
        ...common,
        summary: 'The provider-prefixed model ids an agent may use (always local/knowledge-base)',
        response: { 200: ModelList, 401: ErrorResponse },
      },
    },
    async () => app.config.agentModels,
  );

  const create = {
    schema: {
      ...common,
      summary: 'Create an inactive agent (verified email); the API key is stored sealed',
      body: AgentBody,
      response: { 201: AgentDetail, 401: ErrorResponse, 403: ErrorResponse, 422: ErrorResponse },
    },
  };
  for (const url of ['/agents/', '/agents']) {
    app.post(url, create, async (request, reply) =>
      reply.status(201).send(await createAgent(deps, request.user.id, request.body)),
    );
  }
};

export default agents;
