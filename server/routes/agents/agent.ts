import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { AgentBody, AgentDetail } from '../../../contract';
import { activateAgent, changeAgent, getAgent } from '../../services/agents/agents';
import { ErrorResponse } from '../shared';
import { agentDeps, AgentParams, common, read } from './common';

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

/** One agent: reading it, changing (or restoring) it, making it the active one. */
const agent: FastifyPluginAsyncTypebox = async (app) => {
  const deps = agentDeps(app);

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
};

export default agent;
