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

export interface Search {
  /** The text as typed (trimmed). */
  q: string;
  /** ILIKE pattern: the text anywhere, its `%`, `_` and `\` taken literally. */
  text: string;
  /** LIKE pattern over the number (wa_id) when the text is a phone number ('+1 650…'); else null. */
  number: string | null;
  /** The words of `q` as a tsquery (wordsQuery); null when it has none ('%%'). */
  words: string | null;
}

/** A map that keeps the `size` entries used last. */
class RecentlyUsed<V> {
  private readonly entries = new Map<string, V>();

  constructor(private readonly size: number) {}

  get(key: string): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.size) this.entries.delete(this.entries.keys().next().value as string);
  }

  delete(key: string): void {
    this.entries.delete(key);
  }
}

/**
 * The words of the searches made lately, by text: the parser answers the same for the same text, and
 * an open search is asked again at every poll of the list and for each of its pages.
 */
const parsedWords = new RecentlyUsed<string | null>(1_000);

/**
 * The words of `q` as a tsquery, cut by the messages' own parser: all of them, each the start of a
 * word, except a word of 1 to 3 letters before the last (a prefix that short matches most words,
 * which the index cannot skip through; exact, it can). The last word is the one being typed: always
 * a prefix. Read once, before the page: its statements carry the words as a value, which plans in a
 * fraction of the time that the parse written into each of them took.
 */
async function wordsQuery(db: Executor, q: string): Promise<string | null> {
  const known = parsedWords.get(q);
  if (known !== undefined) return known;
  const row = await db.one<{ words: string | null }>(
    `select (select to_tsquery('simple', string_agg(
               quote_literal(w.lexeme) || case when length(w.lexeme) >= 4 or w.positions @> array[typed.at] then ':*' else '' end,
               ' & '))
               from unnest(v.words) w,
                    (select max(at) as at from unnest(v.words) u, unnest(u.positions) as at) typed)::text as words
       from (select to_tsvector('simple', $1) as words) v`,
    [q],
  );
  const words = row.words || null;
  parsedWords.set(q, words);
  return words;
}

/** What `q` searches for; undefined for no search (empty or blank). */
async function searchOf(db: Executor, q: string | undefined): Promise<Search | undefined> {
  const text = (q ?? '').trim();
  if (!text) return undefined;
  const digits = text.replace(/[\s()+.-]/g, '');
  return {
    q: text,
    text: `%${text.replace(/[\\%_]/g, '\\$&')}%`,
    number: /^[0-9]+$/.test(digits) ? `%${digits}%` : null,
    words: await wordsQuery(db, text),
  };
}

type Param = (value: unknown) => string;

/** The search as a condition: name, username or last message contain the text, the number the digits, or a message the words. */
function searchCondition(search: Search, param: Param): string {
  const text = param(search.text);
  const number = search.number === null ? '' : ` or wa_id like ${param(search.number)}`;
  return `(profile_name ilike ${text} escape '\\' or username ilike ${text} escape '\\'
    or last_message_preview ilike ${text} escape '\\'${number}
    or match is not null)`;
}

/**
 * A conversation's newest message (not hidden) with the words, as [wamid, body], along
 * messages_conversation_id_sent_at_id_idx: cheap where the words are common, since it stops at the first.
 */
function newestMatch(search: Search, param: Param): string {
  if (search.words === null) return 'left join lateral (select null::text[] as match) as hit on true';
  return `left join lateral (
      select array[wamid, body] as match from messages m
       where m.conversation_id = conversations.id and m.hidden_at is null
         -- The function, not @@, so not through messages_search_idx: along the conversation's messages, newest first, to the first match.
         and ts_match_vq(m.search, ${param(search.words)}::tsquery)
       order by m.sent_at desc, m.id desc limit 1) as hit on true`;
}

/** [wamid, body] of a conversation's newest message with the words; null for one found by its name or number. */
type Match = [string, string] | null;

/**
 * Every conversation of the owner the search finds, with its newest matching message, each part
 * along its own index: the name and the last message through their trigram indexes (0010), the
 * messages with the words through messages_search_idx (0028). Cheap where few messages have the
 * words, which is when walking the list found few.
 */
async function foundConversations(db: Executor, userId: number, search: Search): Promise<Map<number, Match>> {
  const params: unknown[] = [userId, search.text];
  const number =
    search.number === null
      ? ''
      : `union select id, null from conversations where user_id = $1 and wa_id like $${params.push(search.number)}`;
  const words =
    search.words === null
      ? ''
      : `union all (select distinct on (conversation_id) conversation_id, array[wamid, body] from messages
           where user_id = $1 and search @@ $${params.push(search.words)}::tsquery and hidden_at is null
           order by conversation_id, sent_at desc, id desc)`;
  const rows = await db.query<{ id: number; match: Match }>(
    `select id, null::text[] as match from conversations where user_id = $1 and profile_name ilike $2 escape '\\'
     union select id, null from conversations where user_id = $1 and username ilike $2 escape '\\'
     union select id, null from conversations where user_id = $1 and last_message_preview ilike $2 escape '\\'
     ${number} ${words}`,
    params,
  );
  const found = new Map<number, Match>();
  for (const { id, match } of rows) if (!found.get(id)) found.set(id, match);
  return found;
}

/** How many of the newest conversations a search walks before it asks the words' index instead. */
export const SEARCH_WALK = 80;

/**
 * The searches (owner, filter, text) whose walk did not fill their page lately: asked again (the
 * next poll, the next page), they go to the indexes at once. Either way finds the same page; one
 * whose indexes found more than FOUND_WITHOUT_WALK conversations is walked again the time after.
 */
const unwalkable = new RecentlyUsed<true>(1_000);
const FOUND_WITHOUT_WALK = 2_000;

/** Up to this many characters of a matching message, around its first matching word. */
export const MATCH_EXCERPT_CHARS = 120;

/** Where a word starting with one of `q`'s words begins, in lower-case text: one pattern for a page's rows. */
export function wordStarts(q: string): RegExp {
  const words = q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.length === 0 ? /$^/ : new RegExp(`(^|[^\\p{L}\\p{N}])(?:${words.join('|')})`, 'u');
}

/** The part of `body` around the first word that `words` (wordStarts) finds, '…' where cut. */
export function matchExcerpt(body: string, words: RegExp): string {
  const at = body.toLowerCase().search(words);
  let start = 0;
  if (body.length > MATCH_EXCERPT_CHARS && at >= 0 && at > MATCH_EXCERPT_CHARS / 3) {
    // A third of the excerpt before the match, from the start of a word.
    start = at - Math.floor(MATCH_EXCERPT_CHARS / 3);
    const space = body.indexOf(' ', start);
    if (space >= 0 && space < at) start = space + 1;
  }
  const excerpt = body
    .slice(start, start + MATCH_EXCERPT_CHARS)
    .replace(/\s+/g, ' ')
    .trim();
  return `${start > 0 ? '…' : ''}${excerpt}${start + MATCH_EXCERPT_CHARS < body.length ? '…' : ''}`;
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

/** One page, newest activity first. `limit` is an integer the route's schema checked (1 to 200). */
export async function conversationPage(
  db: Executor,
  userId: number,
  query: ConversationsQuery,
): Promise<ConversationPage> {
  const limit = query.limit ?? INBOX_LIMITS.defaultPageSize;
  const after = query.before === undefined ? undefined : decodeCursor(query.before);
  const search = await searchOf(db, query.q);
  const filter = FILTERS[query.filter ?? 'all'];
  /**
   * Up to `rowLimit` rows of the list in `range`, in its order: only the conversations `ids` when
   * given; in a search, the first `walk` conversations, each with its newest match.
   */
  const read = (
    range: (param: Param) => string,
    rowLimit: number,
    { ids, walk }: { ids?: number[]; walk?: number } = {},
  ) => {
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
  // Two ranges of the one index: conversations with activity (after the cursor), then those without
  // any yet (nulls last).
  let active: ((param: Param) => string) | undefined = () => 'last_message_at is not null';
  let idle = (_param: Param) => 'last_message_at is null';
  let rest = (_param: Param) => 'true';
  if (after?.at === null) {
    const { id } = after;
    active = undefined;
    idle = (param) => `last_message_at is null and id < ${param(id)}::bigint`;
    rest = idle;
  } else if (after) {
    const { at, id } = after;
    active = (param) => `(last_message_at, id) < (${param(at)}::timestamptz, ${param(id)}::bigint)`;
    rest = (param) => `(${active?.(param)} or last_message_at is null)`;
  }
  // One row more than the page tells whether there is a next page.
  let rows: PageRow[];
  if (search) {
    // A search walks the newest SEARCH_WALK conversations after the cursor first (a common word fills
    // the page there); when they do not fill it, it asks the indexes for the conversations that have
    // the words (a rare word has few messages to visit).
    const key = JSON.stringify([userId, query.filter ?? 'all', search.q]);
    const walk = Math.max(SEARCH_WALK, limit + 1);
    rows = unwalkable.get(key) ? [] : await read(rest, limit + 1, { walk });
    if (rows.length <= limit) {
      // What the search finds first, then the page of it: planned with their number, not with a guess.
      const found = await foundConversations(db, userId, search);
      if (found.size > FOUND_WITHOUT_WALK) unwalkable.delete(key);
      else unwalkable.set(key, true);
      const page = found.size === 0 ? [] : await read(rest, limit + 1, { ids: [...found.keys()] });
      rows = page.map((row) => ({ ...row, match: found.get(row.id) ?? null }));
    }
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
