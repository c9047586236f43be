import type { FastifyBaseLogger } from 'fastify';

/**
 * A logger that writes nothing, for job runners built outside an app (tests and benches). No Jest
 * globals here: the benches import it too.
 */
export const silentLog = {
  level: 'silent',
  fatal: () => undefined,
  error: () => undefined,
  warn: () => undefined,
  info: () => undefined,
  debug: () => undefined,
  trace: () => undefined,
  silent: () => undefined,
  child: () => silentLog,
} as unknown as FastifyBaseLogger;
