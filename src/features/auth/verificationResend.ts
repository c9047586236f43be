import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { call, put, takeLeading } from 'typed-redux-saga';
import { accountApi } from '../../api/account';
import { errorText } from '../../api/client';
import { safely } from '../../store/safely';
import { toastShown } from '../toasts/slice';
import { loggedOut } from './slice';

/*
 * Resending the verification mail: asked from the dashboard's and the agent page's banners and the
 * account settings' tab, so it lives with the session; the shell, which every signed-in page has, loads its
 * slice and watcher (src/features/shell/feature.ts), so the landing page's script does without them.
 */

export type ResendStatus = 'idle' | 'sending' | 'sent' | 'failed';

export interface ResendState {
  status: ResendStatus;
  error: string | null;
}

const initialState: ResendState = { status: 'idle', error: null };

/** SPEC.md §8's texts for the resend. */
export const RESEND_TEXTS = {
  sent: 'Verification email sent',
  sentDescription: 'Please check your inbox and spam folder.',
  failed: 'Failed to send verification email',
  failedDescription: 'Please try again later.',
} as const;

const verificationResendSlice = createSlice({
  name: 'verificationResend',
  initialState,
  reducers: {
    /** Dispatched by the verification prompts (dashboard banner, agent page, settings tab). */
    verificationResendRequested(state, _action: PayloadAction<{ email: string }>) {
      if (state.status !== 'sending') return { status: 'sending', error: null };
    },
    verificationEmailResent(state) {
      if (state.status === 'sending') return { status: 'sent', error: null };
    },
    verificationResendFailed(state, action: PayloadAction<{ message: string }>) {
      if (state.status === 'sending') return { status: 'failed', error: action.payload.message };
    },
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, () => initialState);
  },
});

export const { verificationResendRequested, verificationEmailResent, verificationResendFailed } =
  verificationResendSlice.actions;

export const selectResend = (state: { verificationResend: ResendState }) => state.verificationResend;

export function* resendVerification(action: PayloadAction<{ email: string }>) {
  try {
    yield* call(accountApi.resendVerification, action.payload.email);
  } catch (error) {
    yield* put(verificationResendFailed({ message: errorText(error, RESEND_TEXTS.failed) }));
    yield* put(
      toastShown({ title: RESEND_TEXTS.failed, description: RESEND_TEXTS.failedDescription, variant: 'destructive' }),
    );
    return;
  }
  yield* put(verificationEmailResent());
  yield* put(toastShown({ title: RESEND_TEXTS.sent, description: RESEND_TEXTS.sentDescription, variant: 'success' }));
}

export function* watchVerificationResend() {
  yield* takeLeading(verificationResendRequested, safely(resendVerification));
}

export default verificationResendSlice;
