import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CostReport, CostsQuery, RateCard, RateCardBody } from '../../../contract';
import { monthCosts, rateCardOf, saveRateCard } from '../../services/analytics/costs';
import { BEARER_AUTH, ErrorResponse } from '../shared';

/** /analytics' costs: the month's billed messages and their estimate, and the owner's rate card. */
const analyticsCosts: FastifyPluginAsyncTypebox = async (app) => {
  const common = { security: BEARER_AUTH, tags: ['analytics'] };

  app.get(
    '/analytics/costs',
    {
      schema: {
        ...common,
        summary:
          'The month’s messages Meta billed, per category, and their estimated cost at the owner’s rate card ' +
          '(an estimate: Meta’s rates depend on each customer’s country)',
        querystring: CostsQuery,
        response: { 200: CostReport, 401: ErrorResponse, 422: ErrorResponse },
      },
    },
    async (request) => monthCosts(app.db, request.user.id, request.query),
  );

  app.get(
    '/analytics/rate-card',
    {
      schema: {
        ...common,
        summary: 'The owner’s rate per delivered message of each category, the default table until they change it',
        response: { 200: RateCard, 401: ErrorResponse },
      },
    },
    async (request) => rateCardOf(app.db, request.user.id),
  );

  app.put(
    '/analytics/rate-card',
    {
      schema: {
        ...common,
        summary:
          'Sets the currency and any of the rates (each 0 to 1000, at most 4 decimals); an unknown category is a 422',
        body: RateCardBody,
        response: { 200: RateCard, 401: ErrorResponse, 422: ErrorResponse },
      },
    },
    async (request) => saveRateCard(app.db, request.user.id, request.body),
  );
};

export default analyticsCosts;
