import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createSecrets, loadMasterKey, type Secrets } from '../secrets';

declare module 'fastify' {
  interface FastifyInstance {
    secrets: Secrets;
  }
}

/** The master key (SECRET_KEY, or generated in DATA_DIR) and the sub-keys HKDF derives from it. */
export default fp(
  async function secrets(app: FastifyInstance) {
    app.decorate('secrets', createSecrets(loadMasterKey(app.config)));
  },
  { name: 'secrets' },
);
