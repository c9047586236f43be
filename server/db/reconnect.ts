/** After a connection to the database broke, the first wait before connecting again; each failure doubles it. */
export const RECONNECT_FIRST_DELAY_MS = 1_000;
/** The longest wait between two attempts (PostgreSQL down for minutes: a try every 10 to 20 s). */
export const RECONNECT_MAX_DELAY_MS = 20_000;

/**
 * The wait before the attempt after `failures` failed ones: doubling from RECONNECT_FIRST_DELAY_MS to
 * RECONNECT_MAX_DELAY_MS, then spread over its upper half (`random` in [0, 1)) so that the processes a
 * restart cut off at the same moment do not all come back at the same moment.
 */
export function reconnectDelayMs(failures: number, random = Math.random()): number {
  const ceiling = Math.min(RECONNECT_MAX_DELAY_MS, RECONNECT_FIRST_DELAY_MS * 2 ** failures);
  return Math.round(ceiling * (0.5 + random / 2));
}
