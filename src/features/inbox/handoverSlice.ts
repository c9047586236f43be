import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { loggedOut } from '../auth/slice';
import { attendanceChanged, type AttendanceChange } from '../live/inboxEvents';

/** The chat header's attendance controls (the header's bell is the shell's: src/features/shell/bellSlice.ts). */
export interface HandoverState {
  /** The change under way (the request and the refresh after it); one at a time. */
  changing: { conversationId: string; change: AttendanceChange } | null;
}

export const initialHandoverState: HandoverState = { changing: null };

/** The texts of the inbox's hand-over UI. */
export const HANDOVER_TEXTS = {
  needsYou: 'Needs you',
  aiAnswering: 'AI answering',
  youAnswer: 'You’re answering',
  done: 'Done',
  handBack: 'Hand back to AI',
  handedBack: 'Handed back to the AI',
  handedBackDescription: 'The AI answers this customer again.',
  handBackFailed: 'Not handed back',
  takeOver: 'Take over',
  tookOver: 'You took over',
  tookOverDescription: 'The AI stays silent in this conversation until you hand it back.',
  takeOverFailed: 'Not taken over',
  markDone: 'Mark done',
  markedDone: 'Marked done',
  markedDoneDescription: 'It opens again when the customer writes.',
  markDoneFailed: 'Not marked done',
  aiReplying: 'AI is replying…',
  sources: 'Sources',
  untitledDocument: 'Untitled document',
  memory: 'Memory',
} as const;

const handoverSlice = createSlice({
  name: 'handover',
  initialState: initialHandoverState,
  reducers: {
    /** 'Hand back to AI', 'Take over' or 'Mark done' in the chat header; one change at a time. */
    attendanceChangeClicked(state, action: PayloadAction<{ conversationId: string; change: AttendanceChange }>) {
      state.changing ??= action.payload;
    },
    attendanceChangeFailed(
      state,
      action: PayloadAction<{ conversationId: string; change: AttendanceChange; error: string }>,
    ) {
      if (state.changing?.conversationId === action.payload.conversationId) state.changing = null;
    },
  },
  extraReducers: (builder) => {
    // The server made the change, and the inbox has been refreshed.
    builder.addCase(attendanceChanged, (state, action) => {
      if (state.changing?.conversationId === action.payload.conversationId) state.changing = null;
    });
    builder.addCase(loggedOut, () => initialHandoverState);
  },
});

export const { attendanceChangeClicked, attendanceChangeFailed } = handoverSlice.actions;

type WithHandover = { handover: HandoverState };

export const selectAttendanceChanging = (state: WithHandover) => state.handover.changing;

export default handoverSlice;
