import { nanoid, type PayloadAction } from '@reduxjs/toolkit';
import type { Message } from '../../../contract';
import { isOpen, messagesAdapter, type ConversationRef, type InboxState, type MessageRef } from './state';

/** WhatsApp's quick reactions, offered in the message menu. */
export const QUICK_REACTIONS = ['👍', '❤️', '😂', '😮', '😢', '🙏'] as const;

/** The owner's own reaction on a message, or null. */
export const ownReaction = (message: Message): string | null =>
  message.reactions.find((reaction) => reaction.from_us)?.emoji ?? null;

export type ReactionPick = MessageRef & { emoji: string };

/**
 * The reaction machine, per message of the open conversation: idle, or one reaction on its way
 * (`open.reacting[messageId]`). Only a customer's message takes one, one at a time; picking the
 * emoji already set takes it back ('' goes to WhatsApp).
 */
export const reactionReducers = {
  reactionPicked: {
    reducer(state: InboxState, action: PayloadAction<ReactionPick & { requestId: string }>) {
      const { conversationId, messageId, emoji, requestId } = action.payload;
      const message = state.open.messages.entities[messageId];
      if (!isOpen(state, conversationId) || !message || message.is_from_us || state.open.reacting[messageId]) return;
      state.open.reacting[messageId] = { requestId, emoji: ownReaction(message) === emoji ? '' : emoji };
    },
    prepare: (pick: ReactionPick) => ({ payload: { ...pick, requestId: nanoid() } }),
  },
  reactionSent(state: InboxState, action: PayloadAction<ConversationRef & { message: Message }>) {
    const { conversationId, message } = action.payload;
    if (!isOpen(state, conversationId) || !state.open.reacting[message.id]) return;
    delete state.open.reacting[message.id];
    messagesAdapter.upsertOne(state.open.messages, message);
  },
  reactionFailed(state: InboxState, action: PayloadAction<MessageRef & { error: string }>) {
    const { conversationId, messageId } = action.payload;
    if (isOpen(state, conversationId)) delete state.open.reacting[messageId];
  },
};
