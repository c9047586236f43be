import crypto from 'node:crypto';

/**
 * A strong ETag from what identifies one state of a resource (e.g. the owner, a row count and the
 * newest change): equal parts give an equal tag, and any change in them gives another.
 */
export function strongEtag(...parts: ReadonlyArray<string | number | null | undefined>): string {
  const digest = crypto.createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 27);
  return `"${digest}"`;
}

/** Whether `If-None-Match` names this ETag (a list of tags, or `*`, as RFC 9110 allows). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}

/**
 * What changed in a set of rows that bump `updated_at` on every change, as select columns: how
 * many, the newest change, and the sum of all change times (as an exact interval: cheaper than
 * numeric). The sum also moves when a transaction that began earlier (an older `now()`) commits
 * after a newer one, which the newest alone would miss.
 */
export const CHANGE_STATE =
  "count(*)::int as row_count, max(updated_at)::text as newest, sum(updated_at - timestamptz 'epoch')::text as total";

export type ChangeState = { row_count: number; newest: string | null; total: string | null };

export function changeParts(state: ChangeState): [number, string | null, string | null] {
  return [state.row_count, state.newest, state.total];
}
