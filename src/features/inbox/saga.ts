import { fork, put, select, take, takeEvery, takeLatest, takeLeading } from 'typed-redux-saga';
import { safely } from '../../store/safely';
import { conversationOnScreen, unreadConversationsCounted, unreadCountLoaded } from '../live/inboxEvents';
import { loadOlderMessages, revealSearchMatch, watchOpenConversation } from './conversationSaga';
import { loadMoreConversations, searchConversations, watchConversationsView } from './listSaga';
import { copyMessage, hideMessage, sendReply } from './replySaga';
import { selectOpenConversationId, selectUnreadConversations } from './selectors';
import {
  conversationClosed,
  conversationOpened,
  conversationsViewClosed,
  conversationSearchEdited,
  conversationsLoaded,
  messageCopyClicked,
  messageDeleteClicked,
  messagesLoaded,
  moreConversationsLoaded,
  moreConversationsRequested,
  olderMessagesRequested,
  replySubmitted,
  searchMatchOpened,
} from './slice';

/**
 * Tells the shell's badge when the inbox counts the unread conversations differently from the last
 * figure it knows (its whole list is loaded, or it opened an unread conversation).
 */
export function* reportUnreadCount() {
  let known = yield* select(selectUnreadConversations);
  while (true) {
    const action = yield* take([conversationsLoaded, moreConversationsLoaded, messagesLoaded, unreadCountLoaded]);
    const counted = yield* select(selectUnreadConversations);
    if (counted !== known && !unreadCountLoaded.match(action)) yield* put(unreadConversationsCounted(counted));
    known = counted;
  }
}

/** Tells the shell which conversation is on screen, so that it raises no notice for it (shell/noticesSaga.ts). */
export function* reportConversationOnScreen() {
  const opened = yield* select(selectOpenConversationId);
  yield* put(conversationOnScreen(opened));
}

/** Effects of /messages: the list, the open conversation, replies and the message menu. */
export function* watchInbox() {
  yield* fork(watchConversationsView);
  yield* fork(watchOpenConversation);
  yield* fork(reportUnreadCount);
  yield* takeEvery(
    [conversationOpened, conversationClosed, conversationsViewClosed],
    safely(reportConversationOnScreen),
  );
  yield* takeLeading(replySubmitted, safely(sendReply));
  yield* takeLeading(olderMessagesRequested, safely(loadOlderMessages));
  yield* takeLeading(moreConversationsRequested, safely(loadMoreConversations));
  yield* takeLatest(conversationSearchEdited, safely(searchConversations));
  yield* takeLatest(searchMatchOpened, safely(revealSearchMatch));
  yield* takeEvery(messageCopyClicked, safely(copyMessage));
  yield* takeEvery(messageDeleteClicked, safely(hideMessage));
}
