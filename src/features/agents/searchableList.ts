import type { EntityAdapter, EntityState, PayloadAction } from '@reduxjs/toolkit';

export type LoadStatus = 'idle' | 'loading' | 'loaded' | 'failed';

/** A searchable list: the entities keep the server's order (best first, or newest first). */
export interface SearchableList<T> {
  status: LoadStatus;
  items: EntityState<T, number>;
  /** The search the list shows; '' is the full list. */
  query: string;
  error: string | null;
}

export interface SearchSubmission {
  agentId: number;
  query: string;
}

export const emptyList = <T>(items: EntityState<T, number>): SearchableList<T> => ({
  status: 'idle',
  items,
  query: '',
  error: null,
});

/**
 * The events of the searchable list kept at `state[key]` (the agent page's memories and contexts):
 * a search was sent, its answer arrived (under the list's own name, e.g. `memories`), or it failed.
 * A late answer for another agent or an older search is ignored.
 */
export function searchableListReducers<K extends string, T>(key: K, adapter: EntityAdapter<T, number>) {
  type State = { agentId: number | null } & { [P in K]: SearchableList<T> };
  const isCurrent = (state: State, { agentId, query }: SearchSubmission) =>
    state.agentId === agentId && state[key].query === query;
  return {
    submitted(state: State, action: PayloadAction<SearchSubmission>) {
      if (state.agentId !== action.payload.agentId) return;
      const list: SearchableList<T> = state[key];
      list.status = 'loading';
      list.query = action.payload.query;
      list.error = null;
    },
    loaded(state: State, action: PayloadAction<SearchSubmission & { [P in K]: T[] }>) {
      if (!isCurrent(state, action.payload)) return;
      const list: SearchableList<T> = state[key];
      list.status = 'loaded';
      adapter.setAll(list.items, action.payload[key]);
    },
    loadFailed(state: State, action: PayloadAction<SearchSubmission & { message: string }>) {
      if (!isCurrent(state, action.payload)) return;
      const list: SearchableList<T> = state[key];
      list.status = 'failed';
      list.error = action.payload.message;
    },
  };
}
