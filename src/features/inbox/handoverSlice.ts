import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Conversation, Escalation } from '../../../contract';
import { loggedOut } from '../auth/slice';

/**
 * Who attends to a conversation, changed from the chat header: hand it back to the AI, take it over
 * (the owner answers, the AI stays silent), or mark it done until the customer writes again.
 */
export type AttendanceChange = 'handBack' | 'takeOver' | 'done';

/** The hand-overs to the owner (the header's bell) and the chat header's attendance controls. */
export interface HandoverState {
  /** Open hand-overs, newest first, as the server last listed them. */
  escalations: Escalation[];
  /** Whether the list has been fetched once (the badge counts nothing before). */
  escalationsLoaded: boolean;
  /** The change under way (the request and the refresh after it); one at a time. */
  changing: { conversationId: string; change: AttendanceChange } | null;
}

export const initialHandoverState: HandoverState = {
  escalations: [],
  escalationsLoaded: false,
  changing: null,
};

/** The texts of the hand-over UI. */
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
  noHandovers: 'No open hand-overs',
  handoversTitle: 'Open hand-overs',
  untitledDocument: 'Untitled document',
  memory: 'Memory',
} as const;

const handoverSlice = createSlice({
  name: 'handover',
  initialState: initialHandoverState,
  reducers: {
    /** The bell is on screen: its list is kept fresh until it goes. */
    handoverBellShown() {},
    handoverBellHidden() {},
    escalationsLoaded(state, action: PayloadAction<Escalation[]>) {
      state.escalations = action.payload;
      state.escalationsLoaded = true;
    },
    /** 'Hand back to AI', 'Take over' or 'Mark done' in the chat header; one change at a time. */
    attendanceChangeClicked(state, action: PayloadAction<{ conversationId: string; change: AttendanceChange }>) {
      state.changing ??= action.payload;
    },
    /** The server made the change, and the inbox has been refreshed. */
    attendanceChanged(
      state,
      action: PayloadAction<{ conversationId: string; change: AttendanceChange; conversation: Conversation }>,
    ) {
      const { conversationId, conversation } = action.payload;
      if (state.changing?.conversationId === conversationId) state.changing = null;
      if (!conversation.needs_you) {
        state.escalations = state.escalations.filter((escalation) => escalation.conversation_id !== conversationId);
      }
    },
    attendanceChangeFailed(
      state,
      action: PayloadAction<{ conversationId: string; change: AttendanceChange; error: string }>,
    ) {
      if (state.changing?.conversationId === action.payload.conversationId) state.changing = null;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, () => initialHandoverState);
  },
});

export const {
  handoverBellShown,
  handoverBellHidden,
  escalationsLoaded,
  attendanceChangeClicked,
  attendanceChanged,
  attendanceChangeFailed,
} = handoverSlice.actions;

type WithHandover = { handover: HandoverState };

export const selectEscalations = (state: WithHandover) => state.handover.escalations;
export const selectAttendanceChanging = (state: WithHandover) => state.handover.changing;

export default handoverSlice;
