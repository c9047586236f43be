import type { MessageResponse, RegisterBody, TokenResponse, UserProfile } from '../../contract';
import { request } from './client';

/**
 * The session's endpoints (SPEC.md §7), which the core auth saga calls on every page; the fallbacks are SPEC.md §8's
 * defaults. The account's other endpoints are ./account.ts, fetched with the pages that use them.
 */
export const authApi = {
  register: (body: RegisterBody) =>
    request<TokenResponse>('/auth/register', { json: body, fallback: 'Registration failed' }),
  login: (emailOrUsername: string, password: string, rememberMe: boolean) =>
    request<TokenResponse>('/auth/login', {
      form: { username: emailOrUsername, password, remember_me: String(rememberMe) },
      fallback: 'Login failed',
    }),
  logout: (token: string) => request<MessageResponse>('/auth/logout', { method: 'POST', token }),
  me: (token: string) => request<UserProfile>('/users/me', { token, fallback: 'Failed to fetch user' }),
};
