import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AgentDeps } from '../../services/agents/deps';
import { BEARER_AUTH, ErrorResponse, RowId } from '../shared';

/** What every /agents route's schema says: its tag and the bearer token it needs. */
export const common = { tags: ['agents'], security: BEARER_AUTH };

/** The failures of a route about one agent: not signed in, no such agent, a bad id. */
export const read = { 401: ErrorResponse, 404: ErrorResponse, 422: ErrorResponse };

export const AgentParams = Type.Object({ id: RowId });

export function agentDeps(app: FastifyInstance): AgentDeps {
  return { db: app.db, secrets: app.secrets, config: app.config };
}
