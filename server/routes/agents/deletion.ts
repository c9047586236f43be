import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { deleteAgentPermanently, softDeleteAgent } from '../../services/agents/agents';
import { AgentParams, common, read } from './common';
import { NoContent } from '../shared';

/** Deleting an agent: softly (restorable with PUT /agents/{id}) or for good. */
const agentDeletion: FastifyPluginAsyncTypebox = async (app) => {
  app.delete(
    '/agents/:id',
    {
      schema: {
        ...common,
        summary: 'Soft delete (restorable); an active agent leaves no agent active',
        params: AgentParams,
        response: { 204: NoContent, ...read },
      },
    },
    async (request, reply) => {
      await softDeleteAgent(app.db, request.user.id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/agents/:id/permanent',
    {
      schema: {
        ...common,
        summary: 'Delete for good, with its documents, contexts, memories and graph',
        params: AgentParams,
        response: { 204: NoContent, ...read },
      },
    },
    async (request, reply) => {
      await deleteAgentPermanently(app.db, request.user.id, request.params.id);
      return reply.status(204).send(null);
    },
  );
};

export default agentDeletion;
