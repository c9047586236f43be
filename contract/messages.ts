import { LOGGED_OUT, SESSION_EXPIRED } from './session-messages';

/**
 * The exact texts of SPEC.md §5 that both the SPA (Yup schemas) and the server (its own checks)
 * show, in one place so that they cannot drift apart.
 */
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 50;
export const PASSWORD_MIN_LENGTH = 8;
/** argon2 hashes any length, but a cap stops a megabyte "password" from costing us a core. */
export const PASSWORD_MAX_LENGTH = 256;
export const NAME_MAX_LENGTH = 100;
export const BIO_MAX_LENGTH = 500;
/** Letters, digits, dots, hyphens and underscores: safe in a URL path and unambiguous on screen. */
export const USERNAME_PATTERN = /^[A-Za-z0-9._-]+$/;
/** SPEC.md §5: the live email check runs only for something shaped like an address with a dot after the @. */
export const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const VALIDATION = {
  emailOrUsernameRequired: 'Email or username is required.',
  passwordRequired: 'Password is required.',
  emailInvalid: 'Please enter a valid email address.',
  usernameMin: 'Username must be at least 3 characters.',
  usernameMax: `Username must be at most ${USERNAME_MAX_LENGTH} characters.`,
  usernamePattern: 'Username may only contain letters, numbers, dots, hyphens and underscores.',
  firstNameRequired: 'First name is required.',
  lastNameRequired: 'Last name is required.',
  nameMax: `Names must be at most ${NAME_MAX_LENGTH} characters.`,
  bioMax: `Bio must be at most ${BIO_MAX_LENGTH} characters.`,
  passwordMin: 'Password must be at least 8 characters.',
  passwordMax: `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`,
  passwordOnlySpaces: 'Password cannot be only spaces.',
  passwordTooCommon: 'This password is too common. Choose one that is harder to guess.',
  passwordTooPersonal: 'This password is too easy to guess from your username, your email or our name. Choose another.',
  passwordsMismatch: 'Passwords do not match.',
  agreeRequired: 'You must agree to the terms and conditions.',
  usernameTaken: 'Username already taken.',
  emailTaken: 'Email already registered.',
  resetPasswordsMismatch: 'Passwords do not match',
  resetTokenMissing: 'Invalid or missing password reset token.',
  currentPasswordRequired: 'Current password is required.',
  currentPasswordWrong: 'Current password is incorrect.',
  newPasswordMin: 'New password must be at least 8 characters long.',
  newPasswordsMismatch: 'New passwords do not match.',
  deleteConfirm: "Please type 'delete' to confirm account deletion.",
  verifyTokenMissing: 'No verification token provided',
} as const;

/**
 * Texts of sign-in, sign-out and account calls, shared by the API and the SPA; the two the core saga shows are
 * ./session-messages.ts's, so that the landing page's script carries only them.
 */
export const AUTH_ERRORS = {
  badCredentials: 'Incorrect email/username or password',
  sessionExpired: SESSION_EXPIRED,
  verifyLinkInvalid: 'This verification link is invalid or has expired. Please request a new one.',
  resetLinkInvalid: 'This password reset link is invalid or has expired. Please request a new one.',
  verificationRequired: 'Please verify your email address first.',
} as const;

/** The `message` of successful account calls (SPEC.md §8's success toasts where it names one). */
export const ACCOUNT_MESSAGES = {
  loggedOut: LOGGED_OUT,
  accountDeleted: 'Your account and all its data have been deleted.',
  emailVerified: 'Email verified successfully!',
  verificationResent: 'If an unverified account exists for that address, a new verification link is on its way.',
  resetRequested: 'If an account exists for that address, a password reset link is on its way.',
  passwordReset: 'Password reset successful',
  passwordChanged: 'Password changed successfully.',
} as const;
