import { all, call, put, takeLeading } from 'typed-redux-saga';
import type { Conversation } from '../../../contract';
import { errorText } from '../../api/client';
import { handoverApi } from '../../api/inbox';
import {
  attendanceChangeClicked,
  attendanceChanged,
  attendanceChangeFailed,
  escalationsLoaded,
  HANDOVER_TEXTS,
  handoverBellHidden,
  handoverBellShown,
} from './handoverSlice';
import { toastShown } from '../toasts/slice';
import { keepShellPartFresh, loadMessages, refreshConversations, UNREAD_REFRESH_INTERVAL_MS } from './saga';
import { safely } from '../../store/safely';
import { handoversChanged } from './liveSaga';
import { requireAccessToken } from '../auth/session';

/** The bell asks for the open hand-overs as often as the sidebar badge asks for the unread count. */
export const HANDOVER_REFRESH_INTERVAL_MS = UNREAD_REFRESH_INTERVAL_MS;

/** The bell keeps its last list when the hand-overs cannot be fetched. */
export function* loadEscalations() {
  try {
    const token = yield* call(requireAccessToken);
    const escalations = yield* call(handoverApi.escalations, token);
    yield* put(escalationsLoaded(escalations));
  } catch (error) {
    console.warn('The open hand-overs could not be fetched', error);
  }
}

/** The bell counts the open hand-overs while the shell shows it. */
export function* watchHandoverBell() {
  yield* call(keepShellPartFresh, {
    shown: handoverBellShown,
    hidden: handoverBellHidden,
    load: loadEscalations,
    intervalMs: HANDOVER_REFRESH_INTERVAL_MS,
    changed: handoversChanged,
  });
}

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
 * hand-overs where it should); the messages, the list and the bell then refresh at once. A refusal
 * shows the server's reason.
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
  yield* all([call(loadMessages, conversationId), call(refreshConversations), call(loadEscalations)]);
  yield* put(attendanceChanged({ conversationId, change, conversation }));
}

/** Effects of the hand-over UI (src/features/inbox/handoverSlice.ts). */
export function* watchHandover() {
  yield* all([call(watchHandoverBell), takeLeading(attendanceChangeClicked, safely(changeAttendance))]);
}
