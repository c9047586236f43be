import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ActivityList,
  ActivityQuery,
  ANALYTICS_LIMITS,
  AnalyticsQuery,
  AnalyticsSummary,
  DashboardQuery,
  DashboardSummary,
  Timeseries,
  TimeseriesQuery,
} from '../../../contract';
import { dashboardSummary, recentActivity } from '../../services/analytics/dashboard';
import { resolveReportRange, resolveTimeZone } from '../../services/analytics/range';
import { analyticsSummary, timeseries } from '../../services/analytics/reports';
import { BEARER_AUTH, ErrorResponse } from '../shared';

/** The dashboard's cards and activity, and /analytics' reports (all the owner’s own); the export is in export.ts. */
const analytics: FastifyPluginAsyncTypebox = async (app) => {
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

  app.get(
    '/analytics/summary',
    {
      schema: {
        ...common,
        tags: ['analytics'],
        summary:
          'Totals of the range [from, to) in the owner’s time zone: volumes, AI response and resolution ' +
          'rates, first response times, hand-overs, busiest hours, top customers, unanswered questions',
        querystring: AnalyticsQuery,
        response: { 200: AnalyticsSummary, 401: ErrorResponse, 422: ErrorResponse },
      },
    },
    async (request) => analyticsSummary(app.db, request.user.id, await resolveReportRange(app.db, request.query)),
  );

  app.get(
    '/analytics/timeseries',
    {
      schema: {
        ...common,
        tags: ['analytics'],
        summary: 'The range day by day (or hour by hour) in the owner’s time zone, empty buckets included',
        querystring: TimeseriesQuery,
        response: { 200: Timeseries, 401: ErrorResponse, 422: ErrorResponse },
      },
    },
    async (request) =>
      timeseries(
        app.db,
        request.user.id,
        await resolveReportRange(app.db, request.query),
        request.query.interval ?? 'day',
      ),
  );
};

export default analytics;
