import { API_BASE_URL } from '../../../src/config';

export type ApiRoute = (init: RequestInit | undefined) => Response | Promise<Response>;

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

/** The contract's error body (contract/errors.ts). */
export function apiError(status: number, message: string, code: string, field?: string): Response {
  return json({ detail: message, message, code, ...(field && { field }) }, status);
}

/** A request that never answers, to look at the screen while it is under way. */
export const pending: ApiRoute = () => new Promise<Response>(() => undefined);

/**
 * What the signed-in shell asks on every page, in the background: the Messages badge's count and the
 * hand-over bell's list; and what a signed-in tab says, the tab's focus (no push while it is seen).
 * Nothing new, unless a test routes them itself.
 */
export const SHELL_ROUTES: Record<string, ApiRoute> = {
  'GET /messages/unread': () => json({ unread_conversations: 0 }),
  'GET /escalations': () => json([]),
  'PUT /push/presence': () => new Response(null, { status: 204 }),
};

/**
 * The dashboard's figures, still loading: for a test that ends on the dashboard (after a sign-in, a
 * skip, a disconnect) without looking at them. Unrouted, they fail and log an error whenever they
 * answer, which may be before the test ends.
 */
export const DASHBOARD_LOADING: Record<string, ApiRoute> = {
  'GET /dashboard/summary': pending,
  'GET /dashboard/activity': pending,
};

/** /analytics's figures, its costs and rate card, still loading: for tests that look at the page around them. */
export const ANALYTICS_LOADING: Record<string, ApiRoute> = {
  'GET /analytics/summary': pending,
  'GET /analytics/timeseries': pending,
  'GET /analytics/costs': pending,
  'GET /analytics/rate-card': pending,
};

/**
 * Answers the SPA's requests from `routes` (and the shell's from SHELL_ROUTES), keyed 'METHOD /path'
 * under the API prefix; a key without a query answers every query of its path that has no key of its
 * own. No test reaches a network. A request no route expects answers 501, so that the test shows it
 * instead of hanging (and fails on the error its saga logs).
 */
export function mockApi(routes: Record<string, ApiRoute>) {
  return jest.spyOn(window, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const path = url.startsWith(API_BASE_URL) ? url.slice(API_BASE_URL.length) : url;
    const key = `${init?.method ?? 'GET'} ${path}`;
    const withoutQuery = key.split('?')[0];
    const route = routes[key] ?? routes[withoutQuery] ?? SHELL_ROUTES[withoutQuery];
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
