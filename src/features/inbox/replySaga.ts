import { all, call, put, select } from 'typed-redux-saga';
import { errorText } from '../../api/client';
import { inboxApi } from '../../api/inbox';
import { requireAccessToken } from '../auth/session';
import { toastShown } from '../toasts/slice';
import { loadMessages } from './conversationSaga';
import { INBOX_TEXTS } from './format';
import { loadConversations } from './listSaga';
import { selectSend } from './selectors';
import {
  type messageCopyClicked,
  type messageDeleteClicked,
  messageHidden,
  replyFailed,
  replySent,
  type replySubmitted,
} from './slice';

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
