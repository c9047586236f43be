/**
 * What `GET /api/v1/events` (Server-Sent Events) tells a signed-in owner's tab: small typed events,
 * each naming what changed so that the SPA reloads just that. Each SSE message's `event` field is
 * the type and its `data` the JSON of the event. A conversation is named by its id in the API
 * (`<phone>@c.us` or `<BSUID>@bsuid`), a message by its row id. `inbox.version` carries the stream's position as
 * the SSE id: a reconnect with an older Last-Event-ID first gets `resync` (reload everything shown).
 */
export type LiveEvent =
  | { type: 'message.received' | 'message.sent'; conversationId: string; messageId: number }
  | { type: 'message.status'; conversationId: string; messageId: number; status: string }
  /** Someone reacted to the message, or took a reaction back (the customer, or the owner in another tab). */
  | { type: 'message.reaction'; conversationId: string; messageId: number }
  | { type: 'conversation.changed'; conversationId: string }
  | { type: 'handover.opened' | 'handover.closed'; conversationId: string; handoverId: number }
  | { type: 'document.changed'; agentId: number; documentId: number; status: string }
  | { type: 'connection.changed'; kind: string }
  /** A template was added, reviewed (its new status) or deleted (status 'DELETED'). */
  | { type: 'template.changed'; templateId: number; status: string }
  | { type: 'inbox.version'; version: number }
  | { type: 'resync' };

export type LiveEventType = LiveEvent['type'];

/** A comment line at least this often keeps proxies and the browser from closing an idle stream. */
export const LIVE_HEARTBEAT_MS = 15_000;
