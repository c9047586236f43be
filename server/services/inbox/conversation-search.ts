import type { Executor } from '../../db/client';

/**
 * Searching the conversation list: by name, username, number or last message, and by the words of any
 * message (full-text), with the newest matching message's excerpt. A search first walks the newest
 * conversations (a common word fills the page there), else asks the words' index (a rare word).
 */

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
export async function searchOf(db: Executor, q: string | undefined): Promise<Search | undefined> {
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

export type Param = (value: unknown) => string;

/** The search as a condition: name, username or last message contain the text, the number the digits, or a message the words. */
export function searchCondition(search: Search, param: Param): string {
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
export function newestMatch(search: Search, param: Param): string {
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
export async function foundConversations(db: Executor, userId: number, search: Search): Promise<Map<number, Match>> {
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
export const unwalkable = new RecentlyUsed<true>(1_000);
export const FOUND_WITHOUT_WALK = 2_000;

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
