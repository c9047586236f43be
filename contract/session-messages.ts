/**
 * The two session texts the SPA's core saga shows on any page (and so the landing page's script carries): apart
 * from contract/messages.ts, whose AUTH_ERRORS and ACCOUNT_MESSAGES hold them with the account's other texts.
 */
export const SESSION_EXPIRED = 'Your session has ended. Please sign in again.';
export const LOGGED_OUT = 'Logged out successfully!';
