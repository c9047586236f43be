import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { loggedOut } from '../auth/slice';

/** SPEC.md §4: the live uniqueness check of one registration field. */
export type AvailabilityStatus = 'idle' | 'checking' | 'taken' | 'available';
export type AvailabilityField = 'username' | 'email';

export interface FieldAvailability {
  status: AvailabilityStatus;
  /** The value this status belongs to: an answer about any other value is stale. */
  value: string;
}

export type AvailabilityState = Record<AvailabilityField, FieldAvailability>;

const idle = (value: string): FieldAvailability => ({ status: 'idle', value });

const initialState: AvailabilityState = { username: idle(''), email: idle('') };

const availabilitySlice = createSlice({
  name: 'availability',
  initialState,
  reducers: {
    usernameEdited(state, action: PayloadAction<string>) {
      state.username = idle(action.payload);
    },
    emailEdited(state, action: PayloadAction<string>) {
      state.email = idle(action.payload);
    },
    availabilityCheckStarted(state, action: PayloadAction<{ field: AvailabilityField; value: string }>) {
      const current = state[action.payload.field];
      if (current.value === action.payload.value && current.status === 'idle') current.status = 'checking';
    },
    availabilityChecked(state, action: PayloadAction<{ field: AvailabilityField; value: string; exists: boolean }>) {
      const current = state[action.payload.field];
      if (current.value !== action.payload.value || current.status !== 'checking') return;
      current.status = action.payload.exists ? 'taken' : 'available';
    },
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, () => initialState);
  },
  selectors: {
    selectUsernameAvailability: (state) => state.username,
    selectEmailAvailability: (state) => state.email,
  },
});

export const { usernameEdited, emailEdited, availabilityCheckStarted, availabilityChecked } = availabilitySlice.actions;
export const { selectUsernameAvailability, selectEmailAvailability } = availabilitySlice.selectors;
export default availabilitySlice;
