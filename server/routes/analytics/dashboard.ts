import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ActivityList, ActivityQuery, ANALYTICS_LIMITS, DashboardQuery, DashboardSummary } from '../../../contract';
import { dashboardSummary, recentActivity } from '../../services/analytics/dashboard';
import { resolveTimeZone } from '../../services/analytics/range';
import { BEARER_AUTH, ErrorResponse } from '../shared';

/** The dashboard's cards and its activity feed (all the owner’s own). */
const dashboard: FastifyPluginAsyncTypebox = async (app) => {
  const common = { security: BEARER_AUTH };

  app.get(
    '/dashboard/summary',
    {
      schema: {
        ...common,
        tags: ['dashboard'],
        summary:
          'The four dashboard cards over the last 24 hours, each with the 24 hours before; `connected` ' +
          'says whether a number is connected (without one the SPA shows 0 / N/A)',
        querystring: DashboardQuery,
        response: { 200: DashboardSummary, 401: ErrorResponse, 422: ErrorResponse },
      },
    },
    async (request) => {
      await resolveTimeZone(app.db, request.query.tz);
      return dashboardSummary(app.db, request.user.id, new Date());
    },
  );

  app.get(
    '/dashboard/activity',
    {
      schema: {
        ...common,
        tags: ['dashboard'],
        summary: 'The latest events, newest first: replies, hand-overs, new conversations, connection changes',
        querystring: ActivityQuery,
        response: { 200: ActivityList, 401: ErrorResponse, 422: ErrorResponse },
      },
    },
    async (request) => recentActivity(app.db, request.user.id, request.query.limit ?? ANALYTICS_LIMITS.defaultActivity),
  );
};

export default dashboard;
