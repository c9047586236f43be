import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PushKeyResponse, PushSubscriptionBody, PushSubscriptionSaved, PushUnsubscribeBody } from '../../../contract';
import { subscribe, unsubscribe } from '../../services/push/subscriptions';
import { BEARER_AUTH, ErrorResponse, NoContent } from '../shared';

/** Web Push: the server's key and this device's subscription (the tab's focus is in presence.ts). */
const push: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/push/key',
    {
      schema: {
        tags: ['push'],
        security: BEARER_AUTH,
        summary: 'The VAPID public key to subscribe with (`applicationServerKey`)',
        response: { 200: PushKeyResponse, 401: ErrorResponse },
      },
    },
    async () => ({ public_key: app.push.publicKey }),
  );

  app.post(
    '/push/subscriptions',
    {
      schema: {
        tags: ['push'],
        security: BEARER_AUTH,
        summary:
          'Rings this device for hand-overs and new customers while no tab is focused: the browser’s ' +
          'PushSubscription JSON (201; 200 when the caller had it already)',
        body: PushSubscriptionBody,
        response: { 200: PushSubscriptionSaved, 201: PushSubscriptionSaved, 401: ErrorResponse, 422: ErrorResponse },
      },
    },
    async (request, reply) => {
      const { created } = await subscribe(
        app.db,
        request.user.id,
        request.body,
        request.headers['user-agent'],
        app.config.push.allowHosts,
      );
      return reply.status(created ? 201 : 200).send({ endpoint: request.body.endpoint });
    },
  );

  app.delete(
    '/push/subscriptions',
    {
      schema: {
        tags: ['push'],
        security: BEARER_AUTH,
        summary: 'This device no longer rings (the caller’s own subscription; nothing to forget is fine)',
        body: PushUnsubscribeBody,
        response: { 204: NoContent, 401: ErrorResponse, 422: ErrorResponse },
      },
    },
    async (request, reply) => {
      await unsubscribe(app.db, request.user.id, request.body.endpoint);
      return reply.status(204).send(null);
    },
  );
};

export default push;
