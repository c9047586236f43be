import type { PayloadAction } from '@reduxjs/toolkit';
import type { Message } from '../../../contract';
import {
  isOpen,
  isSendable,
  messagesAdapter,
  type ConversationRef,
  type InboxState,
  type ReplySubmission,
} from './state';

/** The reply machine: the draft, the message it answers, and its send (idle, sending, failed). */
export const replyReducers = {
  replyTargetChosen(state: InboxState, action: PayloadAction<string>) {
    if (state.open.messages.entities[action.payload]) state.open.replyTargetId = action.payload;
  },
  replyTargetCleared(state: InboxState) {
    state.open.replyTargetId = null;
  },
  draftEdited(state: InboxState, action: PayloadAction<string>) {
    state.open.draft = action.payload;
  },
  /** SPEC.md §5: blank text is not sent, and nothing is sent while a send is under way. */
  replySubmitted(state: InboxState, action: PayloadAction<ReplySubmission>) {
    const { conversationId, text } = action.payload;
    if (!isOpen(state, conversationId) || !isSendable(text) || state.open.send.status === 'sending') return;
    state.open.send = { status: 'sending', error: null };
  },
  replySent(state: InboxState, action: PayloadAction<ConversationRef & { message: Message }>) {
    const { conversationId, message } = action.payload;
    if (!isOpen(state, conversationId)) return;
    messagesAdapter.upsertOne(state.open.messages, message);
    state.open.send = { status: 'idle', error: null };
    state.open.draft = '';
    state.open.replyTargetId = null;
  },
  replyFailed(state: InboxState, action: PayloadAction<ConversationRef & { error: string }>) {
    const { conversationId, error } = action.payload;
    if (isOpen(state, conversationId)) state.open.send = { status: 'failed', error };
  },
};
