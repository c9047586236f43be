import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { AGENT_LIMITS, UploadResponse } from '../../../contract';
import { ValidationFailed } from '../../errors';
import { requireUploadTarget, storeDocument } from '../../services/knowledge/documents';
import { BEARER_AUTH, ErrorResponse, RowId } from '../shared';
import { readUpload, tooManyUploads, UPLOAD_ERRORS } from '../uploads';

/**
 * Document upload (the agent's documents and contexts are in agents/contexts.ts). Multipart parsing
 * is registered here only, so no other route accepts uploads.
 */
const documents: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: AGENT_LIMITS.maxFileSizeBytes, files: 1, fields: 5, parts: 6 },
    throwFileSizeLimit: false,
  });

  app.post(
    '/documents/upload/context',
    {
      schema: {
        tags: ['agents'],
        summary: 'Upload a PDF, text, JPEG or PNG file (field `file`, ≤ 25 MB) as the agent’s knowledge',
        description:
          'The type is decided by the file’s bytes. Answers as soon as the file is stored; the document is ' +
          'processing until the ingestion job makes it ready or failed (with the reason: unreadable, too ' +
          'many pages or chunks, an image over the pixel cap). One file per request (413 for more); the ' +
          'owner’s stored files must fit the storage quota (413) and uploads are rate-limited per owner (429).',
        security: BEARER_AUTH,
        consumes: ['multipart/form-data'],
        querystring: Type.Object({ agent_id: RowId }),
        response: {
          201: UploadResponse,
          401: ErrorResponse,
          403: ErrorResponse,
          404: ErrorResponse,
          409: ErrorResponse,
          413: ErrorResponse,
          415: ErrorResponse,
          422: ErrorResponse,
          429: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const userId = request.user.id;
      const agentId = request.query.agent_id;
      await requireUploadTarget(app.db, userId, agentId);
      const perOwner = app.config.rateLimits.documentUploadPerOwner;
      app.rateLimiter.consume('document-upload', String(userId), perOwner, tooManyUploads(perOwner));
      if (!request.isMultipart()) throw new ValidationFailed(UPLOAD_ERRORS.fileRequired, 'file');
      const file = await readUpload(request.files());
      const document = await storeDocument(app.db, userId, agentId, file, app.config.documentLimits.storageQuotaBytes);
      app.jobs.wake();
      return reply.status(201).send(document);
    },
  );
};

export default documents;
