import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { REPLIES_LANE } from '../jobs/types';
import { FETCH_MEDIA_JOB, fetchMediaHandler } from '../services/media/fetch-job';
import { DbMediaStore, type MediaStore } from '../services/media/store';
import { afterMediaSettled } from '../services/replies/after-media';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where message media are kept (the database in the embedded shape; see MediaStore). */
    media: { store: MediaStore };
  }
}

/**
 * Message media: the store, and the handler of the media job the webhook queues for each customer
 * photo, voice note, video, file or sticker (in the replies lane: it waits on Graph, like a reply);
 * a settled media is followed by its transcription or the reply that waited for it (after-media.ts).
 */
export default fp(
  async function media(app: FastifyInstance) {
    const store = new DbMediaStore(app.db);
    app.decorate('media', { store });
    app.jobs.register(
      FETCH_MEDIA_JOB,
      fetchMediaHandler({
        db: app.db,
        graph: app.whatsapp.graph,
        secrets: app.secrets,
        store,
        settled: afterMediaSettled,
      }),
      REPLIES_LANE,
    );
  },
  { name: 'media', dependencies: ['db', 'jobs', 'whatsapp', 'secrets'] },
);
