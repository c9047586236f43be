import {
  INBOX_ERRORS,
  INBOX_LIMITS,
  type Conversation,
  type ConversationFilter,
  type ConversationsQuery,
} from '../../../contract';
import type { Executor } from '../../db/client';
import { ValidationFailed } from '../../errors';
import { AI_REPLYING_SHOWN, LIST_COLUMNS, LIST_ORDER, NEEDS_YOU, toConversation, type ListRow } from './conversations';
import {
  FOUND_WITHOUT_WALK,
  foundConversations,
  matchExcerpt,
  newestMatch,
  searchCondition,
  searchOf,
  SEARCH_WALK,
  unwalkable,
  wordStarts,
  type Param,
  type Search,
} from './conversation-search';
import { etagMatches, strongEtag } from './etag';

/**
 * The conversation list a page at a time (DESIGN.md §11: 10,000 conversations in under 20 ms): keyset
 * pages along the index (user_id, last_message_at desc nulls last, id desc), an opaque cursor, a
 * server-side search, and one ETag per page from the owner's list version.
 */

/** Where a page ends: the last row's activity time (to the microsecond; null before any message) and id. */
export interface ListPosition {
  at: string | null;
  id: number;
}

const CURSOR_CHARS = /^[A-Za-z0-9_-]+$/;
const CURSOR_TEXT = /^([^|]*)\|([1-9][0-9]{0,14})$/;
const CURSOR_AT = /^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{6}Z$/;
/** The activity time as the cursor carries it: UTC, microseconds, so that it names the row exactly. */
const CURSOR_AT_SQL = `to_char(last_message_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export function encodeCursor(position: ListPosition): string {
  return Buffer.from(`${position.at ?? ''}|${position.id}`, 'utf8').toString('base64url');
}

function badCursor(): ValidationFailed {
  return new ValidationFailed(INBOX_ERRORS.badCursor, 'before', 'invalid_cursor');
}

/** A real calendar time (not 2026-02-30): what the database would refuse with an error. */
function isCalendarTime(at: string): boolean {
  const millis = `${at.slice(0, 23)}Z`;
  const parsed = new Date(millis);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString() === millis;
}

/** The position a cursor names; anything this server did not hand out is a 422 on `before`. */
export function decodeCursor(cursor: string): ListPosition {
  if (!CURSOR_CHARS.test(cursor)) throw badCursor();
  const match = CURSOR_TEXT.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match) throw badCursor();
  const [, at, id] = match;
  if (at !== '' && !(CURSOR_AT.test(at) && isCalendarTime(at))) throw badCursor();
  return { at: at === '' ? null : at, id: Number(id) };
}

/** Each filter as a condition on `conversations`. */
const FILTERS: Record<ConversationFilter, string> = {
  all: '',
  needs_you: `and ${NEEDS_YOU}`,
  unread: 'and unread_count > 0',
};

export interface ConversationPage {
  conversations: Conversation[];
  /** The cursor of the next page; undefined on the last one. */
  next?: string;
}

type PageRow = ListRow & {
  id: number;
  cursor_at: string | null;
  /** [wamid, body] of the newest matching message, in a search. */
  match?: [string, string] | null;
};

type Range = (param: Param) => string;

/**
 * Reads up to `rowLimit` rows of the list in `range`, in its order: only the conversations `ids` when
 * given; in a search, the first `walk` conversations, each with its newest match.
 */
function listReader(db: Executor, userId: number, search: Search | undefined, filter: string) {
  return (range: Range, rowLimit: number, { ids, walk }: { ids?: number[]; walk?: number } = {}) => {
    const params: unknown[] = [userId];
    const param: Param = (value) => {
      params.push(value);
      return `$${params.length}`;
    };
    const only = ids ? `and id = any(${param(ids)}::bigint[])` : '';
    const conversations = `(select * from conversations where user_id = $1 and ${range(param)} ${only} ${filter}
         order by ${LIST_ORDER}${walk ? ` limit ${walk}` : ''}) as conversations`;
    const matching = search && walk ? `${newestMatch(search, param)} where ${searchCondition(search, param)}` : '';
    return db.query<PageRow>(
      `select ${LIST_COLUMNS}, id, ${CURSOR_AT_SQL} as cursor_at${matching ? ', match' : ''}
         from ${conversations} ${matching}
        order by ${LIST_ORDER} limit ${param(rowLimit)}`,
      params,
    );
  };
}

/**
 * Two ranges of the one index after the cursor: conversations with activity (`active`), then those
 * without any yet (`idle`, nulls last); `rest` is both.
 */
function rangesAfter(after: ReturnType<typeof decodeCursor> | undefined) {
  let active: Range | undefined = () => 'last_message_at is not null';
  let idle: Range = () => 'last_message_at is null';
  let rest: Range = () => 'true';
  if (after?.at === null) {
    const { id } = after;
    active = undefined;
    idle = (param) => `last_message_at is null and id < ${param(id)}::bigint`;
    rest = idle;
  } else if (after) {
    const { at, id } = after;
    const activeAfter: Range = (param) => `(last_message_at, id) < (${param(at)}::timestamptz, ${param(id)}::bigint)`;
    active = activeAfter;
    rest = (param) => `(${activeAfter(param)} or last_message_at is null)`;
  }
  return { active, idle, rest };
}

/**
 * A search walks the newest SEARCH_WALK conversations after the cursor first (a common word fills the
 * page there); when they do not fill it, it asks the indexes for the conversations that have the words
 * (a rare word has few messages to visit).
 */
async function searchRows(
  db: Executor,
  read: ReturnType<typeof listReader>,
  {
    userId,
    filter,
    search,
    rest,
    limit,
  }: { userId: number; filter: string; search: Search; rest: Range; limit: number },
): Promise<PageRow[]> {
  const key = JSON.stringify([userId, filter, search.q]);
  const walk = Math.max(SEARCH_WALK, limit + 1);
  const walked = unwalkable.get(key) ? [] : await read(rest, limit + 1, { walk });
  if (walked.length > limit) return walked;
  // What the search finds first, then the page of it: planned with their number, not with a guess.
  const found = await foundConversations(db, userId, search);
  if (found.size > FOUND_WITHOUT_WALK) unwalkable.delete(key);
  else unwalkable.set(key, true);
  const page = found.size === 0 ? [] : await read(rest, limit + 1, { ids: [...found.keys()] });
  return page.map((row) => ({ ...row, match: found.get(row.id) ?? null }));
}

/** One page, newest activity first. `limit` is an integer the route's schema checked (1 to 200). */
export async function conversationPage(
  db: Executor,
  userId: number,
  query: ConversationsQuery,
): Promise<ConversationPage> {
  const limit = query.limit ?? INBOX_LIMITS.defaultPageSize;
  const after = query.before === undefined ? undefined : decodeCursor(query.before);
  const search = await searchOf(db, query.q);
  const read = listReader(db, userId, search, FILTERS[query.filter ?? 'all']);
  const { active, idle, rest } = rangesAfter(after);
  // One row more than the page tells whether there is a next page.
  let rows: PageRow[];
  if (search) {
    rows = await searchRows(db, read, { userId, filter: query.filter ?? 'all', search, rest, limit });
  } else {
    // The second range read only when the first ends within the page: each along the index.
    rows = active ? await read(active, limit + 1) : [];
    if (rows.length <= limit) rows.push(...(await read(idle, limit + 1 - rows.length)));
  }
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const words = wordStarts(search?.q ?? '');
  return {
    conversations: page.map((row) =>
      search && row.match
        ? { ...toConversation(row), match: { message_id: row.match[0], excerpt: matchExcerpt(row.match[1], words) } }
        : toConversation(row),
    ),
    ...(rows.length > limit && last ? { next: encodeCursor({ at: last.cursor_at, id: last.id }) } : {}),
  };
}

/**
 * The page's ETag without reading the list: every change to the owner's conversations or hand-overs
 * moves their version (0010_inbox_pages.sql), and the query picks the page. Time alone changes one
 * thing: an 'AI is replying…' mark expiring, so the tag also counts the marks shown (a partial index, 0015).
 */
export async function conversationPageEtag(db: Executor, userId: number, query: ConversationsQuery): Promise<string> {
  const row = await db.one<{ version: number; replying: number }>(
    `select coalesce((select version from inbox_versions where user_id = $1), 0) as version,
        (select count(*)::int from conversations where user_id = $1 and ${AI_REPLYING_SHOWN}) as replying`,
    [userId],
  );
  const limit = query.limit ?? INBOX_LIMITS.defaultPageSize;
  return strongEtag(
    'conversations',
    userId,
    row.version,
    row.replying,
    limit,
    query.before ?? null,
    (query.q ?? '').trim(),
    query.filter ?? 'all',
  );
}

export interface ConversationListRead {
  etag: string;
  /** Undefined when `If-None-Match` named the current ETag: an idle poll reads nothing more. */
  page?: ConversationPage;
}

/** GET of a page: the cursor checked, the ETag first (a change racing the read shows on the next poll), then the page. */
export async function readConversationList(
  db: Executor,
  userId: number,
  query: ConversationsQuery,
  ifNoneMatch: string | undefined,
): Promise<ConversationListRead> {
  if (query.before !== undefined) decodeCursor(query.before);
  const etag = await conversationPageEtag(db, userId, query);
  if (etagMatches(ifNoneMatch, etag)) return { etag };
  return { etag, page: await conversationPage(db, userId, query) };
}
