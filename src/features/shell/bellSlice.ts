import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Escalation } from '../../../contract';
import { loggedOut } from '../auth/slice';
import { attendanceChanged } from '../live/inboxEvents';

/** The header's bell: the hand-overs to the owner that are still open. */
export interface HandoverBellState {
  /** Open hand-overs, newest first, as the server last listed them. */
  escalations: Escalation[];
  /** Whether the list has been fetched once (the badge counts nothing before). */
  escalationsLoaded: boolean;
}

export const initialHandoverBellState: HandoverBellState = { escalations: [], escalationsLoaded: false };

/** The texts of the bell's menu. */
export const BELL_TEXTS = {
  noHandovers: 'No open hand-overs',
  handoversTitle: 'Open hand-overs',
} as const;

const bellSlice = createSlice({
  name: 'handoverBell',
  initialState: initialHandoverBellState,
  reducers: {
    /** The bell is on screen: its list is kept fresh until it goes. */
    handoverBellShown() {},
    handoverBellHidden() {},
    escalationsLoaded(state, action: PayloadAction<Escalation[]>) {
      state.escalations = action.payload;
      state.escalationsLoaded = true;
    },
  },
  extraReducers: (builder) => {
    // A conversation the owner answered or marked done no longer needs them: its hand-over goes at once.
    builder.addCase(attendanceChanged, (state, action) => {
      const { conversationId, conversation } = action.payload;
      if (!conversation.needs_you) {
        state.escalations = state.escalations.filter((escalation) => escalation.conversation_id !== conversationId);
      }
    });
    builder.addCase(loggedOut, () => initialHandoverBellState);
  },
});

export const { handoverBellShown, handoverBellHidden, escalationsLoaded } = bellSlice.actions;

export const selectEscalations = (state: { handoverBell: HandoverBellState }) => state.handoverBell.escalations;

export default bellSlice;
