import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  BusinessProfile,
  DisconnectResponse,
  EmbeddedSignupConfig,
  ExchangeTokenBody,
  ExchangeTokenResponse,
  MessagingConfig,
  SaveConnectionBody,
  SubscriptionInfo,
  WhatsAppStatus,
} from '../../../contract';
import {
  businessProfile,
  connectionStatus,
  disconnect,
  messagingConfig,
  subscriptionInfo,
} from '../../services/whatsapp/account';
import { embeddedSignupConfig } from '../../services/whatsapp/embedded-signup';
import { exchangeToken, saveConnection } from '../../services/whatsapp/signup';
import { BEARER_AUTH, ErrorResponse, whatsappDeps } from '../shared';

/** Graph failures the owner may meet on a route that calls Graph with their token. */
const GRAPH_FAILURES = {
  401: ErrorResponse,
  404: ErrorResponse,
  429: ErrorResponse,
  502: ErrorResponse,
  503: ErrorResponse,
};

/** The connection API of the /whatsapp and onboarding pages (the signed-in owner's). */
const whatsapp: FastifyPluginAsyncTypebox = async (app) => {
  const common = { tags: ['whatsapp'], security: BEARER_AUTH };

  app.get(
    '/whatsapp/status',
    {
      schema: {
        ...common,
        summary: 'Whether the owner has a connected number, and whether the sandbox stands in for Meta',
        response: { 200: WhatsAppStatus, 401: ErrorResponse },
      },
    },
    async (request) => ({
      ...(await connectionStatus(app.db, request.user.id)),
      sandbox: app.whatsapp.settings.sandbox,
    }),
  );

  app.get(
    '/whatsapp/embedded-signup',
    {
      schema: {
        ...common,
        summary: 'What the SPA needs to run Embedded Signup: app, configuration, SDK and trusted origins',
        response: { 200: EmbeddedSignupConfig, 401: ErrorResponse },
      },
    },
    // The sandbox trusts the origin the page asked from (its popup's); Meta's origins never change.
    async (request) => embeddedSignupConfig(app.whatsapp.settings, `${request.protocol}://${request.host}`),
  );

  app.post(
    '/whatsapp/exchange-token',
    {
      schema: {
        ...common,
        summary: 'Exchange the signup code, subscribe the app and register the number; answers an opaque reference',
        body: ExchangeTokenBody,
        response: {
          200: ExchangeTokenResponse,
          400: ErrorResponse,
          409: ErrorResponse,
          422: ErrorResponse,
          ...GRAPH_FAILURES,
        },
      },
    },
    async (request) => exchangeToken(whatsappDeps(app, request), request.user.id, request.body),
  );

  app.post(
    '/whatsapp/embedded-signup',
    {
      schema: {
        ...common,
        summary: 'Save the connection the exchange prepared; replaces the owner’s previous one',
        body: SaveConnectionBody,
        response: {
          200: MessagingConfig,
          400: ErrorResponse,
          401: ErrorResponse,
          409: ErrorResponse,
          422: ErrorResponse,
        },
      },
    },
    async (request) => saveConnection(whatsappDeps(app, request), request.user.id, request.body),
  );

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

export default whatsapp;
