import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { INGESTION_LANE } from '../jobs/types';
import { INGEST_DOCUMENT_JOB } from '../services/knowledge/documents';
import { providerEmbeddingModel } from '../services/ai/embeddings';
import { ingestDocumentHandler, type KnowledgeResources } from '../services/knowledge/ingest';
import { DocumentReaders } from '../services/knowledge/reader';

declare module 'fastify' {
  interface FastifyInstance {
    /** Shared by ingestion and search: the document reader processes and the agents' embedding models. */
    knowledge: KnowledgeResources;
  }
}

/**
 * The agents' knowledge: the reader processes and embedding models that ingestion and search
 * share, and the ingestion job's handler (in its own lane) on whichever runner this process has.
 */
export default fp(
  async function knowledge(app: FastifyInstance) {
    const resources: KnowledgeResources = {
      reader: new DocumentReaders(app.config.jobConcurrency.ingestion, {
        limits: app.config.documentLimits,
        log: app.log.child({ component: 'document-reader' }),
      }),
      embeddingModel: providerEmbeddingModel(app.config),
    };
    app.jobs.register(INGEST_DOCUMENT_JOB, ingestDocumentHandler(resources), INGESTION_LANE);
    app.decorate('knowledge', resources);
    app.addHook('onClose', async () => {
      // The running ingestions go back to the queue first; then their readers may go.
      await app.jobs.stop();
      await resources.reader.stop();
    });
  },
  { name: 'knowledge', dependencies: ['jobs'] },
);
