import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { LoginForm, RegisterBody, TokenResponse } from '../../../contract';
import { register } from '../../services/accounts/registration';
import { login } from '../../services/accounts/sign-in';
import { accountDeps, clientOf, ErrorResponse, noStore } from '../shared';

/**
 * Signing up and in: open to anyone. The mailed links are in links.ts, the signed-in owner's
 * routes in session.ts.
 */
const auth: FastifyPluginAsyncTypebox = async (app) => {
  const deps = accountDeps(app);
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
};

export default auth;
