import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { EscalationList, EscalationsQuery } from '../../../contract';
import { registerReplyJobs } from '../../services/replies/jobs';
import { EXTRACT_MEMORIES_JOB } from '../../services/replies/memories';
import { providerLanguageModel, type LanguageModelResolver } from '../../services/replies/models';
import { listEscalations } from '../../services/replies/ownership';
import { REPLY_JOB } from '../../services/replies/pipeline';
import handback from '../messages/handback';
import { BEARER_AUTH, ErrorResponse } from '../shared';

/** The AI replies area as the rest of the app sees it. */
export interface Replies {
  /** Chooses each reply's language model; tests put the AI SDK's mock models here. */
  languageModel: LanguageModelResolver;
  /** Resolves once every reply and memory job that customer messages asked for is queued. */
  settled(): Promise<void>;
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
 * AI replies (issue 7): on every new customer message, a reply job (after REPLY_DEBOUNCE_MS, keyed
 * by the wamid so that a duplicate delivery queues nothing) and a memory job; their handlers; and
 * the routes of the hand-over (GET /escalations, POST /messages/conversations/{id}/handback).
 */
export default fp(
  async function replies(app: FastifyInstance) {
    const queued = new Set<Promise<unknown>>();
    const state: Replies = {
      languageModel: providerLanguageModel(app.config),
      async settled() {
        while (queued.size > 0) await Promise.allSettled([...queued]);
      },
    };
    app.decorate('replies', state);

    registerReplyJobs(app.jobs, {
      graph: app.whatsapp.graph,
      // Read at each use: the knowledge plugin's and the tests' swaps take effect.
      embeddingModel: (agent) => app.knowledge.embeddingModel(agent),
      languageModel: (choice) => state.languageModel(choice),
    });

    app.events.on('whatsapp.message-received', (message) => {
      const delay = app.config.replyDebounceMs;
      const runAt = delay > 0 ? new Date(Date.now() + delay) : undefined;
      const payload = { ...message };
      // The reply first: due at the same time, the memory job runs after it (jobs run in id order).
      const work = (async () => {
        await app.jobs.enqueue({ name: REPLY_JOB, key: `reply:${message.wamid}`, payload, runAt });
        await app.jobs.enqueue({ name: EXTRACT_MEMORIES_JOB, key: `memories:${message.wamid}`, payload, runAt });
      })();
      queued.add(work);
      return work.finally(() => queued.delete(work));
    });

    await app.register(escalationRoutes, { prefix: '/api/v1' });
  },
  { name: 'replies', dependencies: ['jobs', 'events', 'whatsapp', 'auth'] },
);
