import type { UnknownAction } from '@reduxjs/toolkit';
import { VALIDATION } from '../../../../contract/messages';
import accountSlice, {
  accountDeleted,
  accountDeletionCancelled,
  accountDeletionConfirmed,
  accountDeletionFailed,
  accountDeletionStarted,
  emailVerificationFailed,
  emailVerificationStarted,
  emailVerified,
  forgotPasswordPageOpened,
  initialAccountState,
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
  resetPasswordPageOpened,
  verifyEmailPageOpened,
  type AccountState,
} from '../../../../src/features/account/slice';
import { loggedOut } from '../../../../src/features/auth/slice';

const reduce = (events: UnknownAction[], from: AccountState = initialAccountState) =>
  events.reduce(accountSlice.reducer, from);

describe('account slice', () => {
  describe('password reset request', () => {
    it('goes idle → sending → sent', () => {
      const sending = reduce([passwordResetRequested({ email: 'a@b.co' })]);
      expect(sending.resetRequest.status).toBe('sending');
      expect(reduce([passwordResetEmailSent()], sending).resetRequest.status).toBe('sent');
    });

    it('returns to idle after a failure so that the user can try again', () => {
      const state = reduce([passwordResetRequested({ email: 'a@b.co' }), passwordResetRequestFailed({ message: 'x' })]);
      expect(state.resetRequest.status).toBe('idle');
    });

    it('stays sent when a second request or a late failure arrives', () => {
      const sent = reduce([passwordResetRequested({ email: 'a@b.co' }), passwordResetEmailSent()]);
      expect(reduce([passwordResetRequested({ email: 'c@d.co' })], sent).resetRequest.status).toBe('sent');
      expect(reduce([passwordResetRequestFailed({ message: 'late' })], sent).resetRequest.status).toBe('sent');
    });

    it('ignores a confirmation that arrives while idle', () => {
      expect(reduce([passwordResetEmailSent()]).resetRequest.status).toBe('idle');
    });

    it('starts again when the page is opened anew', () => {
      const sent = reduce([passwordResetRequested({ email: 'a@b.co' }), passwordResetEmailSent()]);
      expect(reduce([forgotPasswordPageOpened()], sent).resetRequest.status).toBe('idle');
    });
  });

  describe('password reset confirm', () => {
    const submitted = passwordResetSubmitted({ token: 't', newPassword: 'longenough' });

    it('goes idle → submitting → success', () => {
      expect(reduce([submitted]).resetConfirm).toEqual({ status: 'submitting', error: null, field: null });
      expect(reduce([submitted, passwordResetSucceeded()]).resetConfirm).toEqual({
        status: 'success',
        error: null,
        field: null,
      });
    });

    it('keeps the failure message and allows another try', () => {
      const failed = reduce([submitted, passwordResetFailed({ message: 'Link expired' })]);
      expect(failed.resetConfirm).toEqual({ status: 'failed', error: 'Link expired', field: null });
      expect(reduce([submitted], failed).resetConfirm).toEqual({ status: 'submitting', error: null, field: null });
    });

    it('keeps the field the server blamed until the next try', () => {
      const failed = reduce([submitted, passwordResetFailed({ message: 'Too common', field: 'newPassword' })]);
      expect(failed.resetConfirm).toEqual({ status: 'failed', error: 'Too common', field: 'newPassword' });
      expect(reduce([submitted], failed).resetConfirm.field).toBeNull();
    });

    it('ignores a late failure after success', () => {
      const state = reduce([submitted, passwordResetSucceeded(), passwordResetFailed({ message: 'late' })]);
      expect(state.resetConfirm.status).toBe('success');
    });

    it('does not leave a request under way when the page is reopened', () => {
      expect(reduce([submitted, resetPasswordPageOpened()]).resetConfirm.status).toBe('submitting');
      const failed = reduce([submitted, passwordResetFailed({ message: 'x' }), resetPasswordPageOpened()]);
      expect(failed.resetConfirm).toEqual({ status: 'idle', error: null, field: null });
    });
  });

  describe('email verification page', () => {
    it('fails at once without a token', () => {
      expect(reduce([verifyEmailPageOpened({ token: null })]).verification).toEqual({
        status: 'error',
        token: null,
        error: VALIDATION.verifyTokenMissing,
      });
    });

    it('leaves a token to the saga when the page opens with one', () => {
      expect(reduce([verifyEmailPageOpened({ token: 'abc' })]).verification.status).toBe('idle');
    });

    it('goes loading → success for the token under way', () => {
      const state = reduce([emailVerificationStarted({ token: 'abc' }), emailVerified({ token: 'abc' })]);
      expect(state.verification).toEqual({ status: 'success', token: 'abc', error: null });
    });

    it('goes loading → error with the reason', () => {
      const state = reduce([
        emailVerificationStarted({ token: 'abc' }),
        emailVerificationFailed({ token: 'abc', message: 'Expired' }),
      ]);
      expect(state.verification).toEqual({ status: 'error', token: 'abc', error: 'Expired' });
    });

    it('ignores a late answer for an older token', () => {
      const state = reduce([
        emailVerificationStarted({ token: 'old' }),
        emailVerificationStarted({ token: 'new' }),
        emailVerified({ token: 'old' }),
      ]);
      expect(state.verification).toEqual({ status: 'loading', token: 'new', error: null });
    });

    it('ignores a failure after success', () => {
      const state = reduce([
        emailVerificationStarted({ token: 'abc' }),
        emailVerified({ token: 'abc' }),
        emailVerificationFailed({ token: 'abc', message: 'late' }),
      ]);
      expect(state.verification.status).toBe('success');
    });
  });

  describe('profile save', () => {
    const submitted = profileSubmitted({ first_name: 'Ada', last_name: 'Lovelace', display_name: null, bio: null });

    it('goes idle → saving → saved', () => {
      expect(reduce([submitted]).profileSave.status).toBe('saving');
      expect(reduce([submitted, profileSaved()]).profileSave.status).toBe('saved');
    });

    it('goes saving → failed and ignores a late failure after saving', () => {
      expect(reduce([submitted, profileSaveFailed({ message: 'No' })]).profileSave).toEqual({
        status: 'failed',
        error: 'No',
      });
      expect(reduce([submitted, profileSaved(), profileSaveFailed({ message: 'late' })]).profileSave.status).toBe(
        'saved',
      );
    });
  });

  describe('password change', () => {
    const submitted = passwordChangeSubmitted({ currentPassword: 'old', newPassword: 'newpassword' });

    it('goes idle → submitting → succeeded', () => {
      expect(reduce([submitted]).passwordChange.status).toBe('submitting');
      expect(reduce([submitted, passwordChanged()]).passwordChange.status).toBe('succeeded');
    });

    it('keeps the field the server blamed', () => {
      const state = reduce([
        submitted,
        passwordChangeFailed({ message: VALIDATION.currentPasswordWrong, field: 'currentPassword' }),
      ]);
      expect(state.passwordChange).toEqual({
        status: 'failed',
        error: VALIDATION.currentPasswordWrong,
        field: 'currentPassword',
      });
    });

    it('clears the previous error on a new submission', () => {
      const failed = reduce([submitted, passwordChangeFailed({ message: 'x', field: 'currentPassword' })]);
      expect(reduce([submitted], failed).passwordChange).toEqual({ status: 'submitting', error: null, field: null });
    });

    it('ignores a result that arrives while idle', () => {
      expect(reduce([passwordChanged()]).passwordChange.status).toBe('idle');
    });
  });

  describe('account deletion', () => {
    it('goes idle → confirming → deleting → deleted', () => {
      const confirming = reduce([accountDeletionStarted()]);
      expect(confirming.deletion.status).toBe('confirming');
      const deleting = reduce([accountDeletionConfirmed()], confirming);
      expect(deleting.deletion.status).toBe('deleting');
      expect(reduce([accountDeleted()], deleting).deletion.status).toBe('deleted');
    });

    it('cannot be confirmed before the confirmation step', () => {
      expect(reduce([accountDeletionConfirmed()]).deletion.status).toBe('idle');
    });

    it('goes back to idle on cancel', () => {
      expect(reduce([accountDeletionStarted(), accountDeletionCancelled()]).deletion.status).toBe('idle');
    });

    it('can be retried or cancelled after a failure', () => {
      const failed = reduce([
        accountDeletionStarted(),
        accountDeletionConfirmed(),
        accountDeletionFailed({ message: 'Failed to delete account.' }),
      ]);
      expect(failed.deletion).toEqual({ status: 'failed', error: 'Failed to delete account.' });
      expect(reduce([accountDeletionConfirmed()], failed).deletion.status).toBe('deleting');
      expect(reduce([accountDeletionCancelled()], failed).deletion.status).toBe('idle');
    });

    it('cannot be cancelled while the deletion is under way', () => {
      const state = reduce([accountDeletionStarted(), accountDeletionConfirmed(), accountDeletionCancelled()]);
      expect(state.deletion.status).toBe('deleting');
    });
  });

  it('resets every flow when the session ends', () => {
    const busy = reduce([
      passwordResetRequested({ email: 'a@b.co' }),
      emailVerificationStarted({ token: 'abc' }),
      accountDeletionStarted(),
      accountDeletionConfirmed(),
      accountDeleted(),
    ]);
    expect(reduce([loggedOut()], busy)).toEqual(initialAccountState);
  });
});
