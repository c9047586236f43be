import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ContextList, DocumentList, SearchQuery } from '../../../contract';
import { listContexts } from '../../services/knowledge/contexts';
import { deleteDocument, listDocuments } from '../../services/knowledge/documents';
import { searchAgentContexts } from '../../services/knowledge/search';
import { BEARER_AUTH, ErrorResponse, RowId } from '../shared';

const AgentParams = Type.Object({ id: RowId });
const DocumentParams = Type.Object({ id: RowId, documentId: RowId });

/** What an agent knows from its documents: the files and their contexts (chunks). */
const agentKnowledge: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/agents/:id/documents',
    {
      schema: {
        tags: ['agents'],
        summary: 'The agent’s uploaded documents and their ingestion state, newest first',
        security: BEARER_AUTH,
        params: AgentParams,
        response: { 200: DocumentList, 401: ErrorResponse, 404: ErrorResponse, 422: ErrorResponse },
      },
    },
    async (request) => listDocuments(app.db, request.user.id, request.params.id),
  );

  app.delete(
    '/agents/:id/documents/:documentId',
    {
      schema: {
        tags: ['agents'],
        summary: 'Remove a document with the contexts made from it',
        security: BEARER_AUTH,
        params: DocumentParams,
        response: { 204: Type.Null(), 401: ErrorResponse, 404: ErrorResponse, 422: ErrorResponse },
      },
    },
    async (request, reply) => {
      await deleteDocument(app.db, request.user.id, request.params.id, request.params.documentId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/agents/:id/contexts',
    {
      schema: {
        tags: ['agents'],
        summary: 'The agent’s contexts (document chunks), newest first',
        security: BEARER_AUTH,
        params: AgentParams,
        response: { 200: ContextList, 401: ErrorResponse, 404: ErrorResponse, 422: ErrorResponse },
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
        response: { 200: ContextList, 401: ErrorResponse, 404: ErrorResponse, 422: ErrorResponse },
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

export default agentKnowledge;
