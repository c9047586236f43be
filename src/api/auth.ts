import type { MessageResponse, UserProfile } from '../../contract';
import { request } from './client';

/**
 * The session's endpoints (SPEC.md §7) that the core auth saga calls on every page; the fallbacks are SPEC.md §8's
 * defaults. Signing in and registering are ./signIn.ts, the account's other endpoints ./account.ts: each comes with
 * the pages that use it.
 */
export const authApi = {
  logout: (token: string) => request<MessageResponse>('/auth/logout', { method: 'POST', token }),
  me: (token: string) => request<UserProfile>('/users/me', { token, fallback: 'Failed to fetch user' }),
};
