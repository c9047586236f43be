import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { NewTemplate, Template, TemplateList, TemplatesQuery } from '../../../contract';
import { createTemplate, deleteTemplate, listTemplates, syncTemplates } from '../../services/templates/templates';
import { BEARER_AUTH, ErrorResponse, GRAPH_BUSY, inboxDeps, RowId } from '../shared';

const TemplateParams = Type.Object({ id: RowId });
const Deleted = Type.Null({ description: 'Deleted' });

/** What a call to the WABA's templates may answer besides its success: no connection (409), Graph failed or busy. */
const TEMPLATE_FAILURES = {
  401: ErrorResponse,
  409: ErrorResponse,
  422: ErrorResponse,
  502: ErrorResponse,
  ...GRAPH_BUSY,
};

/** The owner's WhatsApp message templates; sending one to a conversation is in send.ts. */
const templates: FastifyPluginAsyncTypebox = async (app) => {
  const common = { tags: ['templates'], security: BEARER_AUTH };

  app.get(
    '/templates',
    {
      schema: {
        ...common,
        summary: 'The connected WABA’s templates by name; `sync=true` reads them from WhatsApp first',
        querystring: TemplatesQuery,
        response: { 200: TemplateList, ...TEMPLATE_FAILURES },
      },
    },
    async (request) =>
      request.query.sync
        ? syncTemplates(inboxDeps(app, request), request.user.id)
        : listTemplates(app.db, request.user.id),
  );

  app.post(
    '/templates',
    {
      schema: {
        ...common,
        summary: 'Submit a template for WhatsApp’s review (PENDING until the review’s webhook)',
        body: NewTemplate,
        response: { 201: Template, ...TEMPLATE_FAILURES },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createTemplate(inboxDeps(app, request), request.user.id, request.body)),
  );

  app.delete(
    '/templates/:id',
    {
      schema: {
        ...common,
        summary: 'Delete a template on WhatsApp and here',
        params: TemplateParams,
        response: { 204: Deleted, ...TEMPLATE_FAILURES, 404: ErrorResponse },
      },
    },
    async (request, reply) => {
      await deleteTemplate(inboxDeps(app, request), request.user.id, request.params.id);
      return reply.code(204).send(null);
    },
  );
};

export default templates;
