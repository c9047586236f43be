import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { DocumentList } from '../../../contract';
import { deleteDocument, listDocuments } from '../../services/knowledge/documents';
import { BEARER_AUTH, RowId, NoContent } from '../shared';
import { AgentParams, read } from './common';

const DocumentParams = Type.Object({ id: RowId, documentId: RowId });

/** The files an agent knows from: their list and ingestion state, and removing one. */
const agentDocuments: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/agents/:id/documents',
    {
      schema: {
        tags: ['agents'],
        summary: 'The agent’s uploaded documents and their ingestion state, newest first',
        security: BEARER_AUTH,
        params: AgentParams,
        response: { 200: DocumentList, ...read },
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
        response: { 204: NoContent, ...read },
      },
    },
    async (request, reply) => {
      await deleteDocument(app.db, request.user.id, request.params.id, request.params.documentId);
      return reply.status(204).send(null);
    },
  );
};

export default agentDocuments;
