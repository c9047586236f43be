import type { FastifyInstance } from 'fastify';
import { PRIVATE_UMASK } from '../private-files';

/** How long a shutdown may take before the process gives up waiting for in-flight work. */
const SHUTDOWN_GRACE_MS = 10_000;

/**
 * Closes the app on SIGINT/SIGTERM, then exits. Closing aborts what is in flight (`app.closing`):
 * outbound calls give up, the job in hand goes back to the queue, requests under way are answered.
 */
export function closeOnSignals(app: FastifyInstance) {
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: aborting in-flight work');
    setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

/**
 * A reason not to go on that the person running the command can act on (the folder is in use, the
 * port is taken): printed as its message alone, without a stack trace.
 */
export class Refusal extends Error {}

/**
 * Runs a process's main function, creating files for this user alone; a failure to start is printed
 * and ends the process.
 */
export function run(main: () => Promise<void>) {
  process.umask(PRIVATE_UMASK);
  main().catch((error: unknown) => {
    console.error(error instanceof Refusal ? error.message : error);
    process.exit(1);
  });
}
