import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { Message, NewTemplate, Template, TemplateList, TemplateSendBody, TemplatesQuery } from '../../../contract';
import { requireConversation } from '../../services/inbox/conversations';
import type { InboxDeps } from '../../services/inbox/deps';
import { sendTemplate } from '../../services/templates/send';
import { createTemplate, deleteTemplate, listTemplates, syncTemplates } from '../../services/templates/templates';
import { BEARER_AUTH, ErrorResponse } from '../shared';

const TemplateParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) });
const Deleted = Type.Null({ description: 'Deleted' });

/** The owner's WhatsApp message templates, and sending one to a conversation. */
const templates: FastifyPluginAsyncTypebox = async (app) => {
  const common = { tags: ['templates'], security: BEARER_AUTH };
  const deps = (request: FastifyRequest): InboxDeps => ({
    db: app.db,
    graph: app.whatsapp.graph,
    secrets: app.secrets,
    log: request.log,
  });

  app.get(
    '/templates',
    {
      schema: {
        ...common,
        summary: 'The connected WABA’s templates by name; `sync=true` reads them from WhatsApp first',
        querystring: TemplatesQuery,
        response: {
          200: TemplateList,
          401: ErrorResponse,
          409: ErrorResponse,
          422: ErrorResponse,
          429: ErrorResponse,
          502: ErrorResponse,
          503: ErrorResponse,
        },
      },
    },
    async (request) =>
      request.query.sync ? syncTemplates(deps(request), request.user.id) : listTemplates(app.db, request.user.id),
  );

  app.post(
    '/templates',
    {
      schema: {
        ...common,
        summary: 'Submit a template for WhatsApp’s review (PENDING until the review’s webhook)',
        body: NewTemplate,
        response: {
          201: Template,
          401: ErrorResponse,
          409: ErrorResponse,
          422: ErrorResponse,
          429: ErrorResponse,
          502: ErrorResponse,
          503: ErrorResponse,
        },
      },
    },
    async (request, reply) => reply.code(201).send(await createTemplate(deps(request), request.user.id, request.body)),
  );

  app.delete(
    '/templates/:id',
    {
      schema: {
        ...common,
        summary: 'Delete a template on WhatsApp and here',
        params: TemplateParams,
        response: {
          204: Deleted,
          401: ErrorResponse,
          404: ErrorResponse,
          409: ErrorResponse,
          422: ErrorResponse,
          429: ErrorResponse,
          502: ErrorResponse,
          503: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      await deleteTemplate(deps(request), request.user.id, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/messages/conversations/:id/template',
    {
      schema: {
        ...common,
        tags: ['messages'],
        summary: 'Send an approved template with a value for each variable (works outside the 24-hour window)',
        params: Type.Object({
          id: Type.String({ description: '<phone>@c.us, or <BSUID>@bsuid for a customer met without a number' }),
        }),
        body: TemplateSendBody,
        response: {
          201: Message,
          401: ErrorResponse,
          404: ErrorResponse,
          409: ErrorResponse,
          422: ErrorResponse,
          429: ErrorResponse,
          502: ErrorResponse,
          503: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const conversation = await requireConversation(app.db, request.user.id, request.params.id);
      const message = await sendTemplate(deps(request), request.user.id, conversation.id, request.body);
      return reply.code(201).send(message);
    },
  );
};

export default templates;
