import type { PayloadAction } from '@reduxjs/toolkit';
import type { Message } from '../../../contract';
import { checkAttachment } from './attachmentFile';
import { isOpen, messagesAdapter, type Attachment, type ConversationRef, type InboxState } from './state';

export interface AttachmentSubmission extends ConversationRef {
  caption: string;
  inReplyToMessageId: string | null;
}

/** The attachment machine: chosen (or refused by Meta's limits), uploading with progress, sent or failed. */
export const attachmentReducers = {
  attachmentChosen(
    state: InboxState,
    action: PayloadAction<ConversationRef & Pick<Attachment, 'id' | 'name' | 'size' | 'type'>>,
  ) {
    const { conversationId, ...file } = action.payload;
    if (!isOpen(state, conversationId) || state.open.attachment?.status === 'uploading') return;
    state.open.attachment = { ...file, status: 'chosen', percent: 0, error: null };
  },
  attachmentRemoved(state: InboxState) {
    if (state.open.attachment?.status !== 'uploading') state.open.attachment = null;
  },
  /**
   * Sent only within Meta's limits (the composer says which one it breaks, selectAttachmentProblem):
   * nothing is uploaded that the server would refuse anyway. A failed one may be sent again.
   */
  attachmentSubmitted(state: InboxState, action: PayloadAction<AttachmentSubmission>) {
    const attachment = state.open.attachment;
    if (!isOpen(state, action.payload.conversationId) || !attachment || attachment.status === 'uploading') return;
    if ('problem' in checkAttachment(attachment, action.payload.caption)) return;
    attachment.error = null;
    attachment.status = 'uploading';
    attachment.percent = 0;
  },
  attachmentProgressed(state: InboxState, action: PayloadAction<{ id: string; percent: number }>) {
    const attachment = state.open.attachment;
    if (attachment?.status === 'uploading' && attachment.id === action.payload.id) {
      attachment.percent = action.payload.percent;
    }
  },
  attachmentSent(state: InboxState, action: PayloadAction<ConversationRef & { id: string; message: Message }>) {
    const { conversationId, id, message } = action.payload;
    if (!isOpen(state, conversationId)) return;
    messagesAdapter.upsertOne(state.open.messages, message);
    if (state.open.attachment?.id === id) state.open.attachment = null;
    state.open.draft = '';
    state.open.replyTargetId = null;
  },
  attachmentFailed(state: InboxState, action: PayloadAction<{ id: string; error: string }>) {
    const attachment = state.open.attachment;
    if (attachment?.status === 'uploading' && attachment.id === action.payload.id) {
      attachment.status = 'failed';
      attachment.error = action.payload.error;
    }
  },
};
