import { call, put, select, takeEvery } from 'typed-redux-saga';
import { errorText } from '../../api/client';
import { inboxApi } from '../../api/inbox';
import { safely } from '../../store/safely';
import { requireAccessToken } from '../auth/session';
import { toastShown } from '../toasts/slice';
import { INBOX_TEXTS } from './format';
import { selectReacting } from './selectors';
import { reactionFailed, reactionPicked, reactionSent } from './slice';

/**
 * Sends the owner's reaction to WhatsApp: the emoji the reducer decided on ('' takes the reaction
 * back). The answer is the message with its reactions; a refusal is told in a toast.
 */
export function* sendReaction(action: ReturnType<typeof reactionPicked>) {
  const { conversationId, messageId, requestId } = action.payload;
  const reacting = yield* select(selectReacting, messageId);
  // The reducer accepted this pick only if it put this very request under way.
  if (reacting?.requestId !== requestId) return;
  try {
    const token = yield* call(requireAccessToken);
    const message = yield* call(inboxApi.react, token, conversationId, messageId, reacting.emoji);
    yield* put(reactionSent({ conversationId, message }));
  } catch (error) {
    const reason = errorText(error);
    yield* put(reactionFailed({ conversationId, messageId, error: reason }));
    yield* put(toastShown({ title: INBOX_TEXTS.reactionFailed, description: reason, variant: 'destructive' }));
  }
}

/** Reactions to different messages go out side by side; one message takes one at a time (reaction.ts). */
export function* watchReactions() {
  yield* takeEvery(reactionPicked, safely(sendReaction));
}
