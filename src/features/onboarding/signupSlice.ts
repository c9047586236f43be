import { createSlice, isAnyOf, type PayloadAction } from '@reduxjs/toolkit';
import { loggedOut } from '../auth/slice';
import { onboardingClosed } from './slice';
import type { SignupAccount } from './embeddedSignup';

/**
 * SPEC.md §4 (Connect flow): the button is disabled until the SDK is ready; an attempt is in progress
 * until it succeeds or fails; a failed attempt may be tried again.
 */
export type SignupStatus = 'not_ready' | 'ready' | 'in_progress' | 'succeeded' | 'failed';

export interface SignupState {
  status: SignupStatus;
  /** The reason of the last failure, shown in the step's error alert. */
  error: string | null;
  /** What the popup's FINISH message said (SPEC.md §3 Connection data); the code never enters the store. */
  account: SignupAccount | null;
}

const initialState: SignupState = { status: 'not_ready', error: null, account: null };

const signupSlice = createSlice({
  name: 'signup',
  initialState,
  reducers: {
    signupSdkLoaded(state) {
      if (state.status === 'not_ready') state.status = 'ready';
    },
    signupSdkFailed(state, action: PayloadAction<{ reason: string }>) {
      if (state.status === 'not_ready') return { status: 'failed', error: action.payload.reason, account: null };
    },
    connectClicked(state) {
      if (state.status === 'ready' || state.status === 'failed') {
        return { status: 'in_progress', error: null, account: null };
      }
    },
    signupFinished(state, action: PayloadAction<SignupAccount>) {
      if (state.status === 'in_progress') state.account = action.payload;
    },
    whatsappConnected(state) {
      if (state.status === 'in_progress') state.status = 'succeeded';
    },
    signupFailed(state, action: PayloadAction<{ reason: string }>) {
      if (state.status === 'in_progress') {
        state.status = 'failed';
        state.error = action.payload.reason;
      }
    },
  },
  extraReducers: (builder) => {
    builder.addMatcher(isAnyOf(onboardingClosed, loggedOut), () => initialState);
  },
  selectors: {
    selectSignupStatus: (state) => state.status,
    selectSignupError: (state) => state.error,
  },
});

export const { signupSdkLoaded, signupSdkFailed, connectClicked, signupFinished, whatsappConnected, signupFailed } =
  signupSlice.actions;
export const { selectSignupStatus, selectSignupError } = signupSlice.selectors;
export default signupSlice;
