import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ChangePasswordBody, ResetConfirmBody, UpdateProfileBody } from '../../../contract';
import { VALIDATION } from '../../../contract/messages';
import { loggedOut } from '../auth/slice';

/**
 * Account flows, one state machine each: password reset request and confirm, the email verification
 * page, the profile form, the password change and account deletion (resending the verification mail
 * is the session's: src/features/auth/verificationResend.ts).
 * A result that arrives in the wrong state (late, or after the flow was left) is ignored.
 */
export type ResetRequestStatus = 'idle' | 'sending' | 'sent';
export type ResetConfirmStatus = 'idle' | 'submitting' | 'success' | 'failed';
/** `idle` until the page names a token; the page shows `idle` like `loading`. */
export type VerificationStatus = 'idle' | 'loading' | 'success' | 'error';
export type ProfileSaveStatus = 'idle' | 'saving' | 'saved' | 'failed';
export type PasswordChangeStatus = 'idle' | 'submitting' | 'succeeded' | 'failed';
export type DeletionStatus = 'idle' | 'confirming' | 'deleting' | 'deleted' | 'failed';

export interface ResetConfirmState {
  status: ResetConfirmStatus;
  error: string | null;
  /** The input the server blamed, when it named one. */
  field: string | null;
}

export interface VerificationState {
  status: VerificationStatus;
  /** The token being (or last) verified: each token is sent to the server once. */
  token: string | null;
  error: string | null;
}

export interface ProfileSaveState {
  status: ProfileSaveStatus;
  error: string | null;
}

export interface PasswordChangeState {
  status: PasswordChangeStatus;
  error: string | null;
  /** The input the server blamed, when it named one. */
  field: string | null;
}

export interface DeletionState {
  status: DeletionStatus;
  error: string | null;
}

export interface AccountState {
  resetRequest: { status: ResetRequestStatus };
  resetConfirm: ResetConfirmState;
  verification: VerificationState;
  profileSave: ProfileSaveState;
  passwordChange: PasswordChangeState;
  deletion: DeletionState;
}

export const initialAccountState: AccountState = {
  resetRequest: { status: 'idle' },
  resetConfirm: { status: 'idle', error: null, field: null },
  verification: { status: 'idle', token: null, error: null },
  profileSave: { status: 'idle', error: null },
  passwordChange: { status: 'idle', error: null, field: null },
  deletion: { status: 'idle', error: null },
};

interface FailurePayload {
  message: string;
}

const accountSlice = createSlice({
  name: 'account',
  initialState: initialAccountState,
  reducers: {
    forgotPasswordPageOpened(state) {
      if (state.resetRequest.status === 'sent') state.resetRequest.status = 'idle';
    },
    passwordResetRequested(state, _action: PayloadAction<{ email: string }>) {
      if (state.resetRequest.status === 'idle') state.resetRequest.status = 'sending';
    },
    passwordResetEmailSent(state) {
      if (state.resetRequest.status === 'sending') state.resetRequest.status = 'sent';
    },
    passwordResetRequestFailed(state, _action: PayloadAction<FailurePayload>) {
      if (state.resetRequest.status === 'sending') state.resetRequest.status = 'idle';
    },

    resetPasswordPageOpened(state) {
      if (state.resetConfirm.status !== 'submitting') state.resetConfirm = initialAccountState.resetConfirm;
    },
    passwordResetSubmitted(state, _action: PayloadAction<ResetConfirmBody>) {
      if (state.resetConfirm.status === 'submitting' || state.resetConfirm.status === 'success') return;
      state.resetConfirm = { status: 'submitting', error: null, field: null };
    },
    passwordResetSucceeded(state) {
      if (state.resetConfirm.status === 'submitting') {
        state.resetConfirm = { status: 'success', error: null, field: null };
      }
    },
    passwordResetFailed(state, action: PayloadAction<FailurePayload & { field?: string }>) {
      if (state.resetConfirm.status === 'submitting') {
        state.resetConfirm = { status: 'failed', error: action.payload.message, field: action.payload.field ?? null };
      }
    },

    /** The verify page opened with the token of its query string (null when there is none). */
    verifyEmailPageOpened(state, action: PayloadAction<{ token: string | null }>) {
      if (!action.payload.token)
        state.verification = { status: 'error', token: null, error: VALIDATION.verifyTokenMissing };
    },
    emailVerificationStarted(state, action: PayloadAction<{ token: string }>) {
      state.verification = { status: 'loading', token: action.payload.token, error: null };
    },
    emailVerified(state, action: PayloadAction<{ token: string }>) {
      const { verification } = state;
      if (verification.status !== 'loading' || verification.token !== action.payload.token) return;
      state.verification = { ...verification, status: 'success' };
    },
    emailVerificationFailed(state, action: PayloadAction<{ token: string; message: string }>) {
      const { verification } = state;
      if (verification.status !== 'loading' || verification.token !== action.payload.token) return;
      state.verification = { ...verification, status: 'error', error: action.payload.message };
    },

    accountSettingsOpened() {},
    accountSettingsClosed() {},

    profileSubmitted(state, _action: PayloadAction<UpdateProfileBody>) {
      if (state.profileSave.status !== 'saving') state.profileSave = { status: 'saving', error: null };
    },
    profileSaved(state) {
      if (state.profileSave.status === 'saving') state.profileSave = { status: 'saved', error: null };
    },
    profileSaveFailed(state, action: PayloadAction<FailurePayload>) {
      if (state.profileSave.status === 'saving') {
        state.profileSave = { status: 'failed', error: action.payload.message };
      }
    },

    passwordChangeSubmitted(state, _action: PayloadAction<ChangePasswordBody>) {
      if (state.passwordChange.status !== 'submitting') {
        state.passwordChange = { status: 'submitting', error: null, field: null };
      }
    },
    passwordChanged(state) {
      if (state.passwordChange.status === 'submitting') {
        state.passwordChange = { status: 'succeeded', error: null, field: null };
      }
    },
    passwordChangeFailed(state, action: PayloadAction<FailurePayload & { field?: string }>) {
      if (state.passwordChange.status === 'submitting') {
        state.passwordChange = { status: 'failed', error: action.payload.message, field: action.payload.field ?? null };
      }
    },

    accountDeletionStarted(state) {
      if (state.deletion.status === 'idle') state.deletion = { status: 'confirming', error: null };
    },
    accountDeletionCancelled(state) {
      if (state.deletion.status === 'confirming' || state.deletion.status === 'failed') {
        state.deletion = { status: 'idle', error: null };
      }
    },
    accountDeletionConfirmed(state) {
      if (state.deletion.status === 'confirming' || state.deletion.status === 'failed') {
        state.deletion = { status: 'deleting', error: null };
      }
    },
    accountDeleted(state) {
      if (state.deletion.status === 'deleting') state.deletion = { status: 'deleted', error: null };
    },
    accountDeletionFailed(state, action: PayloadAction<FailurePayload>) {
      if (state.deletion.status === 'deleting') state.deletion = { status: 'failed', error: action.payload.message };
    },
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, () => initialAccountState);
  },
  selectors: {
    selectResetRequestStatus: (state) => state.resetRequest.status,
    selectResetConfirm: (state) => state.resetConfirm,
    selectVerification: (state) => state.verification,
    selectProfileSave: (state) => state.profileSave,
    selectPasswordChange: (state) => state.passwordChange,
    selectDeletion: (state) => state.deletion,
  },
});

export const {
  forgotPasswordPageOpened,
  passwordResetRequested,
  passwordResetEmailSent,
  passwordResetRequestFailed,
  resetPasswordPageOpened,
  passwordResetSubmitted,
  passwordResetSucceeded,
  passwordResetFailed,
  verifyEmailPageOpened,
  emailVerificationStarted,
  emailVerified,
  emailVerificationFailed,
  accountSettingsOpened,
  accountSettingsClosed,
  profileSubmitted,
  profileSaved,
  profileSaveFailed,
  passwordChangeSubmitted,
  passwordChanged,
  passwordChangeFailed,
  accountDeletionStarted,
  accountDeletionCancelled,
  accountDeletionConfirmed,
  accountDeleted,
  accountDeletionFailed,
} = accountSlice.actions;
export const {
  selectResetRequestStatus,
  selectResetConfirm,
  selectVerification,
  selectProfileSave,
  selectPasswordChange,
  selectDeletion,
} = accountSlice.selectors;
export default accountSlice;
