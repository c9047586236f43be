import { all, spawn } from 'typed-redux-saga';
import type { Feature } from '../../store/feature';
import { watchAttachments } from './attachmentSaga';
import { watchHandover } from './handoverSaga';
import handoverSlice from './handoverSlice';
import { watchReactions } from './reactionSaga';
import { watchInbox } from './saga';
import inboxSlice from './slice';
import { watchTemplateSend } from './templateSendSaga';
import templateSendSlice from './templateSendSlice';

/** The inbox's sagas: conversations and replies, the hand-over controls, sending a template; one crashing cannot stop another. */
function* inboxSaga() {
  yield* all([
    spawn(watchInbox),
    spawn(watchAttachments),
    spawn(watchReactions),
    spawn(watchHandover),
    spawn(watchTemplateSend),
  ]);
}

/**
 * Conversations, messages and the composer: the list, the open conversation, replies, attachments
 * and reactions, sending a template once the 24-hour window closed, who attends to a conversation.
 */
export default {
  name: 'inbox',
  slices: [inboxSlice, handoverSlice, templateSendSlice],
  saga: inboxSaga,
} satisfies Feature;
