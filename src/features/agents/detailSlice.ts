import { createEntityAdapter, createSlice, type EntityState, type PayloadAction } from '@reduxjs/toolkit';
import type { AgentDetail, AgentGraph, Context, DocumentItem, Memory } from '../../../contract/agents';
import { loggedOut } from '../auth/slice';
import { emptyList, searchableListReducers, type LoadStatus, type SearchableList } from './searchableList';

/** The agent page (/agents/{id}): its memories, contexts, documents and graph (SPEC.md §2 Detail). */
export type AgentPageStatus = 'idle' | 'loading' | 'loaded' | 'not_found' | 'failed';
export type MemoryChangeStatus = 'open' | 'saving' | 'failed';
type MemoryChangeMode = 'edit' | 'delete';

/** The memory the owner is correcting or deleting, in its dialog; null when no dialog is open. */
interface MemoryChange {
  mode: MemoryChangeMode;
  memoryId: number;
  status: MemoryChangeStatus;
  error: string | null;
}

export const memoriesAdapter = createEntityAdapter<Memory>();
export const contextsAdapter = createEntityAdapter<Context>();
export const documentsAdapter = createEntityAdapter<DocumentItem>({
  sortComparer: (a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id,
});

export interface AgentDetailState {
  agentId: number | null;
  agent: { status: AgentPageStatus; data: AgentDetail | null };
  memories: SearchableList<Memory>;
  contexts: SearchableList<Context>;
  documents: { status: LoadStatus; items: EntityState<DocumentItem, number> };
  graph: { status: LoadStatus; data: AgentGraph | null };
  memoryChange: MemoryChange | null;
}

export const initialAgentDetailState: AgentDetailState = {
  agentId: null,
  agent: { status: 'idle', data: null },
  memories: emptyList(memoriesAdapter.getInitialState()),
  contexts: emptyList(contextsAdapter.getInitialState()),
  documents: { status: 'idle', items: documentsAdapter.getInitialState() },
  graph: { status: 'idle', data: null },
  memoryChange: null,
};

interface ForAgent {
  agentId: number;
}

const memories = searchableListReducers('memories', memoriesAdapter);
const contexts = searchableListReducers('contexts', contextsAdapter);

/** The dialog's confirm: only for the memory and mode it was opened for, and only once. */
function startSaving(
  state: AgentDetailState,
  mode: MemoryChangeMode,
  { agentId, memoryId }: ForAgent & { memoryId: number },
) {
  const change = state.memoryChange;
  if (state.agentId !== agentId || change?.mode !== mode || change.memoryId !== memoryId) return;
  if (change.status === 'saving') return;
  change.status = 'saving';
  change.error = null;
}

const agentDetailSlice = createSlice({
  name: 'agentDetail',
  initialState: initialAgentDetailState,
  reducers: {
    agentDetailOpened(_state, action: PayloadAction<ForAgent>) {
      const loading = { status: 'loading' as const };
      return {
        ...initialAgentDetailState,
        agentId: action.payload.agentId,
        agent: { ...initialAgentDetailState.agent, ...loading },
        memories: { ...initialAgentDetailState.memories, ...loading },
        contexts: { ...initialAgentDetailState.contexts, ...loading },
        documents: { ...initialAgentDetailState.documents, ...loading },
      };
    },
    agentDetailClosed: () => initialAgentDetailState,
    agentDetailLoaded(state, action: PayloadAction<AgentDetail>) {
      if (state.agentId === action.payload.id) state.agent = { status: 'loaded', data: action.payload };
    },
    agentDetailLoadFailed(state, action: PayloadAction<ForAgent & { notFound: boolean }>) {
      if (state.agentId !== action.payload.agentId) return;
      state.agent = { status: action.payload.notFound ? 'not_found' : 'failed', data: null };
    },

    memoriesSearchSubmitted: memories.submitted,
    memoriesLoaded: memories.loaded,
    memoriesLoadFailed: memories.loadFailed,
    contextsSearchSubmitted: contexts.submitted,
    contextsLoaded: contexts.loaded,
    contextsLoadFailed: contexts.loadFailed,

    documentsLoaded(state, action: PayloadAction<ForAgent & { documents: DocumentItem[] }>) {
      if (state.agentId !== action.payload.agentId) return;
      state.documents.status = 'loaded';
      documentsAdapter.setAll(state.documents.items, action.payload.documents);
    },
    documentsLoadFailed(state, action: PayloadAction<ForAgent>) {
      if (state.agentId === action.payload.agentId && state.documents.status === 'loading') {
        state.documents.status = 'failed';
      }
    },
    /** New documents were stored for the agent: its list is read again. */
    documentsUploaded(_state, _action: PayloadAction<ForAgent>) {},

    graphTabOpened(state, action: PayloadAction<ForAgent>) {
      if (state.agentId === action.payload.agentId && state.graph.status !== 'loaded') state.graph.status = 'loading';
    },
    graphLoaded(state, action: PayloadAction<ForAgent & { graph: AgentGraph }>) {
      if (state.agentId === action.payload.agentId) state.graph = { status: 'loaded', data: action.payload.graph };
    },
    graphLoadFailed(state, action: PayloadAction<ForAgent>) {
      if (state.agentId === action.payload.agentId) state.graph = { status: 'failed', data: null };
    },

    memoryChangeStarted(state, action: PayloadAction<{ mode: MemoryChangeMode; memoryId: number }>) {
      if (state.memoryChange?.status !== 'saving')
        state.memoryChange = { ...action.payload, status: 'open', error: null };
    },
    memoryEditSubmitted(state, action: PayloadAction<ForAgent & { memoryId: number; memory: string }>) {
      startSaving(state, 'edit', action.payload);
    },
    memoryDeleteConfirmed(state, action: PayloadAction<ForAgent & { memoryId: number }>) {
      startSaving(state, 'delete', action.payload);
    },
    memoryUpdated(state, action: PayloadAction<ForAgent & { memory: Memory }>) {
      const { agentId, memory } = action.payload;
      if (state.agentId !== agentId) return;
      memoriesAdapter.updateOne(state.memories.items, { id: memory.id, changes: memory });
      if (state.memoryChange?.memoryId === memory.id) state.memoryChange = null;
    },
    memoryDeleted(state, action: PayloadAction<ForAgent & { memoryId: number }>) {
      const { agentId, memoryId } = action.payload;
      if (state.agentId !== agentId) return;
      memoriesAdapter.removeOne(state.memories.items, memoryId);
      if (state.memoryChange?.memoryId === memoryId) state.memoryChange = null;
    },
    memoryChangeFailed(state, action: PayloadAction<ForAgent & { memoryId: number; message: string }>) {
      const { agentId, memoryId, message } = action.payload;
      const change = state.memoryChange;
      if (state.agentId !== agentId || change?.memoryId !== memoryId || change.status !== 'saving') return;
      change.status = 'failed';
      change.error = message;
    },
    memoryChangeDismissed(state) {
      if (state.memoryChange?.status !== 'saving') state.memoryChange = null;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, () => initialAgentDetailState);
  },
  selectors: {
    selectAgentPage: (state) => state.agent,
    selectMemoriesList: (state) => state.memories,
    selectContextsList: (state) => state.contexts,
    selectDocumentsState: (state) => state.documents,
    selectGraphState: (state) => state.graph,
    selectMemoryChange: (state) => state.memoryChange,
  },
});

export const {
  agentDetailOpened,
  agentDetailClosed,
  agentDetailLoaded,
  agentDetailLoadFailed,
  memoriesSearchSubmitted,
  memoriesLoaded,
  memoriesLoadFailed,
  contextsSearchSubmitted,
  contextsLoaded,
  contextsLoadFailed,
  documentsLoaded,
  documentsLoadFailed,
  documentsUploaded,
  graphTabOpened,
  graphLoaded,
  graphLoadFailed,
  memoryChangeStarted,
  memoryEditSubmitted,
  memoryDeleteConfirmed,
  memoryUpdated,
  memoryDeleted,
  memoryChangeFailed,
  memoryChangeDismissed,
} = agentDetailSlice.actions;
export const {
  selectAgentPage,
  selectMemoriesList,
  selectContextsList,
  selectDocumentsState,
  selectGraphState,
  selectMemoryChange,
} = agentDetailSlice.selectors;
export default agentDetailSlice;
