import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Conversation } from '../../../contract';
import { DAY_PASSED_HOURS, letADayPass } from '../../sandbox/day-passed';
import { BEARER_AUTH, ErrorResponse } from '../shared';

const ConversationParams = Type.Object({
  id: Type.String({ description: '<phone>@c.us, or <BSUID>@bsuid for a customer met without a number' }),
});

/**
 * Sandbox only (mounted while no Meta app is configured): the 24-hour window of one of the owner's
 * own conversations closes now instead of a day from now, for trying templates and for tests.
 */
const dayPassed: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/sandbox/conversations/:id/day-passed',
    {
      schema: {
        tags: ['sandbox'],
        summary: `Sandbox only: the customer's messages of this conversation move ${DAY_PASSED_HOURS} hours back (here and in the simulator), closing its 24-hour window`,
        security: BEARER_AUTH,
        params: ConversationParams,
        response: { 200: Conversation, 401: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => letADayPass(app.db, request.user.id, request.params.id),
  );
};

export default dayPassed;
