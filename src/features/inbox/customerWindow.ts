import type { Conversation } from '../../../contract';

/**
 * WhatsApp's 24-hour customer service window as the chat header and the composer read it: how long
 * the owner may still write freely, a warning in the last hour, and templates only once it closed.
 */
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** The header warns when the window closes within this long. */
export const WINDOW_WARNING_MS = HOUR_MS;

export type CustomerWindowState = 'open' | 'closing' | 'closed';

export interface CustomerWindow {
  state: CustomerWindowState;
  /** What the chat header says, e.g. '5h 20m left to reply freely'. */
  text: string;
}

export const WINDOW_TEXTS = {
  closed: 'Window closed: templates only',
  composerClosed:
    'More than 24 hours have passed since this customer last wrote, so WhatsApp only takes approved templates now.',
  sendTemplate: 'Send a template',
} as const;

/** '5h 20m', '42m', or 'under a minute'. */
function timeLeft(ms: number): string {
  const minutes = Math.floor(ms / MINUTE_MS);
  if (minutes < 1) return 'under a minute';
  const hours = Math.floor(minutes / 60);
  return hours > 0 ? `${hours}h ${minutes % 60}m` : `${minutes}m`;
}

/**
 * The window at `now`, from the conversation's `window_closes_at`: null (the customer never wrote)
 * reads as closed; a server that does not say (undefined) gives no reading, and nothing is blocked.
 */
export function customerWindow(closesAt: Conversation['window_closes_at'], now: number): CustomerWindow | undefined {
  if (closesAt === undefined) return undefined;
  const left = closesAt === null ? 0 : Date.parse(closesAt) - now;
  if (left <= 0) return { state: 'closed', text: WINDOW_TEXTS.closed };
  const text = `${timeLeft(left)} left to reply freely`;
  return { state: left <= WINDOW_WARNING_MS ? 'closing' : 'open', text };
}
