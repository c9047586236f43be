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

/** Why the owner is told of an event: a customer new to the owner, one who waits for them, a hand-over. */
export type NoticeKind = 'newConversation' | 'needsYou' | 'handover';

/** What a notice says: who (the customer as the inbox names them) and what (their own words). */
export interface Notice {
  kind: NoticeKind;
  conversationId: string;
  /** The customer's name, else their number formatted for people, else their username. */
  name: string;
  /** What the customer wrote (a hand-over: what they asked), media in words, trimmed at a word; '' if unknown. */
  words: string;
}

/** A live event needs the owner (the shell's rules, shell/notices.ts): the shell tells them the ways they chose. */
export const ownerNoticeRaised = createAction<Notice>('inbox/ownerNoticeRaised');

/** The conversation the inbox has on screen changed (null: none, or /messages left): no notice for it while focused. */
export const conversationOnScreen = createAction<string | null>('inbox/conversationOnScreen');
