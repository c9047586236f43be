import { ANALYTICS_ERRORS, ANALYTICS_LIMITS } from '../../../contract';
import type { Executor } from '../../db/client';
import { ValidationFailed } from '../../errors';

/**
 * The owner's time zone and the range a report covers. Days are the owner's days: `from=2026-11-01`
 * starts at midnight in `tz`, and `to=2026-11-07` includes that whole day (the range ends at the
 * next midnight). A date-time with an offset is taken as it is. Ranges are half-open: [from, to).
 */

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME =
  /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,6})?)?(Z|[+-]([01]\d|2[0-3]):?[0-5]\d)$/;
const MS_PER_DAY = 86_400_000;

/** Zones PostgreSQL has been asked about and knows: its list is read from disk on every query. */
const knownZones = new Set<string>(['UTC']);

/** `tz` as PostgreSQL knows it (it groups by it), else a 422 on 'tz'. Absent → UTC. */
export async function resolveTimeZone(db: Executor, tz: string | undefined): Promise<string> {
  const zone = tz ?? 'UTC';
  if (knownZones.has(zone)) return zone;
  const row = await db.one<{ known: boolean }>(
    'select exists (select 1 from pg_timezone_names where name = $1) as known',
    [zone],
  );
  if (!row.known) throw new ValidationFailed(ANALYTICS_ERRORS.badTimeZone, 'tz');
  knownZones.add(zone);
  return zone;
}

function isCalendarDay(day: string): boolean {
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
}

type Bound = { kind: 'day'; day: string } | { kind: 'instant'; iso: string };

function parseBound(value: string, field: 'from' | 'to'): Bound {
  if (DAY.test(value) && isCalendarDay(value)) return { kind: 'day', day: value };
  const dateTime = DATE_TIME.exec(value);
  if (dateTime && isCalendarDay(dateTime[1]!)) {
    const instant = new Date(value);
    if (!Number.isNaN(instant.getTime())) return { kind: 'instant', iso: value };
  }
  throw new ValidationFailed(`${field} ${ANALYTICS_ERRORS.badDate}`, field);
}

export interface ResolvedBound {
  at: Date;
  /** The owner's local day of the bound (the export's file name). */
  label: string;
}

/** A bound as an instant in `tz`: a `from` day is its midnight, a `to` day the midnight after it. */
async function resolveBound(db: Executor, bound: Bound, field: 'from' | 'to', tz: string): Promise<ResolvedBound> {
  if (bound.kind === 'day') {
    const row = await db.one<{ at: Date }>(`select (($1::date + $2::int)::timestamp at time zone $3) as at`, [
      bound.day,
      field === 'to' ? 1 : 0,
      tz,
    ]);
    return { at: new Date(row.at), label: bound.day };
  }
  const row = await db.one<{ at: Date; label: string }>(
    `select $1::timestamptz as at, to_char($1::timestamptz at time zone $2, 'YYYY-MM-DD') as label`,
    [bound.iso, tz],
  );
  return { at: new Date(row.at), label: row.label };
}

/** `to=2026-11-09` ends where `from=2026-11-10` starts: a later day is refused too, not only a later instant. */
function isAfter(from: ResolvedBound, to: ResolvedBound): boolean {
  return from.at.getTime() > to.at.getTime() || from.label > to.label;
}

export interface ReportRange {
  from: Date;
  to: Date;
  tz: string;
}

/** A report's range: both bounds, from ≤ to, at most 366 days; each refusal a 422 on its field. */
export async function resolveReportRange(
  db: Executor,
  query: { from: string; to: string; tz?: string },
): Promise<ReportRange> {
  const fromBound = parseBound(query.from, 'from');
  const toBound = parseBound(query.to, 'to');
  const tz = await resolveTimeZone(db, query.tz);
  const from = await resolveBound(db, fromBound, 'from', tz);
  const to = await resolveBound(db, toBound, 'to', tz);
  if (isAfter(from, to)) throw new ValidationFailed(ANALYTICS_ERRORS.fromAfterTo, 'from');
  // A day range in a zone with a DST change is an hour longer or shorter than whole days.
  if (to.at.getTime() - from.at.getTime() > ANALYTICS_LIMITS.maxRangeDays * MS_PER_DAY + 3_600_000) {
    throw new ValidationFailed(ANALYTICS_ERRORS.rangeTooLong, 'to');
  }
  return { from: from.at, to: to.at, tz };
}

export interface ExportRange {
  /** Null: from the first message / up to now. */
  from: ResolvedBound | null;
  to: ResolvedBound | null;
  tz: string;
}

/** The export's range: either bound may be absent (everything); from ≤ to. */
export async function resolveExportRange(
  db: Executor,
  query: { from?: string; to?: string; tz?: string },
): Promise<ExportRange> {
  const fromBound = query.from === undefined ? undefined : parseBound(query.from, 'from');
  const toBound = query.to === undefined ? undefined : parseBound(query.to, 'to');
  const tz = await resolveTimeZone(db, query.tz);
  const from = fromBound ? await resolveBound(db, fromBound, 'from', tz) : null;
  const to = toBound ? await resolveBound(db, toBound, 'to', tz) : null;
  if (from && to && isAfter(from, to)) {
    throw new ValidationFailed(ANALYTICS_ERRORS.fromAfterTo, 'from');
  }
  return { from, to, tz };
}

/** `now` as the owner's local day (YYYY-MM-DD); UTC for a zone Node does not know. */
export function localDay(tz: string, now: Date): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
      now,
    );
  } catch {
    return now.toISOString().slice(0, 10);
  }
}
