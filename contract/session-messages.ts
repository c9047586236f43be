/** Texts of sign-in, sign-out and account calls, shared by the API and the SPA's core session saga. */
export const AUTH_ERRORS = {
  badCredentials: 'Incorrect email/username or password',
  sessionExpired: 'Your session has ended. Please sign in again.',
  verifyLinkInvalid: 'This verification link is invalid or has expired. Please request a new one.',
  resetLinkInvalid: 'This password reset link is invalid or has expired. Please request a new one.',
  verificationRequired: 'Please verify your email address first.',
} as const;

/** The `message` of successful account calls (SPEC.md §8's success toasts where it names one). */
export const ACCOUNT_MESSAGES = {
  loggedOut: 'Logged out successfully!',
  accountDeleted: 'Your account and all its data have been deleted.',
  emailVerified: 'Email verified successfully!',
  verificationResent: 'If an unverified account exists for that address, a new verification link is on its way.',
  resetRequested: 'If an account exists for that address, a password reset link is on its way.',
  passwordReset: 'Password reset successful',
  passwordChanged: 'Password changed successfully.',
} as const;
