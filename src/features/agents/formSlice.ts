import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AgentBody, AgentDetail } from '../../../contract/agents';
import { loggedOut } from '../auth/slice';

/** The create and edit form (/agents/new, /agents/{id}/edit): SPEC.md §2 and §5 Agent form. */
export type ModelsStatus = 'idle' | 'loading' | 'loaded' | 'failed';
export type AgentLoadStatus = 'idle' | 'loading' | 'loaded' | 'not_found' | 'failed';
export type AgentSaveStatus = 'idle' | 'saving' | 'failed';

export interface AgentFormState {
  /** The agent being edited; null while creating. */
  agentId: number | null;
  models: { status: ModelsStatus; list: string[]; error: string | null };
  agent: { status: AgentLoadStatus; data: AgentDetail | null; error: string | null };
  save: { status: AgentSaveStatus; error: string | null };
}

export const initialAgentFormState: AgentFormState = {
  agentId: null,
  models: { status: 'idle', list: [], error: null },
  agent: { status: 'idle', data: null, error: null },
  save: { status: 'idle', error: null },
};

interface AgentFormSubmission {
  agentId: number | null;
  values: AgentBody;
}

const agentFormSlice = createSlice({
  name: 'agentForm',
  initialState: initialAgentFormState,
  reducers: {
    agentFormOpened(_state, action: PayloadAction<{ agentId: number | null }>) {
      const { agentId } = action.payload;
      return {
        ...initialAgentFormState,
        agentId,
        models: { ...initialAgentFormState.models, status: 'loading' },
        agent: { ...initialAgentFormState.agent, status: agentId === null ? 'idle' : 'loading' },
      };
    },
    agentFormClosed: () => initialAgentFormState,
    modelsLoaded(state, action: PayloadAction<string[]>) {
      if (state.models.status === 'loading') state.models = { status: 'loaded', list: action.payload, error: null };
    },
    modelsLoadFailed(state, action: PayloadAction<{ message: string }>) {
      if (state.models.status === 'loading')
        state.models = { status: 'failed', list: [], error: action.payload.message };
    },
    agentToEditLoaded(state, action: PayloadAction<AgentDetail>) {
      if (state.agent.status !== 'loading' || state.agentId !== action.payload.id) return;
      state.agent = { status: 'loaded', data: action.payload, error: null };
    },
    agentToEditLoadFailed(state, action: PayloadAction<{ agentId: number; notFound: boolean; message: string }>) {
      const { agentId, notFound, message } = action.payload;
      if (state.agent.status !== 'loading' || state.agentId !== agentId) return;
      state.agent = { status: notFound ? 'not_found' : 'failed', data: null, error: message };
    },
    agentFormSubmitted(state, _action: PayloadAction<AgentFormSubmission>) {
      if (state.save.status !== 'saving') state.save = { status: 'saving', error: null };
    },
    /** Nothing was sent: the email is not verified (SPEC.md §5). */
    agentSaveBlocked(state) {
      if (state.save.status === 'saving') state.save = { status: 'idle', error: null };
    },
    agentSaved(state, _action: PayloadAction<AgentDetail>) {
      if (state.save.status === 'saving') state.save = { status: 'idle', error: null };
    },
    agentSaveFailed(state, action: PayloadAction<{ message: string }>) {
      if (state.save.status === 'saving') state.save = { status: 'failed', error: action.payload.message };
    },
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, () => initialAgentFormState);
  },
  selectors: {
    selectAgentForm: (state) => state,
  },
});

export const {
  agentFormOpened,
  agentFormClosed,
  modelsLoaded,
  modelsLoadFailed,
  agentToEditLoaded,
  agentToEditLoadFailed,
  agentFormSubmitted,
  agentSaveBlocked,
  agentSaved,
  agentSaveFailed,
} = agentFormSlice.actions;
export const { selectAgentForm } = agentFormSlice.selectors;
export default agentFormSlice;
