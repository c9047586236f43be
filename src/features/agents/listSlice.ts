import { createEntityAdapter, createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AgentSummary } from '../../../contract/agents';
import { loggedOut } from '../auth/slice';

/** The /agents list: SPEC.md §2 Agents, §4 Agent status. */
export type AgentsListStatus = 'idle' | 'loading' | 'loaded' | 'failed';

/** What an owner can do to an agent from its card, each after a confirmation. */
export type AgentAction = 'activate' | 'delete' | 'restore' | 'deletePermanently';

interface AgentActionRequest {
  agentId: number;
  action: AgentAction;
}

const summariesAdapter = createEntityAdapter<AgentSummary>();

export interface AgentsListState {
  status: AgentsListStatus;
  agents: ReturnType<typeof summariesAdapter.getInitialState>;
  /** The action under way; a second one waits until it is done. */
  pending: AgentActionRequest | null;
}

export const initialAgentsListState: AgentsListState = {
  status: 'idle',
  agents: summariesAdapter.getInitialState(),
  pending: null,
};

const isPending = (state: AgentsListState, { agentId, action }: AgentActionRequest) =>
  state.pending?.agentId === agentId && state.pending.action === action;

const agentsListSlice = createSlice({
  name: 'agentsList',
  initialState: initialAgentsListState,
  reducers: {
    agentsPageOpened() {},
    agentsSummaryLoadStarted(state) {
      // The cards already shown stay while the summary reloads after an action.
      if (state.status !== 'loaded') state.status = 'loading';
    },
    agentsSummaryLoaded(state, action: PayloadAction<AgentSummary[]>) {
      state.status = 'loaded';
      summariesAdapter.setAll(state.agents, action.payload);
    },
    /** SPEC.md §8: summary errors are not handled; the tabs show their empty texts. */
    agentsSummaryLoadFailed(state) {
      if (state.status === 'loading') state.status = 'failed';
    },
    agentActionConfirmed(state, action: PayloadAction<AgentActionRequest>) {
      if (!state.pending) state.pending = action.payload;
    },
    agentActionFinished(state, action: PayloadAction<AgentActionRequest>) {
      if (isPending(state, action.payload)) state.pending = null;
    },
    agentActionFailed(state, action: PayloadAction<AgentActionRequest & { message: string }>) {
      if (isPending(state, action.payload)) state.pending = null;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, () => initialAgentsListState);
  },
  selectors: {
    selectAgentsListStatus: (state) => state.status,
    selectPendingAgentAction: (state) => state.pending,
    selectAgentsState: (state) => state.agents,
  },
});

export const {
  agentsPageOpened,
  agentsSummaryLoadStarted,
  agentsSummaryLoaded,
  agentsSummaryLoadFailed,
  agentActionConfirmed,
  agentActionFinished,
  agentActionFailed,
} = agentsListSlice.actions;
export const { selectAgentsListStatus, selectPendingAgentAction, selectAgentsState } = agentsListSlice.selectors;

const { selectAll } = summariesAdapter.getSelectors();

/** The cards of each tab; SPEC.md §2 shows only the first active agent. */
export const selectAgentTabs = createSelector([selectAgentsState], (agents) => {
  const all = selectAll(agents);
  return {
    active: all.filter((agent) => agent.status === 'active').slice(0, 1),
    inactive: all.filter((agent) => agent.status === 'inactive'),
    deleted: all.filter((agent) => agent.status === 'deleted'),
  };
});

export default agentsListSlice;
