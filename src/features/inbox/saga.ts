import { eventChannel, type EventChannel } from 'redux-saga';
import { all, call, delay, fork, put, race, select, take, takeEvery, takeLatest, takeLeading } from 'typed-redux-saga';
import type { Action, ActionCreatorWithoutPayload } from '@reduxjs/toolkit';
import type { ConversationsQuery } from '../../../contract';
import { errorText } from '../../api/client';
import { inboxApi } from '../../api/inbox';
import { loggedOut } from '../auth/slice';
import { INBOX_TEXTS } from './format';
import {
  selectMessages,
  selectMessagesStatus,
  selectOlderMessages,
  selectFilter,
  selectOpenConversationId,
  selectSearchQuery,
  selectSend,
  selectShownPages,
} from './selectors';
import {
  conversationClosed,
  conversationFilterChosen,
  conversationOpened,
  searchMatchOpened,
  conversationSearchEdited,
  conversationSearchSent,
  conversationsLoaded,
  conversationsLoadFailed,
  conversationsReloadRequested,
  conversationsViewClosed,
  conversationsViewOpened,
  messageCopyClicked,
  messageDeleteClicked,
  messageHidden,
  messagesLoaded,
  messagesLoadFailed,
  messagesReloadRequested,
  moreConversationsLoaded,
  moreConversationsLoadFailed,
  moreConversationsRequested,
  olderMessagesLoaded,
  olderMessagesLoadFailed,
  olderMessagesRequested,
  replyFailed,
  replySent,
  replySubmitted,
  searchResultsLoaded,
  searchResultsLoadFailed,
  unreadBadgeHidden,
  unreadBadgeShown,
  unreadCountLoaded,
} from './slice';
import { toastShown } from '../toasts/slice';
import { safely } from '../../store/safely';
import { requireAccessToken } from '../auth/session';
import { conversationChanged, listChanged, untilPollDue, watchLiveStream } from './liveSaga';
import { filterQuery } from './state';

/** SPEC.md §9: the list and the open conversation refresh this often. */
export const INBOX_POLL_INTERVAL_MS = 3000;
/** SPEC.md §9: a failed list request is retried this many times, this far apart, before it fails. */
export const INBOX_LIST_RETRIES = 3;
export const INBOX_LIST_RETRY_DELAY_MS = 1000;
/** The sidebar badge asks for the unread count this often while the signed-in shell is open. */
export const UNREAD_REFRESH_INTERVAL_MS = 15_000;
/** Conversations per page of the list: the server's default (contract/inbox.ts INBOX_LIMITS.defaultPageSize). */
export const CONVERSATIONS_PAGE_SIZE = 50;
/** The search goes to the server once typing has paused this long. */
export const SEARCH_DEBOUNCE_MS = 300;
/** Messages per page: the server's default (contract/inbox.ts INBOX_LIMITS.defaultPageSize), asked for explicitly. */
export const MESSAGES_PAGE_SIZE = 50;

/** The browser tab is in the background: polling then waits. */
export const isTabHidden = () => document.visibilityState === 'hidden';

/** Emits the tab's visibility each time it changes; closing it removes the listener. */
export function visibilityChannel(): EventChannel<DocumentVisibilityState> {
  return eventChannel((emit) => {
    const changed = () => emit(document.visibilityState);
    document.addEventListener('visibilitychange', changed);
    return () => document.removeEventListener('visibilitychange', changed);
  });
}

/** Returns at once while the tab is visible; otherwise when it becomes visible again. */
export function* waitUntilVisible() {
  // Listening before looking, so that a change between the two is not missed.
  const channel = yield* call(visibilityChannel);
  try {
    let hidden = yield* call(isTabHidden);
    while (hidden) {
      const visibility = yield* take(channel);
      hidden = visibility === 'hidden';
    }
  } finally {
    channel.close();
  }
}

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

/**
 * The conversation's latest page. Given the ETag of the page on screen, an unchanged page
 * dispatches nothing (an idle open conversation adds nothing to DevTools' history). Returns the
 * ETag to send next time.
 */
export function* loadMessages(conversationId: string, etag?: string | null) {
  try {
    const token = yield* call(requireAccessToken);
    const latest = yield* call(inboxApi.latestMessages, token, conversationId, MESSAGES_PAGE_SIZE, etag);
    if (!latest) return etag;
    yield* put(messagesLoaded({ conversationId, messages: latest.messages, pageSize: MESSAGES_PAGE_SIZE }));
    return latest.etag;
  } catch {
    yield* put(messagesLoadFailed({ conversationId }));
    return null;
  }
}

/** Loads, then waits for the interval or for 'Try again', as long as the view is open; pauses while the tab is hidden. */
export function* pollConversations() {
  let tags: ListTags = {};
  while (true) {
    yield* call(waitUntilVisible);
    tags = yield* call(refreshConversations, tags);
    yield* race({
      due: call(untilPollDue, INBOX_POLL_INTERVAL_MS),
      reload: take([conversationsReloadRequested, conversationFilterChosen]),
      live: take(listChanged),
    });
  }
}

export function* pollMessages(conversationId: string) {
  let etag: string | null | undefined;
  while (true) {
    yield* call(waitUntilVisible);
    etag = yield* call(loadMessages, conversationId, etag);
    yield* race({
      due: call(untilPollDue, INBOX_POLL_INTERVAL_MS),
      reload: take(messagesReloadRequested),
      live: take(conversationChanged(conversationId)),
    });
  }
}

/** The list polls from 'view opened' until 'view closed' (DESIGN.md §4.2). */
export function* watchConversationsView() {
  while (true) {
    yield* take(conversationsViewOpened);
    yield* race({ poll: call(safely(pollConversations)), closed: take(conversationsViewClosed) });
  }
}

/** The open conversation polls until it is closed, the view is left, or another one is opened. */
export function* watchOpenConversation() {
  let opened = yield* take(conversationOpened);
  while (true) {
    const { reopened } = yield* race({
      poll: call(safely(pollMessages), opened.payload),
      closed: take([conversationClosed, conversationsViewClosed]),
      reopened: take(conversationOpened),
    });
    opened = reopened ?? (yield* take(conversationOpened));
  }
}

/** SPEC.md §7: after a send the messages and the list refresh at once; a refusal shows the server's reason. */
export function* sendReply(action: ReturnType<typeof replySubmitted>) {
  const send = yield* select(selectSend);
  // The reducer accepted this submission only if it set the send under way.
  if (send.status !== 'sending') return;
  const { conversationId, text, inReplyToMessageId } = action.payload;
  try {
    const token = yield* call(requireAccessToken);
    const message = yield* call(inboxApi.reply, token, conversationId, {
      text: text.trim(),
      ...(inReplyToMessageId && { in_reply_to_message_id: inReplyToMessageId }),
    });
    yield* put(replySent({ conversationId, message }));
  } catch (error) {
    const reason = errorText(error);
    yield* put(replyFailed({ conversationId, error: reason }));
    yield* put(toastShown({ title: INBOX_TEXTS.sendFailed, description: reason, variant: 'destructive' }));
    // A reply the messaging service refused is stored as failed: it shows, with its reason.
    yield* call(loadMessages, conversationId);
    return;
  }
  yield* all([call(loadMessages, conversationId), call(loadConversations)]);
}

export async function writeToClipboard(text: string) {
  await navigator.clipboard.writeText(text);
}

/** SPEC.md §8 (Messages): the copy toasts. */
export function* copyMessage({ payload: { text } }: ReturnType<typeof messageCopyClicked>) {
  try {
    yield* call(writeToClipboard, text);
    yield* put(
      toastShown({ title: INBOX_TEXTS.copied, description: INBOX_TEXTS.copiedDescription, variant: 'success' }),
    );
  } catch {
    yield* put(
      toastShown({
        title: INBOX_TEXTS.copyFailed,
        description: INBOX_TEXTS.copyFailedDescription,
        variant: 'destructive',
      }),
    );
  }
}

/** DESIGN.md §12: Delete hides one of our messages from the owner's view. */
export function* hideMessage({ payload }: ReturnType<typeof messageDeleteClicked>) {
  try {
    const token = yield* call(requireAccessToken);
    yield* call(inboxApi.hideMessage, token, payload.conversationId, payload.messageId);
    yield* put(messageHidden(payload));
  } catch (error) {
    yield* put(toastShown({ title: INBOX_TEXTS.deleteFailed, description: errorText(error), variant: 'destructive' }));
  }
}

export function* loadOlderMessages() {
  const older = yield* select(selectOlderMessages);
  const conversationId = yield* select(selectOpenConversationId);
  const [oldest] = yield* select(selectMessages);
  if (older !== 'loading' || !conversationId || !oldest) return;
  try {
    const token = yield* call(requireAccessToken);
    const messages = yield* call(inboxApi.messages, token, conversationId, {
      before: oldest.id,
      limit: MESSAGES_PAGE_SIZE,
    });
    yield* put(olderMessagesLoaded({ conversationId, messages, pageSize: MESSAGES_PAGE_SIZE }));
  } catch {
    yield* put(olderMessagesLoadFailed({ conversationId }));
  }
}

/** How many pages back an opened search result looks for its message. */
export const MATCH_PAGES_BACK = 20;

/**
 * A search's result opened at its message: once the conversation is loaded, earlier pages come until
 * the message is among them (MessageList then scrolls to it), at most MATCH_PAGES_BACK pages.
 */
export function* revealSearchMatch({ payload }: ReturnType<typeof searchMatchOpened>) {
  for (let pages = 0; pages <= MATCH_PAGES_BACK;) {
    if ((yield* select(selectOpenConversationId)) !== payload.conversationId) return;
    const status = yield* select(selectMessagesStatus);
    if (status === 'failed') return;
    if (status !== 'loaded') {
      yield* take([messagesLoaded, messagesLoadFailed, conversationClosed, conversationOpened]);
      continue;
    }
    const messages = yield* select(selectMessages);
    if (messages.some((message) => message.id === payload.messageId)) return;
    if ((yield* select(selectOlderMessages)) !== 'available' || pages === MATCH_PAGES_BACK) return;
    yield* put(olderMessagesRequested());
    yield* take([olderMessagesLoaded, olderMessagesLoadFailed, conversationClosed, conversationOpened]);
    pages += 1;
  }
}

/** The badge keeps its last figure when the count cannot be fetched. */
export function* loadUnreadCount() {
  try {
    const token = yield* call(requireAccessToken);
    const summary = yield* call(inboxApi.unread, token);
    yield* put(unreadCountLoaded(summary.unread_conversations));
  } catch (error) {
    console.warn('The unread count could not be fetched', error);
  }
}

/** A part of the signed-in shell that keeps itself fresh while it shows (the badge, the bell). */
export interface ShellPart {
  shown: ActionCreatorWithoutPayload;
  hidden: ActionCreatorWithoutPayload;
  load: () => Generator;
  intervalMs: number;
  /** The live events that change it. */
  changed: (action: Action) => boolean;
}

function* refreshShellPart(part: ShellPart) {
  while (true) {
    yield* call(waitUntilVisible);
    yield* call(part.load);
    yield* race({ due: call(untilPollDue, part.intervalMs), live: take(part.changed) });
  }
}

/**
 * From the moment `part` shows until it goes (or the owner signs out): loaded at once, then again on
 * each live event that changes it, or every `intervalMs` while the stream is down; paused while the
 * tab is hidden.
 */
export function* keepShellPartFresh(part: ShellPart) {
  while (true) {
    yield* take(part.shown);
    yield* race({ refresh: call(safely(refreshShellPart), part), hidden: take([part.hidden, loggedOut]) });
  }
}

/** The sidebar badge counts the conversations with unread messages while the shell shows it. */
export function* watchUnreadBadge() {
  yield* call(keepShellPartFresh, {
    shown: unreadBadgeShown,
    hidden: unreadBadgeHidden,
    load: loadUnreadCount,
    intervalMs: UNREAD_REFRESH_INTERVAL_MS,
    changed: listChanged,
  });
}

/** Effects of /messages and of the sidebar's Messages badge (src/features/inbox/slice.ts). */
export function* watchInbox() {
  yield* fork(watchConversationsView);
  yield* fork(watchOpenConversation);
  yield* fork(watchUnreadBadge);
  yield* fork(watchLiveStream);
  yield* takeLeading(replySubmitted, safely(sendReply));
  yield* takeLeading(olderMessagesRequested, safely(loadOlderMessages));
  yield* takeLeading(moreConversationsRequested, safely(loadMoreConversations));
  yield* takeLatest(conversationSearchEdited, safely(searchConversations));
  yield* takeLatest(searchMatchOpened, safely(revealSearchMatch));
  yield* takeEvery(messageCopyClicked, safely(copyMessage));
  yield* takeEvery(messageDeleteClicked, safely(hideMessage));
}
