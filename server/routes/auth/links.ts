import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { EmailBody, MessageResponse, ResetConfirmBody, TokenBody } from '../../../contract';
import { confirmPasswordReset, requestPasswordReset } from '../../services/accounts/passwords';
import { resendVerification, verifyEmail } from '../../services/accounts/verification';
import { accountDeps, clientOf, ErrorResponse, limitRefusals, noStore } from '../shared';

/** The schema of a route that mails a link to an address: the same answer for every address. */
function mailLinkSchema(summary: string) {
  return {
    tags: ['auth'],
    summary,
    body: EmailBody,
    response: { 200: MessageResponse, 422: ErrorResponse, 429: ErrorResponse },
  };
}

/** The mailed links, open to anyone: asking for one, and using its token (verification, password reset). */
const links: FastifyPluginAsyncTypebox = async (app) => {
  const deps = accountDeps(app);
  const badTokens = app.config.rateLimits.badLinkTokensPerAddress;
  app.addHook('onSend', noStore);

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
    { schema: mailLinkSchema('Mail a new verification link; the same answer for every address') },
    async (request) => resendVerification(deps, request.body, clientOf(request)),
  );

  app.post(
    '/auth/password-reset/request',
    { schema: mailLinkSchema('Mail a password reset link (30 min); the same answer for every address') },
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

export default links;
