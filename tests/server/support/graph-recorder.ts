import type { App } from '../../../server/app';
import { GraphClient } from '../../../server/services/whatsapp/graph-client';

/** One Graph call as it crossed the socket: what the client sent and what the simulator answered. */
export interface Exchange {
  method: string;
  url: URL;
  authorization: string | undefined;
  /** JSON bodies parsed; a multipart body as its fields (files as name, type and size). */
  requestBody: unknown;
  status: number;
  contentType: string | null;
  /** JSON answers parsed; anything else (a download) undefined. */
  responseBody: unknown;
}

function describeBody(body: unknown): unknown {
  if (typeof body === 'string') return JSON.parse(body);
  if (body instanceof FormData) {
    return Object.fromEntries(
      [...body.entries()].map(([name, value]) => [
        name,
        typeof value === 'string' ? value : { filename: value.name, type: value.type, size: value.size },
      ]),
    );
  }
  return undefined;
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The real Graph client pointed at `app`'s simulator, recording every exchange, so that tests can
 * hold both sides to Meta's OpenAPI file.
 */
export function recordingGraph(app: App) {
  const exchanges: Exchange[] = [];
  const recordingFetch: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    exchanges.push({
      method: init?.method ?? 'GET',
      url: new URL(String(input)),
      authorization: new Headers(init?.headers).get('authorization') ?? undefined,
      requestBody: describeBody(init?.body),
      status: response.status,
      contentType: response.headers.get('content-type'),
      responseBody: parsed(await response.clone().text()),
    });
    return response;
  };
  const { settings } = app.whatsapp;
  const graph = new GraphClient({
    baseUrl: settings.graphBaseUrl,
    version: settings.graphVersion,
    timeoutMs: 5_000,
    appId: settings.appId,
    appSecret: settings.appSecret,
    fetch: recordingFetch,
  });
  const last = (): Exchange => {
    const exchange = exchanges.at(-1);
    if (!exchange) throw new Error('no Graph call was made');
    return exchange;
  };
  return { graph, exchanges, last };
}
