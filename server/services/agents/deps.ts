import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Secrets } from '../../secrets';

/** What the agent services need, handed in by the routes (plain values, no Fastify). */
export interface AgentDeps {
  db: Db;
  /** Seals and opens agents' API keys. */
  secrets: Pick<Secrets, 'encrypt' | 'decrypt'>;
  config: Pick<Config, 'agentModels'>;
}
