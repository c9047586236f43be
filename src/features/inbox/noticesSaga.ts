import { call, put, select, takeEvery } from 'typed-redux-saga';
import { safely } from '../../store/safely';
import { ownerNoticeRaised } from '../live/inboxEvents';
import { liveEventReceived } from '../live/slice';
import { conversationName } from './format';
import { noticeFor, type NoticeContext } from './notices';
import type { InboxState } from './state';

export const windowFocused = () => document.hasFocus();

const selectInbox = (state: { inbox: InboxState }) => state.inbox;

/** A live event that needs the owner (./notices.ts) raises a notice; the shell tells them the ways they chose. */
export function* raiseNotice({ payload }: ReturnType<typeof liveEventReceived>) {
  const inbox = yield* select(selectInbox);
  const focused = yield* call(windowFocused);
  const context: NoticeContext = {
    conversations: inbox.conversations.entities,
    listLoaded: inbox.conversationsStatus === 'loaded',
    watchedId: focused ? inbox.open.conversationId : null,
  };
  const notice = noticeFor(payload.event, context);
  if (!notice) return;
  const known = inbox.conversations.entities[notice.conversationId];
  const name = conversationName(known ?? { id: notice.conversationId, name: '' });
  yield* put(ownerNoticeRaised({ ...notice, name }));
}

export function* watchNotices() {
  yield* takeEvery(liveEventReceived, safely(raiseNotice));
}
