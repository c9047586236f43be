import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AnalyticsQuery, AnalyticsSummary, Timeseries, TimeseriesQuery } from '../../../contract';
import { resolveReportRange } from '../../services/analytics/range';
import { analyticsSummary, timeseries } from '../../services/analytics/reports';
import { BEARER_AUTH, ErrorResponse } from '../shared';

/**
 * /analytics' reports (all the owner’s own); the dashboard's are in dashboard.ts, the export in
 * export.ts, the costs in costs.ts.
 */
const analytics: FastifyPluginAsyncTypebox = async (app) => {
  const common = { security: BEARER_AUTH };

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
