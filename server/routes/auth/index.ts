import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  EmailBody,
  LoginForm,
  MessageResponse,
  RegisterBody,
  ResetConfirmBody,
  TokenBody,
  TokenResponse,
} from '../../../contract';
import { confirmPasswordReset, requestPasswordReset } from '../../services/accounts/passwords';
import { register } from '../../services/accounts/registration';
import { login } from '../../services/accounts/sign-in';
import { resendVerification, verifyEmail } from '../../services/accounts/verification';
import { accountDeps, clientOf, ErrorResponse, limitRefusals, noStore } from '../shared';

/** Signing up and in, and the mailed links: open to anyone. The signed-in owner's are in session.ts. */
const auth: FastifyPluginAsyncTypebox = async (app) => {
  const deps = accountDeps(app);
  const badTokens = app.config.rateLimits.badLinkTokensPerAddress;
  app.addHook('onSend', noStore);

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
    '/auth/verify-email',
    {
      schema: {
        tags: ['auth'],
        summary: 'Use a verification link token: the account becomes verified',
        body: TokenBody,
        response: { 200: MessageResponse, 400: ErrorResponse, 422: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request) => limitRefusals(app, request, 'bad-link-token', badTokens, () => verifyEmail(deps, request.body)),
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
        response: { 200: MessageResponse, 400: ErrorResponse, 422: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request) =>
      limitRefusals(app, request, 'bad-link-token', badTokens, () => confirmPasswordReset(deps, request.body)),
  );
};

export default auth;
