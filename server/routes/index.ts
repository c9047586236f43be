import type { FastifyInstance } from 'fastify';
import agents from './agents';
import analytics from './analytics';
import auth from './auth';
import documents from './documents';
import escalations from './escalations';
import health from './health';
import messages from './messages';
import sandbox from './sandbox';
import users from './users';
import whatsapp from './whatsapp';

/** Every API area, mounted under /api/v1 by app.ts. */
export default async function routes(app: FastifyInstance) {
  await app.register(health);
  await app.register(auth);
  await app.register(users);
  await app.register(whatsapp);
  await app.register(messages);
  await app.register(escalations);
  await app.register(agents);
  await app.register(documents);
  await app.register(analytics);
  // The outbox exists only on a try-out install: mail is not really sent and no Meta app is
  // configured (the sandbox is on). A real deployment has neither.
  if (!app.config.smtpUrl && app.whatsapp.settings.sandbox) await app.register(sandbox);
}
