import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ExportQuery } from '../../../contract';
import { encodeCsv, encodeJson, exportBatches, exportFileName } from '../../services/analytics/export';
import { localDay, resolveExportRange } from '../../services/analytics/range';
import { BEARER_AUTH, ErrorResponse } from '../shared';

/** GET /messages/export: the owner's messages as a CSV or JSON download, streamed. */
const exportRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/messages/export',
    {
      schema: {
        tags: ['messages'],
        security: BEARER_AUTH,
        summary:
          'The owner’s messages in [from, to) with their conversation, oldest first, as a CSV (RFC 4180, ' +
          'formula cells guarded) or a JSON array download named threadline-messages-<from>_<to>.<format>',
        querystring: ExportQuery,
        produces: ['text/csv', 'application/json'],
        response: {
          200: Type.Unsafe<Readable>({ type: 'string', description: 'The file (Content-Disposition: attachment)' }),
          401: ErrorResponse,
          422: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const format = request.query.format ?? 'csv';
      const range = await resolveExportRange(app.db, request.query);
      const batches = exportBatches(app.db, request.user.id, range);
      const body = Readable.from(format === 'csv' ? encodeCsv(batches) : encodeJson(batches));
      body.on('error', (error) => request.log.error({ err: error }, 'export: failed while streaming'));
      const name = exportFileName(range, format, localDay(range.tz, new Date()));
      return reply
        .header('content-type', format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'private, no-store')
        .send(body);
    },
  );
};

export default exportRoute;
