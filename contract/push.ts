import { Type, type Static } from 'typebox';

/**
 * Web Push (issue 34): a member's devices ring for hand-overs and new customers while no Threadline tab is
 * open and focused. The SPA subscribes with the server's VAPID key and reports its tab's focus.
 */

export const PushKeyResponse = Type.Object({
  /** The server's VAPID public key (base64url, 65 bytes): `pushManager.subscribe`'s `applicationServerKey`. */
  public_key: Type.String(),
});
export type PushKeyResponse = Static<typeof PushKeyResponse>;

/** A browser's `PushSubscription.toJSON()`. */
export const PushSubscriptionBody = Type.Object({
  endpoint: Type.String({ minLength: 1, maxLength: 2000, description: 'The push service URL of this browser' }),
  expirationTime: Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: 8.64e15 }), Type.Null()])),
  keys: Type.Object({
    p256dh: Type.String({ minLength: 1, maxLength: 200, description: 'base64url P-256 public key (65 bytes)' }),
    auth: Type.String({ minLength: 1, maxLength: 100, description: 'base64url authentication secret (16 bytes)' }),
  }),
});
export type PushSubscriptionBody = Static<typeof PushSubscriptionBody>;

export const PushSubscriptionSaved = Type.Object({ endpoint: Type.String() });
export type PushSubscriptionSaved = Static<typeof PushSubscriptionSaved>;

export const PushUnsubscribeBody = Type.Object({
  endpoint: Type.String({ minLength: 1, maxLength: 2000 }),
});
export type PushUnsubscribeBody = Static<typeof PushUnsubscribeBody>;

/** This tab is visible and focused (say it again every PRESENCE_REPORT_INTERVAL_MS), or no longer. */
export const PushPresenceBody = Type.Object({ focused: Type.Boolean() });
export type PushPresenceBody = Static<typeof PushPresenceBody>;

/** How often a focused tab repeats `PUT /push/presence {focused: true}`; the server forgets it after ~75 s. */
export const PRESENCE_REPORT_INTERVAL_MS = 30_000;

/**
 * What rings a member's devices. Hand-overs and new customers exist today; mentions and assignments come with
 * the team inbox (server/services/notifications/kinds.ts says each kind's title and urgency).
 */
export type PushKind = 'handover' | 'new_customer' | 'mention' | 'assignment';

/** What the service worker (public/sw.js) gets in a push (encrypted end to end) and shows. */
export interface PushNotification {
  kind: PushKind;
  title: string;
  body: string;
  /** Where tapping it leads: `/messages?c=<conversation id>`. */
  url: string;
  /** The conversation's id: a newer notification of the conversation replaces the older. */
  tag: string;
}
