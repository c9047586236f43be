import http from 'node:http';
import type { LiveEvent } from '../../../contract';

/** A test's end of `GET /api/v1/events`: the events read so far, in order, and a way to wait for one. */
export interface TestStream {
  status: number;
  /** The SSE ids seen, in order. */
  ids: string[];
  events: LiveEvent[];
  /** Resolves with the first event (already read or still to come) that `matches`. */
  next(matches: (event: LiveEvent) => boolean, timeoutMs?: number): Promise<LiveEvent>;
  /** Resolves once the server has ended the stream (or it was closed). */
  ended: Promise<void>;
  close(): void;
}

/** Opens an event stream over real HTTP; a status other than 200 resolves with that status and its body. */
export function openStream(
  baseUrl: string,
  token: string,
  headers: Record<string, string> = {},
): Promise<TestStream & { body?: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${baseUrl}/api/v1/events`,
      { headers: { authorization: `Bearer ${token}`, ...headers } },
      (response) => {
        const events: LiveEvent[] = [];
        const ids: string[] = [];
        const waiters = new Set<() => void>();
        let buffer = '';
        const ended = new Promise<void>((done) => response.once('close', done));
        const stream: TestStream = {
          status: response.statusCode ?? 0,
          ids,
          events,
          next(matches, timeoutMs = 5_000) {
            return new Promise((found, failed) => {
              const check = () => {
                const event = events.find(matches);
                if (!event) return;
                waiters.delete(check);
                clearTimeout(timer);
                found(event);
              };
              const timer = setTimeout(() => {
                waiters.delete(check);
                failed(new Error(`no such event within ${timeoutMs} ms; got ${JSON.stringify(events)}`));
              }, timeoutMs);
              waiters.add(check);
              check();
            });
          },
          ended,
          close: () => request.destroy(),
        };
        response.setEncoding('utf8');
        if (stream.status !== 200) {
          let body = '';
          response.on('data', (chunk: string) => (body += chunk));
          response.on('end', () => resolve({ ...stream, body }));
          return;
        }
        response.on('data', (chunk: string) => {
          buffer += chunk;
          let end;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            for (const line of block.split('\n')) {
              if (line.startsWith('id: ')) ids.push(line.slice(4));
              if (line.startsWith('data: ')) events.push(JSON.parse(line.slice(6)) as LiveEvent);
            }
          }
          for (const waiter of [...waiters]) waiter();
        });
        response.on('error', () => undefined);
        resolve(stream);
      },
    );
    request.on('error', reject);
  });
}
