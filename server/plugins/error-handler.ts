import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ErrorBody } from '../../contract';
import { AppError, TooManyRequests } from '../errors';

function body(detail: string, code: string, field?: string): ErrorBody {
  return field ? { detail, message: detail, code, field } : { detail, message: detail, code };
}

/** The JSON-schema error → the input at fault, as the client names it ('email', not '/email'). */
function fieldOf(error: FastifyError): string | undefined {
  const first = error.validation?.[0];
  if (!first) return undefined;
  const missing = (first.params as { missingProperty?: string } | undefined)?.missingProperty;
  const pointer = first.instancePath.replace(/^\//, '').replace(/\//g, '.');
  return [pointer, missing].filter(Boolean).join('.') || undefined;
}

function validationText(error: FastifyError, field: string | undefined): string {
  const first = error.validation?.[0];
  if (!first) return error.message;
  if (first.keyword === 'required' && field) return `${field} is required.`;
  return field ? `${field} ${first.message ?? 'is invalid'}.` : `${first.message ?? 'Invalid request'}.`;
}

/**
 * One error handler for the whole API: typed errors keep their status and text, schema failures
 * become 422 with the field, framework 4xx keep their reason, and 5xx never leak internals.
 */
export default fp(
  async function errorHandler(app: FastifyInstance) {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof AppError) {
        if (error instanceof TooManyRequests) reply.header('retry-after', error.retryAfterSeconds);
        return reply.status(error.statusCode).send(body(error.message, error.code, error.field));
      }
      if (error.validation) {
        const field = fieldOf(error);
        return reply.status(422).send(body(validationText(error, field), 'validation_failed', field));
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        const code = error.code ? error.code.replace(/^FST_ERR_/, '').toLowerCase() : 'bad_request';
        return reply.status(status).send(body(error.message, code));
      }
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send(body('Something went wrong on our side. Please try again.', 'internal'));
    });
  },
  { name: 'error-handler' },
);
