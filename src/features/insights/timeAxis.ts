import type { Timeseries } from '../../../contract';

/**
 * The charts' time axis, shaped from the API's points: readable labels ('14:00' within one day,
 * 'Nov 9 14:00' across days, 'Nov 9' for days) and whether a line can be drawn at all. A line
 * through one point is one dot; with fewer than MIN_LINE_POINTS points the chart draws bars.
 */
export const MIN_LINE_POINTS = 2;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'YYYY-MM-DD' or 'YYYY-MM-DDTHH:00', the owner's local day and hour as the API labels them. */
const LABEL = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):00)?$/;

function dayName(month: string, day: string) {
  return `${MONTHS[Number(month) - 1] ?? month} ${Number(day)}`;
}

/** A point's label as people read it; one the API wrote otherwise is kept as it is. */
export function readableLabel(label: string, withDay: boolean): string {
  const match = LABEL.exec(label);
  if (!match) return label;
  const [, , month, day, hour] = match;
  if (hour === undefined) return dayName(month, day);
  return withDay ? `${dayName(month, day)} ${hour}:00` : `${hour}:00`;
}

export interface TimeAxis {
  points: Timeseries['points'];
  labels: string[];
  per: 'hour' | 'day';
  /** Whether a line chart says something: at least MIN_LINE_POINTS points. */
  drawsLine: boolean;
}

/** The points of the loaded range, their labels, and whether one stands for an hour or a day. */
export function timeAxis(timeseries: Timeseries | null): TimeAxis {
  const points = timeseries?.points ?? [];
  const days = new Set(points.map((point) => point.label.slice(0, 10)));
  return {
    points,
    labels: points.map((point) => readableLabel(point.label, days.size > 1)),
    per: timeseries?.interval === 'hour' ? 'hour' : 'day',
    drawsLine: points.length >= MIN_LINE_POINTS,
  };
}
