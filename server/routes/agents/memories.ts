import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Memory, MemoryList, MemoryUpdateBody, SearchQuery } from '../../../contract';
import { deleteMemory, listMemories, searchMemories, updateMemory } from '../../services/agents/memories';
import { RowId, NoContent } from '../shared';
import { AgentParams, common, read } from './common';

const MemoryParams = Type.Object({ id: RowId, memoryId: RowId });

/** What an agent remembers about customers: listing, searching, correcting and forgetting. */
const memories: FastifyPluginAsyncTypebox = async (app) => {
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
};

export default memories;
