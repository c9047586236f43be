import { call, put, select, take } from 'typed-redux-saga';
import { inboxApi } from '../../api/inbox';
import { requireAccessToken } from '../auth/session';
import { conversationChanged } from '../live/events';
import { keepFreshWhileShown, type FreshView } from '../live/freshWhileShown';
import { INBOX_POLL_INTERVAL_MS } from './listSaga';
import { selectMessages, selectMessagesStatus, selectOlderMessages, selectOpenConversationId } from './selectors';
import {
  conversationClosed,
  conversationOpened,
  conversationsViewClosed,
  messagesLoaded,
  messagesLoadFailed,
  messagesReloadRequested,
  olderMessagesLoaded,
  olderMessagesLoadFailed,
  olderMessagesRequested,
  type searchMatchOpened,
} from './slice';

/** Messages per page: the server's default (contract/inbox.ts INBOX_LIMITS.defaultPageSize), asked for explicitly. */
export const MESSAGES_PAGE_SIZE = 50;
/** How many pages back an opened search result looks for its message. */
export const MATCH_PAGES_BACK = 20;

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

/** The open conversation: every 3 s, at once after 'Try again' or a live event about it. */
export const messagesView = (conversationId: string): FreshView<string | null | undefined> => ({
  load: (etag) => loadMessages(conversationId, etag),
  intervalMs: INBOX_POLL_INTERVAL_MS,
  changed: [messagesReloadRequested.type, conversationChanged(conversationId)],
});

/** The open conversation polls until it is closed, the view is left, or another one is opened. */
export function* watchOpenConversation() {
  yield* call(
    keepFreshWhileShown,
    conversationOpened,
    [conversationClosed.type, conversationsViewClosed.type, conversationOpened.type],
    (opened: ReturnType<typeof conversationOpened>) => messagesView(opened.payload),
  );
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
