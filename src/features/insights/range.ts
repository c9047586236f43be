import type { AnalyticsInterval } from '../../api/insights';

/** The /analytics date ranges; 'custom' takes its from/to days from the owner. */
export type RangePreset = '24h' | '7d' | '30d' | '90d' | 'custom';

export interface DateRange {
  preset: RangePreset;
  /** Custom days, 'YYYY-MM-DD' in the owner's time zone; used only with 'custom'. */
  fromDay: string | null;
  toDay: string | null;
}

export const DEFAULT_RANGE: DateRange = { preset: '7d', fromDay: null, toDay: null };

export const RANGE_LABELS: Record<RangePreset, string> = {
  '24h': 'Last 24 hours',
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
  custom: 'Custom',
};

const DAY_MS = 24 * 60 * 60 * 1000;
const PRESET_DAYS: Record<Exclude<RangePreset, '24h' | 'custom'>, number> = { '7d': 7, '30d': 30, '90d': 90 };

export interface RangeBounds {
  from: string;
  to: string;
  interval: AnalyticsInterval;
}

/** A 'YYYY-MM-DD' day as local midnight, or null when it is not a real day. */
function parseDay(day: string | null): Date | null {
  const match = day?.match(/^(\d{4})-(\d{2})-(\d{2})$/);
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return date.getDate() === Number(match[3]) ? date : null;
}

/** What a custom range lacks, or null when it is usable. */
export function customRangeError(range: DateRange): string | null {
  const from = parseDay(range.fromDay);
  const to = parseDay(range.toDay);
  if (!from) return 'Choose the first day.';
  if (!to) return 'Choose the last day.';
  if (to < from) return 'The last day must not be before the first day.';
  return null;
}

/** A local date as 'YYYY-MM-DD'. */
export function dayOf(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The last `days` local days, today included, as the days the API reads in the owner's time zone. */
export function lastDays(days: number, now: Date): { from: string; to: string } {
  const from = new Date(now.getFullYear(), now.getMonth(), now.getDate() - (days - 1));
  return { from: dayOf(from), to: dayOf(now) };
}

/**
 * What a range asks the API for: the last 24 hours as instants, by the hour; the others as whole
 * days ending today, which the server reads in the time zone it is sent (a `to` day is included),
 * by the day, or by the hour for a single day.
 */
export function rangeBounds(range: DateRange, now: Date): RangeBounds | null {
  if (range.preset === '24h') {
    return { from: new Date(now.getTime() - DAY_MS).toISOString(), to: now.toISOString(), interval: 'hour' };
  }
  if (range.preset === 'custom') {
    if (customRangeError(range)) return null;
    // One day by the day is one point: by the hour it reads as a day.
    const interval = range.fromDay === range.toDay ? 'hour' : 'day';
    return { from: range.fromDay as string, to: range.toDay as string, interval };
  }
  return { ...lastDays(PRESET_DAYS[range.preset], now), interval: 'day' };
}
