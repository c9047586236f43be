import { BEARER_AUTH, ErrorResponse } from '../shared';

/** What every /whatsapp route's schema says: its tag and the bearer token it needs. */
export const common = { tags: ['whatsapp'], security: BEARER_AUTH };

/** Graph failures the owner may meet on a route that calls Graph with their token. */
export const GRAPH_FAILURES = {
  401: ErrorResponse,
  404: ErrorResponse,
  429: ErrorResponse,
  502: ErrorResponse,
  503: ErrorResponse,
};
