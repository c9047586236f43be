import type { PayloadAction } from '@reduxjs/toolkit';
import { call, put, race, select, take, takeEvery, takeLatest, takeLeading } from 'typed-redux-saga';
import type { ChangePasswordBody, ResetConfirmBody, UpdateProfileBody, UserProfile } from '../../../contract';
import { VALIDATION } from '../../../contract/messages';
import { accountApi } from '../../api/account';
import { ApiError, errorText } from '../../api/client';
import {
  accountDeleted,
  accountDeletionConfirmed,
  accountDeletionFailed,
  accountSettingsClosed,
  accountSettingsOpened,
  emailVerificationFailed,
  emailVerificationStarted,
  emailVerified,
  passwordChangeFailed,
  passwordChangeSubmitted,
  passwordChanged,
  passwordResetEmailSent,
  passwordResetFailed,
  passwordResetRequestFailed,
  passwordResetRequested,
  passwordResetSubmitted,
  passwordResetSucceeded,
  profileSaveFailed,
  profileSaved,
  profileSubmitted,
  selectVerification,
  verifyEmailPageOpened,
} from './slice';
import {
  logoutRequested,
  selectAccessToken,
  selectUserStatus,
  userLoadFailed,
  userLoaded,
  userRefreshRequested,
} from '../auth/slice';
import { toastShown } from '../toasts/slice';
import { safely } from '../../store/safely';
import { requireAccessToken } from '../auth/session';

/** SPEC.md §8's texts for the account flows. */
const ACCOUNT_FEEDBACK = {
  unexpected: 'An unexpected error occurred.',
  resetEmailSent: 'Password reset email sent',
  resetSucceeded: 'Password reset successful',
  verified: 'Email verified successfully!',
  verifyFailed: 'Failed to verify email. The link may be expired or invalid.',
  verifyFailedToast: 'Verification failed',
  verifyFailedToastDescription: 'Please try again or contact support.',
  profileLoadFailed: 'Failed to fetch user profile.',
  profileSaved: 'Profile updated successfully.',
  profileSaveFailed: 'Failed to update profile.',
  passwordChanged: 'Password changed successfully.',
  passwordChangeFailed: 'Failed to change password.',
  accountDeleted: 'Account Deleted',
  deleteFailed: 'Failed to delete account.',
} as const;

/** A toast's description only when it adds something to its title. */
function detailBeyond(title: string, error: unknown): string | undefined {
  const message = errorText(error, title);
  return message === title ? undefined : message;
}

export function* requestPasswordReset(action: PayloadAction<{ email: string }>) {
  try {
    yield* call(accountApi.requestPasswordReset, action.payload.email);
  } catch (error) {
    const message = errorText(error, ACCOUNT_FEEDBACK.unexpected);
    yield* put(passwordResetRequestFailed({ message }));
    yield* put(toastShown({ title: 'Error', description: message, variant: 'destructive' }));
    return;
  }
  yield* put(passwordResetEmailSent());
  yield* put(toastShown({ title: ACCOUNT_FEEDBACK.resetEmailSent, variant: 'success' }));
}

function* passwordResetFailedWith(message: string, field?: string) {
  yield* put(passwordResetFailed({ message, field }));
  yield* put(toastShown({ title: 'Error', description: message, variant: 'destructive' }));
}

export function* confirmPasswordReset(action: PayloadAction<ResetConfirmBody>) {
  const { token, newPassword } = action.payload;
  if (!token) {
    yield* call(passwordResetFailedWith, VALIDATION.resetTokenMissing);
    return;
  }
  try {
    yield* call(accountApi.confirmPasswordReset, { token, newPassword });
  } catch (error) {
    const field = error instanceof ApiError ? error.field : undefined;
    yield* call(passwordResetFailedWith, errorText(error, ACCOUNT_FEEDBACK.unexpected), field);
    return;
  }
  yield* put(passwordResetSucceeded());
  yield* put(toastShown({ title: ACCOUNT_FEEDBACK.resetSucceeded, variant: 'success' }));
}

export function* verifyEmail(action: PayloadAction<{ token: string | null }>) {
  const { token } = action.payload;
  if (!token) return;
  const current = yield* select(selectVerification);
  // StrictMode runs the page's effect twice, and a revisit opens it again: each token is sent once.
  if (current.token === token) return;
  yield* put(emailVerificationStarted({ token }));
  try {
    yield* call(accountApi.verifyEmail, token);
  } catch (error) {
    yield* put(emailVerificationFailed({ token, message: errorText(error, ACCOUNT_FEEDBACK.verifyFailed) }));
    yield* put(
      toastShown({
        title: ACCOUNT_FEEDBACK.verifyFailedToast,
        description: ACCOUNT_FEEDBACK.verifyFailedToastDescription,
        variant: 'destructive',
      }),
    );
    return;
  }
  yield* put(emailVerified({ token }));
  yield* put(toastShown({ title: ACCOUNT_FEEDBACK.verified, variant: 'success' }));
  const accessToken = yield* select(selectAccessToken);
  if (accessToken) yield* put(userRefreshRequested({ force: true }));
}

/** The settings page wants the signed-in user; the auth saga loads it, this one reports a failure. */
export function* loadProfile() {
  yield* put(userRefreshRequested());
  let status = yield* select(selectUserStatus);
  if (status === 'loading') {
    const { failed, closed } = yield* race({
      loaded: take(userLoaded),
      failed: take(userLoadFailed),
      closed: take(accountSettingsClosed),
    });
    if (closed) return;
    status = failed ? 'failed' : 'loaded';
  }
  if (status === 'failed') {
    yield* put(toastShown({ title: ACCOUNT_FEEDBACK.profileLoadFailed, variant: 'destructive' }));
  }
}

export function* saveProfile(action: PayloadAction<UpdateProfileBody>) {
  let user: UserProfile;
  try {
    const token = yield* call(requireAccessToken);
    user = yield* call(accountApi.updateProfile, token, action.payload);
  } catch (error) {
    yield* put(profileSaveFailed({ message: errorText(error, ACCOUNT_FEEDBACK.profileSaveFailed) }));
    yield* put(
      toastShown({
        title: ACCOUNT_FEEDBACK.profileSaveFailed,
        description: detailBeyond(ACCOUNT_FEEDBACK.profileSaveFailed, error),
        variant: 'destructive',
      }),
    );
    return;
  }
  const fetchedAt = yield* call(Date.now);
  yield* put(userLoaded({ user, fetchedAt }));
  yield* put(profileSaved());
  yield* put(toastShown({ title: ACCOUNT_FEEDBACK.profileSaved, variant: 'success' }));
}

export function* changePassword(action: PayloadAction<ChangePasswordBody>) {
  try {
    const token = yield* call(requireAccessToken);
    yield* call(accountApi.changePassword, token, action.payload);
  } catch (error) {
    const field = error instanceof ApiError ? error.field : undefined;
    yield* put(passwordChangeFailed({ message: errorText(error, ACCOUNT_FEEDBACK.passwordChangeFailed), field }));
    return;
  }
  yield* put(passwordChanged());
  yield* put(toastShown({ title: ACCOUNT_FEEDBACK.passwordChanged, variant: 'success' }));
}

export function* deleteAccount() {
  try {
    const token = yield* call(requireAccessToken);
    yield* call(accountApi.deleteAccount, token);
  } catch (error) {
    yield* put(accountDeletionFailed({ message: errorText(error, ACCOUNT_FEEDBACK.deleteFailed) }));
    yield* put(
      toastShown({
        title: ACCOUNT_FEEDBACK.deleteFailed,
        description: detailBeyond(ACCOUNT_FEEDBACK.deleteFailed, error),
        variant: 'destructive',
      }),
    );
    return;
  }
  yield* put(accountDeleted());
  yield* put(toastShown({ title: ACCOUNT_FEEDBACK.accountDeleted, variant: 'success' }));
  // SPEC.md §4: deleting the account is followed by logout (the auth saga clears storage, goes to /login).
  yield* put(logoutRequested());
}

/** Effects of the account flows (src/features/account/slice.ts). */
export function* watchAccount() {
  yield* takeLeading(passwordResetRequested, safely(requestPasswordReset));
  yield* takeLeading(passwordResetSubmitted, safely(confirmPasswordReset));
  yield* takeEvery(verifyEmailPageOpened, safely(verifyEmail));
  yield* takeLatest(accountSettingsOpened, safely(loadProfile));
  yield* takeLeading(profileSubmitted, safely(saveProfile));
  yield* takeLeading(passwordChangeSubmitted, safely(changePassword));
  yield* takeLeading(accountDeletionConfirmed, safely(deleteAccount));
}
