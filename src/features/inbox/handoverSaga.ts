import { all, call, put, takeLeading } from 'typed-redux-saga';
import type { Conversation } from '../../../contract';
import { errorText } from '../../api/client';
import { handoverApi } from '../../api/inbox';
import { safely } from '../../store/safely';
import { requireAccessToken } from '../auth/session';
import { attendanceChanged } from '../live/inboxEvents';
import { toastShown } from '../toasts/slice';
import { loadMessages } from './conversationSaga';
import { attendanceChangeClicked, attendanceChangeFailed, HANDOVER_TEXTS } from './handoverSlice';
import { refreshConversations } from './listSaga';

/** Each attendance change: its call, and the toasts that say how it went. */
const ATTENDANCE = {
  handBack: {
    call: handoverApi.handBack,
    done: { title: HANDOVER_TEXTS.handedBack, description: HANDOVER_TEXTS.handedBackDescription },
    failed: HANDOVER_TEXTS.handBackFailed,
  },
  takeOver: {
    call: handoverApi.takeOver,
    done: { title: HANDOVER_TEXTS.tookOver, description: HANDOVER_TEXTS.tookOverDescription },
    failed: HANDOVER_TEXTS.takeOverFailed,
  },
  done: {
    call: handoverApi.markDone,
    done: { title: HANDOVER_TEXTS.markedDone, description: HANDOVER_TEXTS.markedDoneDescription },
    failed: HANDOVER_TEXTS.markDoneFailed,
  },
} as const;

/**
 * 'Hand back to AI', 'Take over' or 'Mark done': the server makes the change (and answers the open
 * hand-overs where it should); the messages and the list then refresh at once, and the bell on
 * `attendanceChanged`. A refusal shows the server's reason.
 */
export function* changeAttendance({ payload }: ReturnType<typeof attendanceChangeClicked>) {
  const { conversationId, change } = payload;
  const texts = ATTENDANCE[change];
  let conversation: Conversation;
  try {
    const token = yield* call(requireAccessToken);
    conversation = yield* call(texts.call, token, conversationId);
  } catch (error) {
    const reason = errorText(error);
    yield* put(attendanceChangeFailed({ conversationId, change, error: reason }));
    yield* put(toastShown({ title: texts.failed, description: reason, variant: 'destructive' }));
    return;
  }
  yield* put(toastShown({ ...texts.done, variant: 'success' }));
  yield* all([call(loadMessages, conversationId), call(refreshConversations)]);
  yield* put(attendanceChanged({ conversationId, change, conversation }));
}

/** Effects of the chat header's attendance controls (src/features/inbox/handoverSlice.ts). */
export function* watchHandover() {
  yield* takeLeading(attendanceChangeClicked, safely(changeAttendance));
}
