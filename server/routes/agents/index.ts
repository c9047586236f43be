import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  AgentBody,
  AgentDetail,
  AgentGraph,
  AgentSummaryList,
  MemoryList,
  Memory,
  MemoryUpdateBody,
  ModelList,
  SearchQuery,
} from '../../../contract';
import {
  activateAgent,
  changeAgent,
  createAgent,
  deleteAgentPermanently,
  getAgent,
  listAgentSummaries,
  softDeleteAgent,
} from '../../services/agents/agents';
import type { AgentDeps } from '../../services/agents/deps';
import { getAgentGraph } from '../../services/agents/graph';
import { deleteMemory, listMemories, searchMemories, updateMemory } from '../../services/agents/memories';
import { BEARER_AUTH, ErrorResponse, RowId } from '../shared';

const AgentParams = Type.Object({ id: RowId });
const MemoryParams = Type.Object({ id: RowId, memoryId: RowId });

/** PUT /agents/{id}: the form's fields (a full update) or `{status:'inactive'}` (restore); the service decides. */
const AgentChangeBody = Type.Object({
  name: Type.Optional(Type.String()),
  description: Type.Optional(Type.String()),
  model: Type.Optional(Type.String()),
  system_prompt: Type.Optional(Type.String()),
  user_prompt: Type.Optional(Type.String()),
  api_key: Type.Optional(Type.String()),
  handover_message: Type.Optional(Type.String()),
  voice_notes: Type.Optional(Type.String()),
  resume_after_minutes: AgentBody.properties.resume_after_minutes,
  status: Type.Optional(Type.String()),
});

const NoContent = Type.Null();

/** The agents API: the owner's agents, their models, memories and graph. */
const agents: FastifyPluginAsyncTypebox = async (app) => {
  const deps: AgentDeps = { db: app.db, secrets: app.secrets, config: app.config };
  const common = { tags: ['agents'], security: BEARER_AUTH };
  const read = { 401: ErrorResponse, 404: ErrorResponse, 422: ErrorResponse };

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

  app.get(
    '/agents/:id',
    {
      schema: {
        ...common,
        summary: 'One agent; its API key only in masked form',
        params: AgentParams,
        response: { 200: AgentDetail, ...read },
      },
    },
    async (request) => getAgent(app.db, request.user.id, request.params.id),
  );

  app.put(
    '/agents/:id',
    {
      schema: {
        ...common,
        summary:
          'Full update (verified email; the masked key sent back keeps the stored one), or {status:"inactive"} to restore',
        params: AgentParams,
        body: AgentChangeBody,
        response: { 200: AgentDetail, ...read, 403: ErrorResponse, 409: ErrorResponse },
      },
    },
    async (request) => changeAgent(deps, request.user.id, request.params.id, request.body),
  );

  app.put(
    '/agents/:id/activate',
    {
      schema: {
        ...common,
        summary: 'Make this the only active agent; the previous one becomes inactive',
        params: AgentParams,
        response: { 200: AgentDetail, ...read, 409: ErrorResponse },
      },
    },
    async (request) => activateAgent(app.db, request.user.id, request.params.id),
  );

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

  app.get(
    '/agents/:id/memories',
    {
      schema: {
        ...common,
        summary: 'What the agent remembers about customers, newest first',
        params: AgentParams,
        response: { 200: MemoryList, ...read },
      },
    },
    async (request) => listMemories(app.db, request.user.id, request.params.id),
  );

  app.post(
    '/agents/:id/memories/search',
    {
      schema: {
        ...common,
        summary: 'Memories matching the query (full-text plus fuzzy), best first; an empty query lists all',
        params: AgentParams,
        querystring: SearchQuery,
        response: { 200: MemoryList, ...read },
      },
    },
    async (request) => searchMemories(app.db, request.user.id, request.params.id, request.query.query),
  );

  app.put(
    '/agents/:id/memories/:memoryId',
    {
      schema: {
        ...common,
        summary: 'Correct a memory',
        params: MemoryParams,
        body: MemoryUpdateBody,
        response: { 200: Memory, ...read },
      },
    },
    async (request) =>
      updateMemory(app.db, request.user.id, request.params.id, request.params.memoryId, request.body.memory),
  );

  app.delete(
    '/agents/:id/memories/:memoryId',
    {
      schema: {
        ...common,
        summary: 'Forget a memory',
        params: MemoryParams,
        response: { 204: NoContent, ...read },
      },
    },
    async (request, reply) => {
      await deleteMemory(app.db, request.user.id, request.params.id, request.params.memoryId);
      return reply.status(204).send(null);
    },
  );

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

export default agents;
