import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Conversation, Escalation } from '../../../contract';
import { loggedOut } from '../auth/slice';

/** The hand-overs to the owner: the header's bell and the chat header's 'Hand back to AI'. */
export interface HandoverState {
  /** Open hand-overs, newest first, as the server last listed them. */
  escalations: Escalation[];
  /** Whether the list has been fetched once (the badge counts nothing before). */
  escalationsLoaded: boolean;
  /** The conversation being handed back to the AI, while the request and the refresh after it are under way. */
  handingBackId: string | null;
}

export const initialHandoverState: HandoverState = {
  escalations: [],
  escalationsLoaded: false,
  handingBackId: null,
};

/** The texts of the hand-over UI. */
export const HANDOVER_TEXTS = {
  needsYou: 'Needs you',
  handBack: 'Hand back to AI',
  handedBack: 'Handed back to the AI',
  handedBackDescription: 'The AI answers this customer again.',
  handBackFailed: 'Not handed back',
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
    /** 'Hand back to AI' in the chat header; one hand-back at a time. */
    handBackClicked(state, action: PayloadAction<string>) {
      if (state.handingBackId === null) state.handingBackId = action.payload;
    },
    /** The server took the conversation back for the AI, and the inbox has been refreshed. */
    handedBack(state, action: PayloadAction<{ conversationId: string; conversation: Conversation }>) {
      const { conversationId } = action.payload;
      if (state.handingBackId === conversationId) state.handingBackId = null;
      state.escalations = state.escalations.filter((escalation) => escalation.conversation_id !== conversationId);
    },
    handBackFailed(state, action: PayloadAction<{ conversationId: string; error: string }>) {
      if (state.handingBackId === action.payload.conversationId) state.handingBackId = null;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, () => initialHandoverState);
  },
});

export const { handoverBellShown, handoverBellHidden, escalationsLoaded, handBackClicked, handedBack, handBackFailed } =
  handoverSlice.actions;

type WithHandover = { handover: HandoverState };

export const selectEscalations = (state: WithHandover) => state.handover.escalations;
export const selectHandingBackId = (state: WithHandover) => state.handover.handingBackId;

export default handoverSlice;
