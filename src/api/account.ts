import type {
  AvailabilityResponse,
  ChangePasswordBody,
  MessageResponse,
  ResetConfirmBody,
  UpdateProfileBody,
  UserProfile,
} from '../../contract';
import { request } from './client';

/**
 * The account's endpoints besides the session's (SPEC.md §7): the profile, the password, the email's verification,
 * the registration form's availability checks. Apart from ./auth.ts so that they come with the pages that use them,
 * not with the landing page. The fallbacks are SPEC.md §8's defaults.
 */
export const accountApi = {
  updateProfile: (token: string, body: UpdateProfileBody) =>
    request<UserProfile>('/users/me', { method: 'PUT', token, json: body, fallback: 'Failed to update profile.' }),
  deleteAccount: (token: string) =>
    request<MessageResponse>('/users/me', { method: 'DELETE', token, fallback: 'Failed to delete account.' }),
  checkUsername: (username: string, signal?: AbortSignal) =>
    request<AvailabilityResponse>(`/users/check-username/${encodeURIComponent(username)}`, { signal }),
  checkEmail: (email: string, signal?: AbortSignal) =>
    request<AvailabilityResponse>(`/users/check-email/${encodeURIComponent(email)}`, { signal }),
  verifyEmail: (token: string) =>
    request<MessageResponse>('/auth/verify-email', { json: { token }, fallback: 'Failed to verify email' }),
  resendVerification: (email: string) =>
    request<MessageResponse>('/auth/resend-verification', {
      json: { email },
      fallback: 'Failed to resend verification',
    }),
  requestPasswordReset: (email: string) =>
    request<MessageResponse>('/auth/password-reset/request', {
      json: { email },
      fallback: 'Failed to send reset email',
    }),
  confirmPasswordReset: (body: ResetConfirmBody) =>
    request<MessageResponse>('/auth/password-reset/confirm', { json: body, fallback: 'Failed to reset password' }),
  changePassword: (token: string, body: ChangePasswordBody) =>
    request<MessageResponse>('/auth/change-password', { token, json: body, fallback: 'Failed to change password' }),
};
