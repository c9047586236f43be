/**
 * SPEC.md §9's two readings of a time, as pure functions of the time and `now` (milliseconds or
 * anything `Date` reads). The list reading is compact; the message reading says "ago".
 */
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const WEEK_MS = 7 * DAY_MS;

export const JUST_NOW = 'Just now';

const shortDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });
const shortDateTime = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** How long ago, never negative: a clock a little ahead of ours still reads 'Just now'. */
function elapsedMs(time: string | number | Date, now: number | Date): number {
  return Math.max(0, new Date(now).getTime() - new Date(time).getTime());
}

/** Conversation list: 'Just now', '5m', '3h', '2d', then 'Nov 3'. */
export function listTime(time: string | number | Date, now: number | Date): string {
  const elapsed = elapsedMs(time, now);
  if (elapsed < MINUTE_MS) return JUST_NOW;
  if (elapsed < HOUR_MS) return `${Math.floor(elapsed / MINUTE_MS)}m`;
  if (elapsed < DAY_MS) return `${Math.floor(elapsed / HOUR_MS)}h`;
  if (elapsed < WEEK_MS) return `${Math.floor(elapsed / DAY_MS)}d`;
  return shortDate.format(new Date(time));
}

/** Messages: 'Just now', '5m ago', '3h ago', '2d ago', then 'Nov 3, 2:05 PM'. */
export function messageTime(time: string | number | Date, now: number | Date): string {
  const elapsed = elapsedMs(time, now);
  if (elapsed < MINUTE_MS) return JUST_NOW;
  if (elapsed < HOUR_MS) return `${Math.floor(elapsed / MINUTE_MS)}m ago`;
  if (elapsed < DAY_MS) return `${Math.floor(elapsed / HOUR_MS)}h ago`;
  if (elapsed < WEEK_MS) return `${Math.floor(elapsed / DAY_MS)}d ago`;
  return shortDateTime.format(new Date(time));
}
