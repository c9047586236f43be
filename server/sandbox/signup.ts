import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ErrorResponse } from '../routes/shared';
import { createPendingSignup } from './graph/accounts';

export const SignupSessionBody = Type.Object({
  business_name: Type.String(),
  /** Absent or empty: "finish without a number", as Embedded Signup v4 allows. */
  phone_number: Type.Optional(Type.String()),
});

export const SignupSessionResponse = Type.Object({
  code: Type.String(),
  waba_id: Type.String(),
  business_id: Type.String(),
  phone_number_id: Type.Optional(Type.String()),
  phone_number: Type.Optional(Type.String()),
});

/**
 * What the sandbox popup calls when the owner finishes its pretend signup: a WABA, with the number
 * unless they finished without one, and a one-time code (30 s) for FB.login's callback. Public, like
 * Facebook's own popup.
 */
const signup: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/signup/session',
    {
      schema: {
        tags: ['sandbox'],
        summary: 'Sandbox only: finish a pretend Embedded Signup (WABA, number and a 30-second code)',
        body: SignupSessionBody,
        response: { 201: SignupSessionResponse, 422: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request, reply) => {
      // Public like the popup it stands in for: a script must not fill the sandbox with businesses.
      app.rateLimiter.consume('sandbox-signup', request.ip, app.config.rateLimits.sandboxSignupPerAddress);
      return reply.status(201).send(await app.db.transaction((tx) => createPendingSignup(tx, request.body)));
    },
  );
};

export default signup;
