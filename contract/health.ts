import { Type, type Static } from 'typebox';

export const HealthResponse = Type.Object({
  /** Whether the caller (when a token is sent) has a connected WhatsApp number. */
  connected: Type.Boolean(),
});
export type HealthResponse = Static<typeof HealthResponse>;
