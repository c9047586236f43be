import { call, put, select, takeEvery } from 'typed-redux-saga';
import type { Conversation } from '../../../contract';
import { inboxApi } from '../../api/inbox';
import { conversationNumber } from '../../components/conversationName';
import { safely } from '../../store/safely';
import { requireAccessToken } from '../auth/session';
import { ownerNoticeRaised } from '../live/inboxEvents';
import { liveEventReceived } from '../live/slice';
import { isNoticeEvent, noticeFor } from './notices';
import { selectConversationOnScreen } from './noticesSlice';

/** A conversation a live event names is looked for among the newest this many (it just moved to the top). */
export const NOTICE_LOOKUP_LIMIT = 20;

export const windowFocused = () => document.hasFocus();

/**
 * The conversation as the server lists it (the event carries only its id): among the newest, else by its
 * number; undefined when neither finds it.
 */
export function* findConversation(conversationId: string) {
  const token = yield* call(requireAccessToken);
  const newest = yield* call(inboxApi.conversations, token, { limit: NOTICE_LOOKUP_LIMIT });
  const found = (page: { conversations: Conversation[] } | null) =>
    page?.conversations.find((conversation) => conversation.id === conversationId);
  const listed = found(newest);
  if (listed || !conversationId.endsWith('@c.us')) return listed;
  const searched = yield* call(inboxApi.conversations, token, { q: conversationNumber(conversationId) });
  return found(searched);
}

/**
 * A live event that needs the owner (./notices.ts) raises a notice that says who and what, on every
 * page: the shell tells the owner the ways they chose (./notificationsSaga.ts).
 */
export function* raiseNotice({ payload }: ReturnType<typeof liveEventReceived>) {
  const { event } = payload;
  if (!isNoticeEvent(event)) return;
  const onScreen = yield* select(selectConversationOnScreen);
  if (onScreen === event.conversationId && (yield* call(windowFocused))) return;
  let conversation: Conversation | undefined;
  try {
    conversation = yield* call(findConversation, event.conversationId);
  } catch (error) {
    // A hand-over is told even so, by the id alone; a message needs the conversation to tell.
    console.warn('The conversation of a notice could not be fetched', error);
  }
  const notice = noticeFor(event, conversation);
  if (notice) yield* put(ownerNoticeRaised(notice));
}

export function* watchNotices() {
  yield* takeEvery(liveEventReceived, safely(raiseNotice));
}
