import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ChangePasswordBody,
  EmailBody,
  LoginForm,
  MessageResponse,
  RegisterBody,
  ResetConfirmBody,
  TokenBody,
  TokenResponse,
} from '../../../contract';
import { changePassword, confirmPasswordReset, requestPasswordReset } from '../../services/accounts/passwords';
import { register } from '../../services/accounts/registration';
import { login, logout } from '../../services/accounts/sign-in';
import { resendVerification, verifyEmail } from '../../services/accounts/verification';
import { accountDeps, BEARER_AUTH, clientOf, ErrorResponse } from '../shared';

const auth: FastifyPluginAsyncTypebox = async (app) => {
  const deps = accountDeps(app);
  // Access tokens and the answers about credentials are never kept by a browser or a proxy cache.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post(
    '/auth/register',
    {
      schema: {
        tags: ['auth'],
        summary: 'Create an account, sign it in (remembered) and mail the verification link',
        body: RegisterBody,
        response: { 201: TokenResponse, 409: ErrorResponse, 422: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request, reply) => reply.status(201).send(await register(deps, request.body, clientOf(request))),
  );

  app.post(
    '/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email or username; 12 h session, 30 days with remember_me',
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        body: LoginForm,
        response: { 200: TokenResponse, 401: ErrorResponse, 422: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request) => login(deps, request.body, clientOf(request)),
  );

  app.post(
    '/auth/logout',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'End the session of this access token',
        security: BEARER_AUTH,
        response: { 200: MessageResponse, 401: ErrorResponse },
      },
    },
    async (request) => logout(deps, request.user),
  );

  app.post(
    '/auth/verify-email',
    {
      schema: {
        tags: ['auth'],
        summary: 'Use a verification link token: the account becomes verified',
        body: TokenBody,
        response: { 200: MessageResponse, 400: ErrorResponse, 422: ErrorResponse },
      },
    },
    async (request) => verifyEmail(deps, request.body),
  );

  app.post(
    '/auth/resend-verification',
    {
      schema: {
        tags: ['auth'],
        summary: 'Mail a new verification link; the same answer for every address',
        body: EmailBody,
        response: { 200: MessageResponse, 422: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request) => resendVerification(deps, request.body, clientOf(request)),
  );

  app.post(
    '/auth/password-reset/request',
    {
      schema: {
        tags: ['auth'],
        summary: 'Mail a password reset link (30 min); the same answer for every address',
        body: EmailBody,
        response: { 200: MessageResponse, 422: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request) => requestPasswordReset(deps, request.body, clientOf(request)),
  );

  app.post(
    '/auth/password-reset/confirm',
    {
      schema: {
        tags: ['auth'],
        summary: 'Set a new password from a reset link; every session of the account ends',
        body: ResetConfirmBody,
        response: { 200: MessageResponse, 400: ErrorResponse, 422: ErrorResponse },
      },
    },
    async (request) => confirmPasswordReset(deps, request.body),
  );

  app.post(
    '/auth/change-password',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'Change the password; the other sessions end, this one stays',
        security: BEARER_AUTH,
        body: ChangePasswordBody,
        response: {
          200: MessageResponse,
          400: ErrorResponse,
          401: ErrorResponse,
          404: ErrorResponse,
          422: ErrorResponse,
          429: ErrorResponse,
        },
      },
    },
    async (request) => changePassword(deps, request.user.id, request.user.sessionId, request.body),
  );
};

export default auth;
