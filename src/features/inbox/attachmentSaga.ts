import { buffers, eventChannel, type EventChannel } from 'redux-saga';
import { all, call, put, select, take, takeLeading } from 'typed-redux-saga';
import type { Message } from '../../../contract';
import { startMediaSend, type MediaSendRequest } from '../../api/media';
import type { FormUploadEvent } from '../../api/upload';
import { safely } from '../../store/safely';
import { requireAccessToken } from '../auth/session';
import { toastShown } from '../toasts/slice';
import { heldAttachment, releaseAttachment } from './attachmentFile';
import { INBOX_TEXTS } from './format';
import { loadMessages } from './conversationSaga';
import { loadConversations } from './listSaga';
import { selectAttachment } from './selectors';
import { attachmentFailed, attachmentProgressed, attachmentSent, attachmentSubmitted } from './slice';

/** The attachment's transfer as a channel of its events; closing it aborts the transfer. */
export function mediaSendChannel(request: MediaSendRequest): EventChannel<FormUploadEvent<Message>> {
  return eventChannel<FormUploadEvent<Message>>((emit) => startMediaSend(request, emit), buffers.expanding(8));
}

/**
 * Sends the attached file with its caption, reporting progress. A refusal shows on the attachment
 * and in a toast; one that WhatsApp refused after upload is stored as failed, and the reload shows
 * it on its bubble like a text send.
 */
export function* sendAttachment(action: ReturnType<typeof attachmentSubmitted>) {
  const { conversationId, caption, inReplyToMessageId } = action.payload;
  const attachment = yield* select(selectAttachment);
  // The reducer accepted this submission only if it set the upload under way.
  if (attachment?.status !== 'uploading') return;
  const { id } = attachment;
  const file = heldAttachment(id);
  if (!file) {
    yield* put(attachmentFailed({ id, error: INBOX_TEXTS.attachmentFailed }));
    return;
  }
  const token = yield* call(requireAccessToken);
  const channel = yield* call(mediaSendChannel, { token, conversationId, file, caption, inReplyToMessageId });
  try {
    for (;;) {
      const event = yield* take(channel);
      if (event.type === 'progressed') {
        yield* put(attachmentProgressed({ id, percent: event.percent }));
      } else if (event.type === 'done') {
        releaseAttachment(id);
        yield* put(attachmentSent({ conversationId, id, message: event.result }));
        yield* all([call(loadMessages, conversationId), call(loadConversations)]);
        return;
      } else {
        const reason = event.message ?? INBOX_TEXTS.attachmentFailed;
        yield* put(attachmentFailed({ id, error: reason }));
        yield* put(toastShown({ title: INBOX_TEXTS.sendFailed, description: reason, variant: 'destructive' }));
        yield* call(loadMessages, conversationId);
        return;
      }
    }
  } finally {
    channel.close();
  }
}

export function* watchAttachments() {
  yield* takeLeading(attachmentSubmitted, safely(sendAttachment));
}
