import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/**
 * Request logs without secrets: query parameters that carry one (the Graph code exchange's
 * client_secret and code, access tokens, Meta's verify token, mailed link tokens) are shortened
 * or hidden before the URL is logged. The sandbox's Graph simulator runs in this process, so its
 * request lines would otherwise show what Meta's servers see.
 */

/** Codes are logged by their first characters only, enough to match a report to a request. */
export const LOGGED_CODE_CHARACTERS = 10;
const HIDDEN = new Set(['client_secret', 'access_token', 'hub.verify_token', 'token', 'input_token']);
const SHORTENED = new Set(['code']);

export function redactUrl(url: string): string {
  const query = url.indexOf('?');
  if (query === -1) return url;
  const params = new URLSearchParams(url.slice(query + 1));
  let changed = false;
  for (const [name, value] of params) {
    if (HIDDEN.has(name)) params.set(name, '[redacted]');
    else if (SHORTENED.has(name)) params.set(name, `${value.slice(0, LOGGED_CODE_CHARACTERS)}…`);
    else continue;
    changed = true;
  }
  return changed ? `${url.slice(0, query)}?${params}` : url;
}

function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Our request serializer on whatever logger options the caller chose. */
export function withRedaction(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (logger === false || logger === undefined) return logger;
  const options = logger === true ? {} : logger;
  return { ...options, serializers: { req: serializeRequest as never, ...options.serializers } };
}
