import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ChangePasswordBody, MessageResponse } from '../../../contract';
import { changePassword } from '../../services/accounts/passwords';
import { logout } from '../../services/accounts/sign-in';
import { accountDeps, BEARER_AUTH, ErrorResponse, noStore } from '../shared';

/** The signed-in owner's session: signing out, changing the password. */
const session: FastifyPluginAsyncTypebox = async (app) => {
  const deps = accountDeps(app);
  app.addHook('onSend', noStore);

  app.post(
    '/auth/logout',
    {
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
    '/auth/change-password',
    {
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

export default session;
