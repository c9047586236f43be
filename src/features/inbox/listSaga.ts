import { call, delay, put, select } from 'typed-redux-saga';
import type { ConversationsQuery } from '../../../contract';
import { inboxApi } from '../../api/inbox';
import { requireAccessToken } from '../auth/session';
import { conversationsChanged } from '../live/events';
import { keepFreshWhileShown, type FreshView } from '../live/freshWhileShown';
import { selectFilter, selectSearchQuery, selectShownPages } from './selectors';
import {
  conversationFilterChosen,
  type conversationSearchEdited,
  conversationSearchSent,
  conversationsLoaded,
  conversationsLoadFailed,
  conversationsReloadRequested,
  conversationsViewClosed,
  conversationsViewOpened,
  moreConversationsLoaded,
  moreConversationsLoadFailed,
  searchResultsLoaded,
  searchResultsLoadFailed,
} from './slice';
import { filterQuery } from './state';

/** SPEC.md §9: the list and the open conversation refresh this often. */
export const INBOX_POLL_INTERVAL_MS = 3000;
/** SPEC.md §9: a failed list request is retried this many times, this far apart, before it fails. */
export const INBOX_LIST_RETRIES = 3;
export const INBOX_LIST_RETRY_DELAY_MS = 1000;
/** Conversations per page of the list: the server's default (contract/inbox.ts INBOX_LIMITS.defaultPageSize). */
export const CONVERSATIONS_PAGE_SIZE = 50;
/** The search goes to the server once typing has paused this long. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The list's first page (of a search, with `q`), tried once and then retried INBOX_LIST_RETRIES
 * times, INBOX_LIST_RETRY_DELAY_MS apart; null when `etag` says the page on screen is current.
 */
export function* fetchConversationsWithRetry(token: string, query: ConversationsQuery = {}, etag?: string | null) {
  for (let retries = 0; ; retries++) {
    try {
      const page = yield* call(inboxApi.conversations, token, { limit: CONVERSATIONS_PAGE_SIZE, ...query }, etag);
      return page;
    } catch (error) {
      if (retries >= INBOX_LIST_RETRIES) throw error;
      yield* delay(INBOX_LIST_RETRY_DELAY_MS);
    }
  }
}

/**
 * The first page of the whole list, merged above the pages already loaded. Given the ETag of the
 * page on screen, an unchanged page dispatches nothing. Returns the ETag to send next time.
 */
export function* loadConversations(etag?: string | null) {
  try {
    const token = yield* call(requireAccessToken);
    const filter = filterQuery(yield* select(selectFilter));
    const page = yield* call(fetchConversationsWithRetry, token, filter, etag);
    if (!page) return etag;
    yield* put(conversationsLoaded({ ...page, ...filter }));
    return page.etag;
  } catch {
    yield* put(conversationsLoadFailed());
    return null;
  }
}

/** The first page of a search's results; like loadConversations, silent when unchanged. */
export function* loadSearchResults(query: string, etag?: string | null) {
  try {
    const token = yield* call(requireAccessToken);
    const filter = filterQuery(yield* select(selectFilter));
    const page = yield* call(fetchConversationsWithRetry, token, { q: query, ...filter }, etag);
    if (!page) return etag;
    yield* put(searchResultsLoaded({ ...page, query, ...filter }));
    return page.etag;
  } catch {
    yield* put(searchResultsLoadFailed({ query }));
    return null;
  }
}

/** The ETags of the pages a poll last got: the list's, and the search's with its query. */
export interface ListTags {
  list?: string | null;
  search?: { query: string; etag?: string | null };
}

/** The list and, while a search is on, its results: what the 3-second poll refreshes. */
export function* refreshConversations(tags: ListTags = {}) {
  const list = yield* call(loadConversations, tags.list);
  const query = yield* select(selectSearchQuery);
  if (!query) return { list };
  const etag = yield* call(loadSearchResults, query, tags.search?.query === query ? tags.search.etag : null);
  return { list, search: { query, etag } };
}

/** Typing in the search box: the server searches once typing pauses; a newer edit cancels this one (takeLatest). */
export function* searchConversations({ payload }: ReturnType<typeof conversationSearchEdited>) {
  const query = payload.trim();
  if (!query) return;
  yield* delay(SEARCH_DEBOUNCE_MS);
  yield* put(conversationSearchSent(query));
  yield* call(loadSearchResults, query);
}

/** The next page of the list on screen (the search's, while one is on), asked with the cursor of the last one. */
export function* loadMoreConversations() {
  const query = yield* select(selectSearchQuery);
  const pages = yield* select(selectShownPages);
  const before = pages.next;
  if (pages.more !== 'loading' || !before) return;
  const filter = filterQuery(yield* select(selectFilter));
  try {
    const token = yield* call(requireAccessToken);
    const page = yield* call(inboxApi.conversations, token, {
      limit: CONVERSATIONS_PAGE_SIZE,
      before,
      ...(query && { q: query }),
      ...filter,
    });
    // Asked without an ETag, a page always comes.
    if (page) yield* put(moreConversationsLoaded({ ...page, query, before, ...filter }));
  } catch {
    yield* put(moreConversationsLoadFailed({ query }));
  }
}

/** The list (and a search's results) on /messages: every 3 s, at once after 'Try again', a filter or a live change. */
export const conversationsView: FreshView<ListTags> = {
  load: (tags) => refreshConversations(tags),
  intervalMs: INBOX_POLL_INTERVAL_MS,
  changed: [conversationsReloadRequested.type, conversationFilterChosen.type, conversationsChanged],
};

/** The list polls from 'view opened' until 'view closed' (DESIGN.md §4.2). */
export function* watchConversationsView() {
  yield* call(keepFreshWhileShown, conversationsViewOpened, conversationsViewClosed.type, () => conversationsView);
}
