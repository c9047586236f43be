import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  EmbeddedSignupConfig,
  ExchangeTokenBody,
  ExchangeTokenResponse,
  MessagingConfig,
  SaveConnectionBody,
} from '../../../contract';
import { embeddedSignupConfig } from '../../services/whatsapp/embedded-signup';
import { exchangeToken, saveConnection } from '../../services/whatsapp/signup';
import { ErrorResponse, whatsappDeps } from '../shared';
import { common, GRAPH_FAILURES } from './common';

/** Connecting a number with Embedded Signup: its configuration, the code's exchange, saving the connection. */
const signup: FastifyPluginAsyncTypebox = async (app) => {
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
};

export default signup;
