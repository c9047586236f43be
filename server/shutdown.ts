import { AppError } from './errors';

/**
 * Closing the app aborts what is in flight: one AbortSignal per app (`app.closing`,
 * server/plugins/shutdown.ts) that every outbound call, retry timer and running job honours, so that
 * a shutdown never waits on a slow peer.
 */

/** What an outbound call or a wait rejects with once the app has begun to close (a request in flight gets a 503). */
export class ShuttingDown extends AppError {
  constructor() {
    super(503, 'shutting_down', 'The server is shutting down; try again in a moment.');
  }
}

/** Resolves after `ms`, or rejects with the signal's reason (its timer cleared) once it aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason as Error);
      return;
    }
    const abort = () => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', abort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', abort, { once: true });
  });
}

export interface CallSignal {
  signal: AbortSignal;
  /** Detaches the call from the long-lived signal and clears its timer; call it once the call has settled. */
  release(): void;
}

/**
 * The signal of one outbound call: aborted with `signal`'s reason (the app is closing) or after
 * `timeoutMs` with a TimeoutError, as AbortSignal.timeout() would. Not AbortSignal.any(): on Node 20
 * a long-lived signal keeps a trace of every signal derived from it until it aborts (~75 bytes a call).
 */
export function callSignal(signal: AbortSignal | undefined, timeoutMs: number): CallSignal {
  const controller = new AbortController();
  const abort = () => controller.abort(signal?.reason);
  const timer = setTimeout(
    () => controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError')),
    timeoutMs,
  );
  timer.unref();
  if (signal?.aborted) abort();
  else signal?.addEventListener('abort', abort, { once: true });
  return {
    signal: controller.signal,
    release() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', abort);
    },
  };
}
