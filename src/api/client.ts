import { API_BASE_URL } from '../config';

/** A failed API call: the HTTP status, and the contract's error body when the server sent one. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
    readonly field?: string,
    /** The body's `detail`, kept for callers that map particular server texts (SPEC.md §8). */
    readonly detail?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * What an error says to a person, written once for every saga: the server's message when it sent
 * one, else `fallback` (a network failure has no words for people), else the error's own text.
 */
export function errorText(error: unknown, fallback?: string): string {
  if (error instanceof ApiError && error.message) return error.message;
  if (fallback !== undefined) return fallback;
  return error instanceof Error ? error.message : String(error);
}

/**
 * SPEC.md §8 reads errors two ways: account calls take `message` (falling back to the action's
 * name plus the status), messaging calls take `detail` ('An unknown error occurred', or
 * 'HTTP error! status: N' when the body is not JSON).
 */
type ErrorReading = 'account' | 'messaging';

export const UNKNOWN_ERROR = 'An unknown error occurred';

export interface RequestOptions {
  method?: string;
  token?: string | null;
  json?: unknown;
  form?: Record<string, string>;
  signal?: AbortSignal;
  /** The request outlives the page (a report sent as the tab closes). */
  keepalive?: boolean;
  /** The message when the body carries none (SPEC.md §8 names one per account call). */
  fallback?: string;
  reading?: ErrorReading;
}

interface ErrorBodyLike {
  detail?: unknown;
  message?: unknown;
  code?: unknown;
  field?: unknown;
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

export async function readError(
  response: Response,
  { fallback, reading = 'account' }: RequestOptions,
): Promise<ApiError> {
  let body: ErrorBodyLike | undefined;
  try {
    body = (await response.json()) as ErrorBodyLike;
  } catch {
    body = undefined;
  }
  if (!body || typeof body !== 'object') {
    const unreadable =
      reading === 'messaging'
        ? `HTTP error! status: ${response.status}`
        : `${fallback ?? 'Request failed'}: ${response.status} ${response.statusText}`.trim();
    return new ApiError(unreadable, response.status);
  }
  const detail = text(body.detail);
  const message =
    reading === 'messaging' ? (detail ?? UNKNOWN_ERROR) : (text(body.message) ?? detail ?? fallback ?? UNKNOWN_ERROR);
  return new ApiError(message, response.status, text(body.code), text(body.field), detail);
}

/** One request to the API: JSON or form body, bearer token, typed result, ApiError on failure. */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  }
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await fetch(`${API_BASE_URL}${path}`, {
    method: options.method ?? (body ? 'POST' : 'GET'),
    headers,
    body,
    signal: options.signal,
    ...(options.keepalive && { keepalive: true }),
  });
  if (!response.ok) throw await readError(response, options);
  const payload = await response.text();
  return (payload ? JSON.parse(payload) : undefined) as T;
}
