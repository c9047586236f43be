import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import { VALIDATION } from '../../../../contract/messages';
import { accountApi } from '../../../../src/api/account';
import { ApiError } from '../../../../src/api/client';
import {
  accountDeleted,
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
  verifyEmailPageOpened,
} from '../../../../src/features/account/slice';
import {
  logoutRequested,
  userLoadFailed,
  userLoaded,
  userRefreshRequested,
  type AuthState,
} from '../../../../src/features/auth/slice';
import { toastShown, type ToastInput } from '../../../../src/features/toasts/slice';
import {
  changePassword,
  confirmPasswordReset,
  deleteAccount,
  loadProfile,
  requestPasswordReset,
  saveProfile,
  verifyEmail,
  watchAccount,
} from '../../../../src/features/account/saga';
import type { RootState } from '../../../../src/store';
import { testReducer } from '../../support/store';
import { aUser } from '../../support/users';

const user = aUser({ is_verified: false });

function stateWith(auth: Partial<AuthState> = {}): RootState {
  const initial = testReducer(undefined, { type: '@@INIT' });
  return { ...initial, auth: { ...initial.auth, status: 'authenticated', accessToken: 'token', ...auth } };
}

const signedOut = () => stateWith({ status: 'anonymous', accessToken: null });

/** toastShown adds a random id; compare what a person sees. */
const toast = ({ variant = 'default', ...rest }: ToastInput) => ({
  action: { type: toastShown.type, payload: { variant, ...rest } },
});

const networkDown = new TypeError('Failed to fetch');

describe('account sagas', () => {
  describe('requestPasswordReset', () => {
    const event = passwordResetRequested({ email: 'ada@example.com' });

    it('reports the mail as sent', () =>
      expectSaga(requestPasswordReset, event)
        .provide([[matchers.call.fn(accountApi.requestPasswordReset), { message: 'ok' }]])
        .call(accountApi.requestPasswordReset, 'ada@example.com')
        .put(passwordResetEmailSent())
        .put.like(toast({ title: 'Password reset email sent', variant: 'success' }))
        .run());

    it("shows the server's message on failure", () =>
      expectSaga(requestPasswordReset, event)
        .provide([
          [matchers.call.fn(accountApi.requestPasswordReset), throwError(new ApiError('Too many requests', 429))],
        ])
        .put(passwordResetRequestFailed({ message: 'Too many requests' }))
        .put.like(toast({ title: 'Error', description: 'Too many requests', variant: 'destructive' }))
        .not.put(passwordResetEmailSent())
        .run());

    it('falls back to a general message when the request never reached the server', () =>
      expectSaga(requestPasswordReset, event)
        .provide([[matchers.call.fn(accountApi.requestPasswordReset), throwError(networkDown)]])
        .put.like(toast({ title: 'Error', description: 'An unexpected error occurred.', variant: 'destructive' }))
        .run());
  });

  describe('confirmPasswordReset', () => {
    const event = passwordResetSubmitted({ token: 'reset-token', newPassword: 'new-password' });

    it('reports success', () =>
      expectSaga(confirmPasswordReset, event)
        .provide([[matchers.call.fn(accountApi.confirmPasswordReset), { message: 'ok' }]])
        .call(accountApi.confirmPasswordReset, { token: 'reset-token', newPassword: 'new-password' })
        .put(passwordResetSucceeded())
        .put.like(toast({ title: 'Password reset successful', variant: 'success' }))
        .run());

    it("shows the server's message on failure", () => {
      const expired = new ApiError('This password reset link is invalid or has expired.', 400);
      return expectSaga(confirmPasswordReset, event)
        .provide([[matchers.call.fn(accountApi.confirmPasswordReset), throwError(expired)]])
        .put(passwordResetFailed({ message: expired.message, field: undefined }))
        .put.like(toast({ title: 'Error', description: expired.message, variant: 'destructive' }))
        .run();
    });

    it('keeps the field the server blamed', () => {
      const tooCommon = new ApiError(VALIDATION.passwordTooCommon, 422, 'validation_failed', 'newPassword');
      return expectSaga(confirmPasswordReset, event)
        .provide([[matchers.call.fn(accountApi.confirmPasswordReset), throwError(tooCommon)]])
        .put(passwordResetFailed({ message: VALIDATION.passwordTooCommon, field: 'newPassword' }))
        .put.like(toast({ title: 'Error', description: VALIDATION.passwordTooCommon, variant: 'destructive' }))
        .run();
    });

    it('falls back to a general message on a network failure', () =>
      expectSaga(confirmPasswordReset, event)
        .provide([[matchers.call.fn(accountApi.confirmPasswordReset), throwError(networkDown)]])
        .put(passwordResetFailed({ message: 'An unexpected error occurred.', field: undefined }))
        .run());

    it('does not call the server without a token', () =>
      expectSaga(confirmPasswordReset, passwordResetSubmitted({ token: '', newPassword: 'new-password' }))
        .provide([[matchers.call.fn(accountApi.confirmPasswordReset), { message: 'ok' }]])
        .not.call.fn(accountApi.confirmPasswordReset)
        .put(passwordResetFailed({ message: 'Invalid or missing password reset token.', field: undefined }))
        .put.like(
          toast({ title: 'Error', description: 'Invalid or missing password reset token.', variant: 'destructive' }),
        )
        .run());
  });

  describe('verifyEmail', () => {
    const event = verifyEmailPageOpened({ token: 'verify-token' });

    it('verifies, says so, and refreshes the signed-in user', async () => {
      const { storeState } = await expectSaga(verifyEmail, event)
        .withReducer(testReducer, stateWith())
        .provide([[matchers.call.fn(accountApi.verifyEmail), { message: 'ok' }]])
        .put(emailVerificationStarted({ token: 'verify-token' }))
        .call(accountApi.verifyEmail, 'verify-token')
        .put(emailVerified({ token: 'verify-token' }))
        .put.like(toast({ title: 'Email verified successfully!', variant: 'success' }))
        .put(userRefreshRequested({ force: true }))
        .run();
      expect((storeState as RootState).account.verification).toEqual({
        status: 'success',
        token: 'verify-token',
        error: null,
      });
    });

    it('does not ask for the user when nobody is signed in', () =>
      expectSaga(verifyEmail, event)
        .withReducer(testReducer, signedOut())
        .provide([[matchers.call.fn(accountApi.verifyEmail), { message: 'ok' }]])
        .put(emailVerified({ token: 'verify-token' }))
        .not.put(userRefreshRequested({ force: true }))
        .run());

    it("keeps the server's reason and shows the failure toast", () =>
      expectSaga(verifyEmail, event)
        .withReducer(testReducer, signedOut())
        .provide([[matchers.call.fn(accountApi.verifyEmail), throwError(new ApiError('Link expired.', 400))]])
        .put(emailVerificationFailed({ token: 'verify-token', message: 'Link expired.' }))
        .put.like(
          toast({
            title: 'Verification failed',
            description: 'Please try again or contact support.',
            variant: 'destructive',
          }),
        )
        .not.put.actionType(userRefreshRequested.type)
        .run());

    it('falls back to the expired-link reason when the server gave none', () =>
      expectSaga(verifyEmail, event)
        .withReducer(testReducer, signedOut())
        .provide([[matchers.call.fn(accountApi.verifyEmail), throwError(networkDown)]])
        .put(
          emailVerificationFailed({
            token: 'verify-token',
            message: 'Failed to verify email. The link may be expired or invalid.',
          }),
        )
        .run());

    it('does nothing when the page has no token', () =>
      expectSaga(verifyEmail, verifyEmailPageOpened({ token: null }))
        .withReducer(testReducer, signedOut())
        .not.call.fn(accountApi.verifyEmail)
        .not.put.actionType(emailVerificationStarted.type)
        .run());

    it('sends a token once even when the page opens twice (StrictMode)', async () => {
      const { effects } = await expectSaga(watchAccount)
        .withReducer(testReducer, signedOut())
        .provide([[matchers.call.fn(accountApi.verifyEmail), { message: 'ok' }]])
        .dispatch(event)
        .dispatch(event)
        .silentRun(50);
      expect(effects.call.filter((effect) => effect.payload.fn === accountApi.verifyEmail)).toHaveLength(1);
    });
  });

  describe('loadProfile', () => {
    it('asks for the user and stays quiet when it is already loaded', () =>
      expectSaga(loadProfile)
        .withReducer(testReducer, stateWith({ user, userStatus: 'loaded', userFetchedAt: 1 }))
        .put(userRefreshRequested())
        .not.put.actionType(toastShown.type)
        .run());

    it('says so when loading the user fails', () =>
      expectSaga(loadProfile)
        .withReducer(testReducer, stateWith())
        .dispatch(userLoadFailed({ message: 'Failed to fetch user' }))
        .put.like(toast({ title: 'Failed to fetch user profile.', variant: 'destructive' }))
        .run());

    it('stays quiet when the user arrives', () =>
      expectSaga(loadProfile)
        .withReducer(testReducer, stateWith())
        .dispatch(userLoaded({ user, fetchedAt: 1 }))
        .not.put.actionType(toastShown.type)
        .run());

    it('stops waiting once the page is left', () =>
      expectSaga(loadProfile)
        .withReducer(testReducer, stateWith())
        .dispatch(accountSettingsClosed())
        .dispatch(userLoadFailed({ message: 'Failed to fetch user' }))
        .not.put.actionType(toastShown.type)
        .run());

    it('runs again each time the page opens', async () => {
      const { effects } = await expectSaga(watchAccount)
        .withReducer(testReducer, stateWith({ user, userStatus: 'loaded', userFetchedAt: 1 }))
        .dispatch(accountSettingsOpened())
        .dispatch(accountSettingsOpened())
        .silentRun(50);
      const refreshes = effects.put.filter((effect) => effect.payload.action.type === userRefreshRequested.type);
      expect(refreshes).toHaveLength(2);
    });
  });

  describe('saveProfile', () => {
    const changes = { first_name: 'Ada', last_name: 'Byron', display_name: 'Countess', bio: null };
    const event = profileSubmitted(changes);

    it('saves, updates the cached user and says so', () => {
      const saved = { ...user, ...changes };
      return expectSaga(saveProfile, event)
        .withState(stateWith())
        .provide([
          [matchers.call.fn(accountApi.updateProfile), saved],
          [matchers.call.fn(Date.now), 1234],
        ])
        .call(accountApi.updateProfile, 'token', changes)
        .put(userLoaded({ user: saved, fetchedAt: 1234 }))
        .put(profileSaved())
        .put.like(toast({ title: 'Profile updated successfully.', variant: 'success' }))
        .run();
    });

    it('says the update failed', () =>
      expectSaga(saveProfile, event)
        .withState(stateWith())
        .provide([[matchers.call.fn(accountApi.updateProfile), throwError(networkDown)]])
        .put(profileSaveFailed({ message: 'Failed to update profile.' }))
        .put.like(toast({ title: 'Failed to update profile.', variant: 'destructive' }))
        .not.put.actionType(userLoaded.type)
        .run());

    it('fails without calling the server when nobody is signed in', () =>
      expectSaga(saveProfile, event)
        .withState(signedOut())
        .not.call.fn(accountApi.updateProfile)
        .put.actionType(profileSaveFailed.type)
        .run());
  });

  describe('changePassword', () => {
    const body = { currentPassword: 'old-password', newPassword: 'new-password' };
    const event = passwordChangeSubmitted(body);

    it('changes the password and says so', () =>
      expectSaga(changePassword, event)
        .withState(stateWith())
        .provide([[matchers.call.fn(accountApi.changePassword), { message: 'ok' }]])
        .call(accountApi.changePassword, 'token', body)
        .put(passwordChanged())
        .put.like(toast({ title: 'Password changed successfully.', variant: 'success' }))
        .run());

    it('keeps the field the server blamed', () =>
      expectSaga(changePassword, event)
        .withState(stateWith())
        .provide([
          [
            matchers.call.fn(accountApi.changePassword),
            throwError(new ApiError(VALIDATION.currentPasswordWrong, 400, 'VALIDATION', 'currentPassword')),
          ],
        ])
        .put(passwordChangeFailed({ message: 'Current password is incorrect.', field: 'currentPassword' }))
        .not.put(passwordChanged())
        .run());

    it('falls back to a general message', () =>
      expectSaga(changePassword, event)
        .withState(stateWith())
        .provide([[matchers.call.fn(accountApi.changePassword), throwError(networkDown)]])
        .put(passwordChangeFailed({ message: 'Failed to change password.', field: undefined }))
        .run());
  });

  describe('deleteAccount', () => {
    it('deletes, says so, then logs out', () =>
      expectSaga(deleteAccount)
        .withState(stateWith())
        .provide([[matchers.call.fn(accountApi.deleteAccount), { message: 'ok' }]])
        .call(accountApi.deleteAccount, 'token')
        .put(accountDeleted())
        .put.like(toast({ title: 'Account Deleted', variant: 'success' }))
        .put(logoutRequested())
        .run());

    it('says the deletion failed and stays signed in', () =>
      expectSaga(deleteAccount)
        .withState(stateWith())
        .provide([[matchers.call.fn(accountApi.deleteAccount), throwError(networkDown)]])
        .put(accountDeletionFailed({ message: 'Failed to delete account.' }))
        .put.like(toast({ title: 'Failed to delete account.', variant: 'destructive' }))
        .not.put(logoutRequested())
        .run());
  });
});
