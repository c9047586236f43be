import { API_BASE_URL } from '../../../src/config';

export type ApiRoute = (init: RequestInit | undefined) => Response | Promise<Response>;

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** The contract's error body (contract/errors.ts). */
export function apiError(status: number, message: string, code: string, field?: string): Response {
  return json({ detail: message, message, code, ...(field && { field }) }, status);
}

/** A request that never answers, to look at the screen while it is under way. */
export const pending: ApiRoute = () => new Promise<Response>(() => undefined);

/**
 * Answers the SPA's requests from `routes`, keyed 'METHOD /path' under the API prefix; no test reaches a
 * network. A request no route expects answers 501, so that the test shows it instead of hanging.
 */
export function mockApi(routes: Record<string, ApiRoute>) {
  return jest.spyOn(window, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const path = url.startsWith(API_BASE_URL) ? url.slice(API_BASE_URL.length) : url;
    const key = `${init?.method ?? 'GET'} ${path}`;
    const route = routes[key];
    return route ? route(init) : apiError(501, `No route for ${key} in this test`, 'not_mocked');
  });
}

/** The 'METHOD /path' of every request made so far. */
export function requestsMade(fetchMock: jest.SpyInstance): string[] {
  return fetchMock.mock.calls.map(([input, init]: [RequestInfo | URL, RequestInit | undefined]) => {
    const url = String(input);
    return `${init?.method ?? 'GET'} ${url.startsWith(API_BASE_URL) ? url.slice(API_BASE_URL.length) : url}`;
  });
}
