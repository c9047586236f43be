/**
 * Graph API failures as typed values. Meta's error object decides, by its `code`, never the HTTP
 * status alone (WHATSAPP.md §4): the same code comes back as 400, 401 or 200 depending on the edge.
 */

/** Meta's error object: `{ error: { message: '(#code) title', type, code, error_data?, fbtrace_id } }`. */
export interface GraphErrorObject {
  message: string;
  type?: string;
  code: number;
  error_subcode?: number;
  error_data?: { messaging_product?: string; details?: string };
  fbtrace_id?: string;
  is_transient?: boolean;
  error_user_title?: string;
  error_user_msg?: string;
}

export const GRAPH_CODES = {
  badParameter: 100,
  tokenInvalid: 190,
  /** Unsupported request: the object does not exist or this token may not see it. */
  objectMissingSubcode: 33,
  objectMissing: 803,
  outsideWindow: 131047,
  /** Registering a number with a PIN other than its two-step verification PIN. */
  pinMismatch: 133005,
  throughputReached: 130429,
  pairRateLimited: 131056,
  appRateLimited: 4,
  wabaRateLimited: 80007,
} as const;

/** Any error object Graph answered; the subclasses below are the codes we act on. */
export class GraphError extends Error {
  readonly code: number;
  readonly subcode: number | undefined;
  readonly type: string | undefined;
  /** `error_data.details`: Meta's longer explanation, when it gives one. */
  readonly details: string | undefined;
  readonly fbtraceId: string | undefined;

  constructor(
    readonly graph: GraphErrorObject,
    readonly httpStatus: number,
  ) {
    super(graph.message);
    this.name = new.target.name;
    this.code = graph.code;
    this.subcode = graph.error_subcode;
    this.type = graph.type;
    this.details = graph.error_data?.details;
    this.fbtraceId = graph.fbtrace_id;
  }
}

/** 190: the business token expired or was revoked; the owner has to connect again. */
export class GraphTokenInvalid extends GraphError {}

/** 131047: more than 24 hours since the customer last wrote; only templates may be sent. */
export class GraphOutsideWindow extends GraphError {}

/** 130429 throughput, 131056 pair rate, 4 app and 80007 WABA limits: try again later. */
export class GraphRateLimited extends GraphError {}

/** 100: a parameter Graph refused (also an unknown, used or expired signup code). */
export class GraphBadParameter extends GraphError {}

/** 100/33 or 803: the WABA or number does not exist, or this token may not see it. */
export class GraphObjectMissing extends GraphError {}

/** Registering a number failed on its two-step verification PIN: it was registered with another. */
export class GraphPinMismatch extends GraphError {}

/** Graph could not be reached or answered something that is not Graph: nothing was decided. */
export class GraphUnavailable extends Error {
  constructor(
    message: string,
    readonly reason: 'timeout' | 'network' | 'invalid_response',
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'GraphUnavailable';
  }
}

const RATE_LIMIT_CODES: readonly number[] = [
  GRAPH_CODES.throughputReached,
  GRAPH_CODES.pairRateLimited,
  GRAPH_CODES.appRateLimited,
  GRAPH_CODES.wabaRateLimited,
];

function isErrorObject(value: unknown): value is GraphErrorObject {
  const error = value as Partial<GraphErrorObject> | null;
  return (
    typeof error === 'object' && error !== null && typeof error.code === 'number' && typeof error.message === 'string'
  );
}

/** The typed error for a Graph answer that carries `error`, or undefined when it carries none. */
export function graphErrorFrom(body: unknown, httpStatus: number): GraphError | undefined {
  const error = (body as { error?: unknown } | null)?.error;
  if (!isErrorObject(error)) return undefined;
  if (error.code === GRAPH_CODES.tokenInvalid) return new GraphTokenInvalid(error, httpStatus);
  if (error.code === GRAPH_CODES.outsideWindow) return new GraphOutsideWindow(error, httpStatus);
  if (error.code === GRAPH_CODES.pinMismatch) return new GraphPinMismatch(error, httpStatus);
  if (RATE_LIMIT_CODES.includes(error.code)) return new GraphRateLimited(error, httpStatus);
  if (
    error.code === GRAPH_CODES.objectMissing ||
    (error.code === GRAPH_CODES.badParameter && error.error_subcode === GRAPH_CODES.objectMissingSubcode)
  ) {
    return new GraphObjectMissing(error, httpStatus);
  }
  if (error.code === GRAPH_CODES.badParameter) return new GraphBadParameter(error, httpStatus);
  return new GraphError(error, httpStatus);
}

/**
 * What a failed send means for trying it again: 'passing' (Graph unreachable, its 5xx, a rate
 * limit: Graph took nothing on, and the send may well go through later), 'uncertain' (Graph did not
 * answer in time: it may have sent the message, so it must not be sent again), else 'refused'.
 */
export type SendFailureKind = 'passing' | 'uncertain' | 'refused';

export function sendFailureKind(error: unknown): SendFailureKind {
  if (error instanceof GraphUnavailable) return error.reason === 'timeout' ? 'uncertain' : 'passing';
  if (error instanceof GraphRateLimited) return 'passing';
  if (error instanceof GraphError && (error.httpStatus >= 500 || error.graph.is_transient === true)) return 'passing';
  return 'refused';
}
