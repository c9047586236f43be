import type { RegisterBody, TokenResponse } from '../../contract';
import { request } from './client';

/** The login and register forms' endpoints (SPEC.md §7), fetched with those pages; SPEC.md §8's fallbacks. */
export const signInApi = {
  register: (body: RegisterBody) =>
    request<TokenResponse>('/auth/register', { json: body, fallback: 'Registration failed' }),
  login: (emailOrUsername: string, password: string, rememberMe: boolean) =>
    request<TokenResponse>('/auth/login', {
      form: { username: emailOrUsername, password, remember_me: String(rememberMe) },
      fallback: 'Login failed',
    }),
};
