import { WHATSAPP_ERRORS } from '../../../contract';
import { AppError, NotFound, TooManyRequests, Unauthorized } from '../../errors';
import { plainFailure } from './failure-words';
import { GraphError, GraphObjectMissing, GraphRateLimited, GraphTokenInvalid, GraphUnavailable } from './graph-errors';

const RETRY_AFTER_SECONDS = 60;

/**
 * A Graph failure as the owner should read it. The token's 401 carries its own code, so that the
 * SPA can tell "reconnect WhatsApp" from "your Threadline session ended".
 */
export function explainGraphFailure(error: unknown): unknown {
  if (error instanceof GraphTokenInvalid)
    return new Unauthorized(WHATSAPP_ERRORS.tokenExpired, 'whatsapp_token_invalid');
  if (error instanceof GraphObjectMissing) return new NotFound(WHATSAPP_ERRORS.wabaNotFound, 'whatsapp_not_found');
  if (error instanceof GraphRateLimited) return new TooManyRequests(WHATSAPP_ERRORS.rateLimited, RETRY_AFTER_SECONDS);
  if (error instanceof GraphUnavailable) return new AppError(503, 'whatsapp_unavailable', WHATSAPP_ERRORS.unavailable);
  if (error instanceof GraphError) {
    const plain = plainFailure(error.code);
    return new AppError(
      502,
      'whatsapp_error',
      plain ?? `WhatsApp refused the request: ${error.details ?? error.message}`,
    );
  }
  return error;
}
