import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { BusinessProfile, DisconnectResponse, MessagingConfig, SubscriptionInfo } from '../../../contract';
import { businessProfile, disconnect, messagingConfig, subscriptionInfo } from '../../services/whatsapp/account';
import { ErrorResponse, whatsappDeps } from '../shared';
import { common, GRAPH_FAILURES } from './common';

/** The connected number: its configuration, the WABA's profile and subscriptions (from Graph), disconnecting. */
const account: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/whatsapp/config',
    {
      schema: {
        ...common,
        summary: 'The connected number (404 when not connected)',
        response: { 200: MessagingConfig, 401: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => messagingConfig(app.db, request.user.id),
  );

  app.get(
    '/whatsapp/profile',
    {
      schema: {
        ...common,
        summary: 'The WABA’s business profile, read from Graph',
        response: { 200: BusinessProfile, ...GRAPH_FAILURES },
      },
    },
    async (request) => businessProfile(whatsappDeps(app, request), request.user.id),
  );

  app.get(
    '/whatsapp/subscription-info',
    {
      schema: {
        ...common,
        summary: 'The apps subscribed to the WABA’s webhooks, read from Graph',
        response: { 200: SubscriptionInfo, ...GRAPH_FAILURES },
      },
    },
    async (request) => subscriptionInfo(whatsappDeps(app, request), request.user.id),
  );

  app.delete(
    '/whatsapp/disconnect',
    {
      schema: {
        ...common,
        summary: 'Unsubscribe (best effort) and forget the number and its token; conversations stay',
        response: { 200: DisconnectResponse, 401: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => disconnect(whatsappDeps(app, request), request.user.id),
  );
};

export default account;
