import { createSlice, isAnyOf, type PayloadAction } from '@reduxjs/toolkit';
import { loggedOut, loginSucceeded, registerSucceeded } from '../auth/slice';

/** Whether the owner's WhatsApp number is connected, as far as the last check knows. */
export type ConnectionStatus = 'loading' | 'connected' | 'disconnected' | 'error';

export interface ConnectionState {
  status: ConnectionStatus;
  /** When the last successful check answered (ms since epoch); SPEC.md §9 keeps it fresh for 2 minutes. */
  fetchedAt: number | null;
  /** A check is under way; an answer that arrives while none is (the session ended meanwhile) is ignored. */
  checking: boolean;
  /** The server runs the WhatsApp sandbox instead of Meta (the header shows a 'Sandbox' chip). */
  sandbox: boolean;
}

const initialState: ConnectionState = { status: 'loading', fetchedAt: null, checking: false, sandbox: false };

const connectionSlice = createSlice({
  name: 'connection',
  initialState,
  reducers: {
    /** The landing page was opened: it checks with the stored token if there is one, else anonymously. */
    landingOpened() {},
    /** Ask for the signed-in owner's status; `force` skips the 2-minute freshness window. */
    connectionRefreshRequested(_state, _action: PayloadAction<{ force?: boolean } | undefined>) {},
    connectionCheckStarted(state) {
      state.checking = true;
      // A known status stays on screen while it is re-checked; only the first check shows as loading.
      if (state.fetchedAt === null) state.status = 'loading';
    },
    connectionChecked(state, action: PayloadAction<{ connected: boolean; checkedAt: number }>) {
      if (!state.checking) return;
      state.checking = false;
      state.status = action.payload.connected ? 'connected' : 'disconnected';
      state.fetchedAt = action.payload.checkedAt;
    },
    /** The status answer said whether the sandbox stands in for Meta. */
    sandboxModeReported(state, action: PayloadAction<{ sandbox: boolean }>) {
      state.sandbox = action.payload.sandbox;
    },
    connectionCheckFailed(state, _action: PayloadAction<{ message: string }>) {
      if (!state.checking) return;
      state.checking = false;
      state.status = 'error';
      state.fetchedAt = null;
    },
  },
  extraReducers: (builder) => {
    // A new or ended session must not inherit what was known about the previous visitor's number.
    builder.addMatcher(isAnyOf(loggedOut, loginSucceeded, registerSucceeded), () => initialState);
  },
  selectors: {
    selectConnectionStatus: (state) => state.status,
    selectConnectionFetchedAt: (state) => state.fetchedAt,
    selectIsSandbox: (state) => state.sandbox,
  },
});

export const {
  landingOpened,
  connectionRefreshRequested,
  connectionCheckStarted,
  connectionChecked,
  connectionCheckFailed,
  sandboxModeReported,
} = connectionSlice.actions;
export const { selectConnectionStatus, selectConnectionFetchedAt, selectIsSandbox } = connectionSlice.selectors;
export default connectionSlice;
