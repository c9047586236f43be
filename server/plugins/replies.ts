import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerReplyJobs } from '../services/replies/jobs';
import {
  providerLanguageModel,
  providerTranscriptionModel,
  type LanguageModelResolver,
  type TranscriptionModelResolver,
} from '../services/replies/models';

/** The AI replies area as the rest of the app sees it. */
export interface Replies {
  /** Chooses each reply's language model; tests put the AI SDK's mock models here. */
  languageModel: LanguageModelResolver;
  /** Chooses the transcription model of a voice note; tests put the AI SDK's mock models here. */
  transcriptionModel: TranscriptionModelResolver;
}

declare module 'fastify' {
  interface FastifyInstance {
    replies: Replies;
  }
}

/**
 * AI replies: the handlers of the reply and memory jobs that the webhook queues for every
 * new customer message, and of the voice notes' transcriptions (services/replies/jobs.ts), on
 * whichever runner this process has.
 */
export default fp(
  async function replies(app: FastifyInstance) {
    const state: Replies = {
      languageModel: providerLanguageModel(app.config),
      transcriptionModel: providerTranscriptionModel(),
    };
    app.decorate('replies', state);

    registerReplyJobs(app.jobs, {
      graph: app.whatsapp.graph,
      // Read at each use: the tests' swaps take effect.
      embeddingModel: (agent) => app.knowledge.embeddingModel(agent),
      languageModel: (choice) => state.languageModel(choice),
      transcriptionModel: (choice) => state.transcriptionModel(choice),
      mediaStore: app.media.store,
    });
  },
  { name: 'replies', dependencies: ['jobs', 'whatsapp', 'knowledge', 'media'] },
);
