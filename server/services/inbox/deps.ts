import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { Secrets } from '../../secrets';
import type { GraphClient } from '../whatsapp/graph-client';

/** What the inbox services need to talk to WhatsApp, handed in by the routes (or by a job). */
export interface InboxDeps {
  db: Db;
  graph: GraphClient;
  secrets: Pick<Secrets, 'decrypt'>;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}
