import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { Secrets } from '../../secrets';
import type { WhatsAppSettings } from './settings';
import type { GraphClient } from './graph-client';

/** What the WhatsApp services need, handed in by the routes (plain values, no Fastify instance). */
export interface WhatsAppDeps {
  db: Db;
  secrets: Pick<Secrets, 'encrypt' | 'decrypt' | 'derive'>;
  graph: GraphClient;
  settings: Pick<WhatsAppSettings, 'appId' | 'appSecret' | 'verifyToken'>;
  log: FastifyBaseLogger;
}
