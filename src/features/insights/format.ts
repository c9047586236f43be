/** How the dashboard and /analytics write their figures. */

export const NOT_AVAILABLE = 'N/A';

/** A 0..1 rate as a whole percentage, or N/A. */
export function formatRate(rate: number | null | undefined): string {
  return rate === null || rate === undefined ? NOT_AVAILABLE : `${Math.round(rate * 100)}%`;
}

/** A duration in seconds as '45s', '3m 20s' or '2h 5m', or N/A. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return NOT_AVAILABLE;
  const total = Math.round(seconds);
  if (total < 60) return `${total}s`;
  const minutes = Math.floor(total / 60);
  if (minutes < 60) return total % 60 ? `${minutes}m ${total % 60}s` : `${minutes}m`;
  const hours = Math.floor(minutes / 60);
  return minutes % 60 ? `${hours}h ${minutes % 60}m` : `${hours}h`;
}

export function formatCount(count: number | null | undefined): string {
  return count === null || count === undefined ? NOT_AVAILABLE : count.toLocaleString('en-US');
}

export type FigureKind = 'count' | 'rate' | 'duration';

export interface Change {
  direction: 'up' | 'down' | 'flat';
  /** Readable on its own: '+12% vs previous 24 h'. */
  label: string;
  /** Whether the change is good news: fewer minutes of waiting are, more messages are neutral. */
  tone: 'good' | 'bad' | 'neutral';
}

const VS = 'vs previous 24 h';

/** A whole number with its sign: '+12', '-3', '0'. */
const signed = (whole: number) => `${whole > 0 ? '+' : ''}${whole}`;

/** The change of a figure against the previous 24 h, or null when either value is missing. */
export function changeOf(kind: FigureKind, value: number | null, previous: number | null): Change | null {
  if (value === null || previous === null) return null;
  const direction = value > previous ? 'up' : value < previous ? 'down' : 'flat';
  let label: string;
  if (direction === 'flat') {
    label = `No change ${VS}`;
  } else if (kind === 'rate') {
    label = `${signed(Math.round((value - previous) * 100))} pts ${VS}`;
  } else if (previous === 0) {
    label = `Up from 0 ${VS}`;
  } else {
    label = `${signed(Math.round(((value - previous) / previous) * 100))}% ${VS}`;
  }
  let tone: Change['tone'] = 'neutral';
  if (direction !== 'flat' && kind !== 'count') {
    const better = kind === 'duration' ? direction === 'down' : direction === 'up';
    tone = better ? 'good' : 'bad';
  }
  return { direction, label, tone };
}

/** An event's time in the activity list. */
export function eventTime(at: string): string {
  return new Date(at).toLocaleString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
}

/** An amount of money in `currency`, with up to 4 decimals (rates are that fine), e.g. '$0.025'. */
export function formatMoney(amount: number | null | undefined, currency: string): string {
  if (amount === null || amount === undefined) return NOT_AVAILABLE;
  try {
    return new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 4,
    }).format(amount);
  } catch {
    return `${amount} ${currency}`;
  }
}

/** Meta's pricing category as the owner reads it: 'marketing_lite' → 'Marketing lite'. */
export function categoryName(category: string): string {
  const words = category.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** '2026-11' → 'November 2026'. */
export function monthName(month: string): string {
  const [year, index] = month.split('-').map(Number);
  return new Date(Date.UTC(year!, index! - 1, 1)).toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}
