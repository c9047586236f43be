import type { FastifyInstance } from 'fastify';
import agents from './agents';
import agent from './agents/agent';
import agentContexts from './agents/contexts';
import agentDeletion from './agents/deletion';
import agentDocuments from './agents/documents';
import agentGraph from './agents/graph';
import agentMemories from './agents/memories';
import analytics from './analytics';
import analyticsCosts from './analytics/costs';
import dashboard from './analytics/dashboard';
import analyticsExport from './analytics/export';
import auth from './auth';
import authLinks from './auth/links';
import session from './auth/session';
import documents from './documents';
import escalations from './escalations';
import events from './events';
import health from './health';
import conversations from './messages/conversations';
import handback from './messages/handback';
import messageMedia from './messages/media';
import message from './messages/message';
import replies from './messages/reply';
import inboxSettings from './messages/settings';
import unread from './messages/unread';
import push from './push';
import pushPresence from './push/presence';
import sandbox from './sandbox';
import dayPassed from './sandbox/day-passed';
import templates from './templates';
import templateSend from './templates/send';
import users from './users';
import availability from './users/availability';
import whatsapp from './whatsapp';
import whatsappAccount from './whatsapp/account';
import whatsappSignup from './whatsapp/signup';
import webhook from './whatsapp/webhook';
import { noStore } from './shared';

/**
 * Every route module, mounted under /api/v1 by app.ts: first those open to anyone, then the
 * signed-in owner's, behind one sign-in check (a request without a valid access token is a 401
 * before any of them runs).
 */
export default async function routes(app: FastifyInstance) {
  // Health says more to a signed-in owner; Meta's webhook proves itself by its signature.
  await app.register(health);
  await app.register(auth);
  await app.register(authLinks);
  await app.register(availability);
  await app.register(webhook);

  await app.register(async (owner) => {
    owner.addHook('onRequest', owner.authenticate);
    // An owner's answers (customers' messages, their photos) stay out of browser and proxy caches.
    owner.addHook('onSend', noStore);
    await owner.register(session);
    await owner.register(users);
    await owner.register(whatsapp);
    await owner.register(whatsappSignup);
    await owner.register(whatsappAccount);
    await owner.register(conversations);
    await owner.register(replies);
    await owner.register(message);
    await owner.register(inboxSettings);
    await owner.register(unread);
    await owner.register(handback);
    await owner.register(messageMedia);
    await owner.register(templates);
    await owner.register(templateSend);
    await owner.register(escalations);
    await owner.register(events);
    await owner.register(agents);
    await owner.register(agent);
    await owner.register(agentDeletion);
    await owner.register(agentMemories);
    await owner.register(agentGraph);
    await owner.register(agentDocuments);
    await owner.register(agentContexts);
    await owner.register(documents);
    await owner.register(dashboard);
    await owner.register(analytics);
    await owner.register(analyticsExport);
    await owner.register(analyticsCosts);
    await owner.register(push);
    await owner.register(pushPresence);
    // The outbox exists only on a try-out install: mail is not really sent and no Meta app is
    // configured (the sandbox is on). A real deployment has neither.
    if (!app.config.smtpUrl && app.whatsapp.settings.sandbox) await owner.register(sandbox);
    if (app.whatsapp.settings.sandbox) await owner.register(dayPassed);
  });
}
