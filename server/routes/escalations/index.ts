import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { EscalationList, EscalationsQuery } from '../../../contract';
import { registerReplyJobs } from '../../services/replies/jobs';
import { providerLanguageModel, type LanguageModelResolver } from '../../services/replies/models';
import { listEscalations } from '../../services/replies/ownership';
import handback from '../messages/handback';
import { BEARER_AUTH, ErrorResponse } from '../shared';

/** The AI replies area as the rest of the app sees it. */
export interface Replies {
  /** Chooses each reply's language model; tests put the AI SDK's mock models here. */
  languageModel: LanguageModelResolver;
}

declare module 'fastify' {
  interface FastifyInstance {
    replies: Replies;
  }
}

const escalationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/escalations',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['messages'],
        security: BEARER_AUTH,
        summary:
          'Open hand-overs to the owner, newest first (the header’s bell; its badge is their count); ' +
          '`status=all`: the latest 50, open or resolved',
        querystring: EscalationsQuery,
        response: { 200: EscalationList, 401: ErrorResponse, 422: ErrorResponse },
      },
    },
    async (request) => listEscalations(app.db, request.user.id, request.query.status),
  );
  await app.register(handback);
};

/**
 * AI replies (issue 7): the handlers of the reply and memory jobs that the webhook queues for every
 * new customer message (services/replies/jobs.ts), and the routes of the hand-over
 * (GET /escalations, POST /messages/conversations/{id}/handback).
 */
export default fp(
  async function replies(app: FastifyInstance) {
    const state: Replies = {
      languageModel: providerLanguageModel(app.config),
    };
    app.decorate('replies', state);

    registerReplyJobs(app.jobs, {
      graph: app.whatsapp.graph,
      // Read at each use: the knowledge plugin's and the tests' swaps take effect.
      embeddingModel: (agent) => app.knowledge.embeddingModel(agent),
      languageModel: (choice) => state.languageModel(choice),
    });

    await app.register(escalationRoutes, { prefix: '/api/v1' });
  },
  { name: 'replies', dependencies: ['jobs', 'whatsapp', 'auth'] },
);
