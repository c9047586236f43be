import { createAction } from '@reduxjs/toolkit';
import type { Conversation } from '../../../contract';

/*
 * What the inbox and the signed-in shell (its Messages badge, bell and notifications)
 * tell each other. Two lazy features never import each other, so the events they share live here, in the core.
 */

/** The server's count of conversations with unread messages (the badge asks for it). */
export const unreadCountLoaded = createAction<number>('inbox/unreadCountLoaded');

/** The inbox counted them itself: its whole list is loaded, or it opened an unread conversation. */
export const unreadConversationsCounted = createAction<number>('inbox/unreadConversationsCounted');

/**
 * Who attends to a conversation, changed from the chat header: hand it back to the AI, take it over
 * (the owner answers, the AI stays silent), or mark it done until the customer writes again.
 */
export type AttendanceChange = 'handBack' | 'takeOver' | 'done';

/** The server made an attendance change, and the inbox has been refreshed (the bell drops an answered hand-over). */
export const attendanceChanged = createAction<{
  conversationId: string;
  change: AttendanceChange;
  conversation: Conversation;
}>('handover/attendanceChanged');

/** Why the owner is told of an event: a customer new to the inbox, one who waits for them, a hand-over. */
export type NoticeKind = 'newConversation' | 'needsYou' | 'handover';

export interface Notice {
  kind: NoticeKind;
  conversationId: string;
  /** The conversation's name as the inbox shows it. */
  name: string;
}

/** A live event needs the owner (the inbox's rules, inbox/notices.ts): the shell tells them the ways they chose. */
export const ownerNoticeRaised = createAction<Notice>('inbox/ownerNoticeRaised');
