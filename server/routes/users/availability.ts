import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { AvailabilityResponse } from '../../../contract';
import { checkEmail, checkUsername } from '../../services/accounts/registration';
import { accountDeps, clientOf, ErrorResponse } from '../shared';

/** Whether a username or an email address is taken, for the registration form: open to anyone, rate-limited. */
const availability: FastifyPluginAsyncTypebox = async (app) => {
  const deps = accountDeps(app);

  app.get(
    '/users/check-username/:username',
    {
      schema: {
        tags: ['users'],
        summary: 'Whether a username is taken (case-insensitive)',
        params: Type.Object({ username: Type.String() }),
        response: { 200: AvailabilityResponse, 429: ErrorResponse },
      },
    },
    async (request) => checkUsername(deps, request.params.username, clientOf(request)),
  );

  app.get(
    '/users/check-email/:email',
    {
      schema: {
        tags: ['users'],
        summary: 'Whether an email address is registered (case-insensitive)',
        params: Type.Object({ email: Type.String() }),
        response: { 200: AvailabilityResponse, 429: ErrorResponse },
      },
    },
    async (request) => checkEmail(deps, request.params.email, clientOf(request)),
  );
};

export default availability;
