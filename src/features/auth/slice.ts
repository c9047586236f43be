import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { RegisterBody, UserProfile } from '../../../contract';

export type AuthStatus = 'loading' | 'authenticated' | 'anonymous';
export type FormStatus = 'idle' | 'submitting' | 'failed';

export interface FormState {
  status: FormStatus;
  error: string | null;
  /** The input the server blamed, when it named one. */
  field: string | null;
}

export interface AuthState {
  status: AuthStatus;
  accessToken: string | null;
  user: UserProfile | null;
  /** When the cached user was fetched (ms since epoch); SPEC.md §9 keeps it fresh for 5 minutes. */
  userFetchedAt: number | null;
  userStatus: 'idle' | 'loading' | 'loaded' | 'failed';
  login: FormState;
  register: FormState;
}

export interface LoginSubmission {
  emailOrUsername: string;
  password: string;
  rememberMe: boolean;
}

const idleForm: FormState = { status: 'idle', error: null, field: null };

const initialState: AuthState = {
  status: 'loading',
  accessToken: null,
  user: null,
  userFetchedAt: null,
  userStatus: 'idle',
  login: idleForm,
  register: idleForm,
};

const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    sessionRestored(state, action: PayloadAction<{ accessToken: string | null }>) {
      if (state.status !== 'loading') return;
      state.accessToken = action.payload.accessToken;
      state.status = action.payload.accessToken ? 'authenticated' : 'anonymous';
    },
    loginSubmitted(state, _action: PayloadAction<LoginSubmission>) {
      state.login = { status: 'submitting', error: null, field: null };
    },
    loginSucceeded(state, action: PayloadAction<{ accessToken: string }>) {
      state.login = idleForm;
      state.status = 'authenticated';
      state.accessToken = action.payload.accessToken;
    },
    loginFailed(state, action: PayloadAction<{ message: string; field?: string }>) {
      if (state.login.status !== 'submitting') return;
      state.login = { status: 'failed', error: action.payload.message, field: action.payload.field ?? null };
    },
    registerSubmitted(state, _action: PayloadAction<RegisterBody>) {
      state.register = { status: 'submitting', error: null, field: null };
    },
    registerSucceeded(state, action: PayloadAction<{ accessToken: string }>) {
      state.register = idleForm;
      state.status = 'authenticated';
      state.accessToken = action.payload.accessToken;
    },
    registerFailed(state, action: PayloadAction<{ message: string; field?: string }>) {
      if (state.register.status !== 'submitting') return;
      state.register = { status: 'failed', error: action.payload.message, field: action.payload.field ?? null };
    },
    /** Ask for the signed-in user; `force` skips the 5-minute freshness window. */
    userRefreshRequested(state, _action: PayloadAction<{ force?: boolean } | undefined>) {
      if (state.status === 'authenticated' && state.userStatus !== 'loaded') state.userStatus = 'loading';
    },
    userLoaded(state, action: PayloadAction<{ user: UserProfile; fetchedAt: number }>) {
      if (state.status !== 'authenticated') return;
      state.user = action.payload.user;
      state.userFetchedAt = action.payload.fetchedAt;
      state.userStatus = 'loaded';
    },
    userLoadFailed(state, _action: PayloadAction<{ message: string }>) {
      if (state.userStatus === 'loading') state.userStatus = 'failed';
    },
    /**
     * The signed-in user is known fresh (loaded now, or cached within its window): the connection
     * status that goes with it is checked next (src/features/connection/saga.ts), forced when this was.
     */
    userConfirmed(_state, _action: PayloadAction<{ force: boolean }>) {},
    logoutRequested() {},
    /** The session is over (logout, account deleted, token rejected): every cached datum goes. */
    loggedOut() {
      return { ...initialState, status: 'anonymous' as const };
    },
  },
  selectors: {
    selectAuthStatus: (state) => state.status,
    selectAccessToken: (state) => state.accessToken,
    selectCurrentUser: (state) => state.user,
    selectUserStatus: (state) => state.userStatus,
    selectUserFetchedAt: (state) => state.userFetchedAt,
    selectLoginForm: (state) => state.login,
    selectRegisterForm: (state) => state.register,
  },
});

export const {
  sessionRestored,
  loginSubmitted,
  loginSucceeded,
  loginFailed,
  registerSubmitted,
  registerSucceeded,
  registerFailed,
  userRefreshRequested,
  userLoaded,
  userLoadFailed,
  userConfirmed,
  logoutRequested,
  loggedOut,
} = authSlice.actions;
export const {
  selectAuthStatus,
  selectAccessToken,
  selectCurrentUser,
  selectUserStatus,
  selectUserFetchedAt,
  selectLoginForm,
  selectRegisterForm,
} = authSlice.selectors;
export default authSlice;
