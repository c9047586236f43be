import type { Action } from '@reduxjs/toolkit';
import type { LiveEvent } from '../../../contract';
import { liveEventReceived } from './slice';

/** A predicate for `take`: a live event that `concerns` says matters here (a resync always does). */
export function liveEventWhere(concerns: (event: LiveEvent) => boolean) {
  return (action: Action): boolean =>
    liveEventReceived.match(action) && (action.payload.event.type === 'resync' || concerns(action.payload.event));
}

const CONVERSATION_EVENTS = new Set<LiveEvent['type']>([
  'message.received',
  'message.sent',
  'message.status',
  'conversation.changed',
  'handover.opened',
  'handover.closed',
]);

/** The conversation list (and the unread badge) change with every event about a conversation. */
export const conversationsChanged = liveEventWhere((event) => CONVERSATION_EVENTS.has(event.type));

/** The open conversation changes with an event about it. */
export const conversationChanged = (conversationId: string) =>
  liveEventWhere((event) => 'conversationId' in event && event.conversationId === conversationId);

/** The bell changes with a hand-over opened or closed. */
export const handoversChanged = liveEventWhere((event) => event.type.startsWith('handover.'));
