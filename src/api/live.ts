import type { LiveEvent } from '../../contract';
import { API_BASE_URL } from '../config';
import { readError } from './client';

/** One message of the stream: the event, and the stream position when it carries one (`id:`). */
export interface LiveMessage {
  event: LiveEvent;
  id?: string;
}

/** Splits a Server-Sent Events text into its messages; comment lines (heartbeats) are skipped. */
export function parseLiveMessages(block: string): LiveMessage | undefined {
  let id: string | undefined;
  let data = '';
  for (const line of block.split('\n')) {
    if (line.startsWith('id: ')) id = line.slice(4);
    else if (line.startsWith('data: ')) data += line.slice(6);
  }
  if (!data) return undefined;
  return { event: JSON.parse(data) as LiveEvent, ...(id !== undefined && { id }) };
}

/**
 * Reads `GET /events` (the token in the Authorization header, which EventSource cannot send) until
 * it ends or `signal` aborts, handing each message to `onMessage`. Resolves when the server ends
 * the stream; rejects with the API's error when it refuses one (401, 429 …) or the network fails.
 */
export async function readLiveStream(
  token: string,
  lastEventId: string | null,
  onMessage: (message: LiveMessage) => void,
  signal: AbortSignal,
): Promise<void> {
  const response = await fetch(`${API_BASE_URL}/events`, {
    headers: {
      accept: 'text/event-stream',
      authorization: `Bearer ${token}`,
      ...(lastEventId !== null && { 'last-event-id': lastEventId }),
    },
    cache: 'no-store',
    signal,
  });
  if (!response.ok || !response.body) throw await readError(response, { reading: 'messaging' });
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += value;
    let end;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const message = parseLiveMessages(buffer.slice(0, end));
      buffer = buffer.slice(end + 2);
      if (message) onMessage(message);
    }
  }
}
