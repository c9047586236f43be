import type { Action } from '@reduxjs/toolkit';
import { all, call, put, race, select, take, takeEvery, takeLatest } from 'typed-redux-saga';
import { liveEventWhere } from '../live/events';
import { keepFresh, type FreshView } from '../live/freshWhileShown';
import { AGENT_MESSAGES, type Context, type DocumentItem, type Memory } from '../../../contract/agents';
import { agentsApi } from '../../api/agents';
import { ApiError, errorText } from '../../api/client';
import {
  agentDetailClosed,
  agentDetailLoaded,
  agentDetailLoadFailed,
  agentDetailOpened,
  contextsLoaded,
  contextsLoadFailed,
  contextsSearchSubmitted,
  documentsLoaded,
  documentsLoadFailed,
  documentsUploaded,
  graphLoaded,
  graphLoadFailed,
  graphTabOpened,
  memoriesLoaded,
  memoriesLoadFailed,
  memoriesSearchSubmitted,
  memoryChangeFailed,
  memoryDeleteConfirmed,
  memoryDeleted,
  memoryEditSubmitted,
  memoryUpdated,
  selectContextsList,
  selectMemoryChange,
} from './detailSlice';
import { safely } from '../../store/safely';
import type { SearchSubmission } from './searchableList';
import { requireAccessToken } from '../auth/session';

/** While a document of the open agent is still being read, its list is read again this often. */
export const DOCUMENTS_POLL_INTERVAL_MS = 2000;

/** The server's answer for an agent that is not the owner's, or no agent at all. */
export const isNotFound = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 422);

export function* loadAgentDetail(agentId: number) {
  try {
    const token = yield* call(requireAccessToken);
    const agent = yield* call(agentsApi.agent, token, agentId);
    yield* put(agentDetailLoaded(agent));
  } catch (error) {
    console.error('The agent could not be loaded', error);
    yield* put(agentDetailLoadFailed({ agentId, notFound: isNotFound(error) }));
  }
}

/** Where a searchable list of the agent page comes from, and the events that bring its answer. */
interface SearchableListSource<T> {
  /** As the log names it: 'memories', 'contexts'. */
  noun: string;
  all: (token: string, agentId: number) => Promise<T[]>;
  search: (token: string, agentId: number, query: string) => Promise<T[]>;
  loaded: (submission: SearchSubmission, items: T[]) => Action;
  failed: (failure: SearchSubmission & { message: string }) => Action;
  loadFailedMessage: string;
  searchFailedMessage: string;
}

const MEMORIES: SearchableListSource<Memory> = {
  noun: 'memories',
  all: agentsApi.memories,
  search: agentsApi.searchMemories,
  loaded: (submission, memories) => memoriesLoaded({ ...submission, memories }),
  failed: memoriesLoadFailed,
  loadFailedMessage: AGENT_MESSAGES.loadMemoriesFailed,
  searchFailedMessage: AGENT_MESSAGES.searchMemoriesFailed,
};

const CONTEXTS: SearchableListSource<Context> = {
  noun: 'contexts',
  all: agentsApi.contexts,
  search: agentsApi.searchContexts,
  loaded: (submission, contexts) => contextsLoaded({ ...submission, contexts }),
  failed: contextsLoadFailed,
  loadFailedMessage: AGENT_MESSAGES.loadContextsFailed,
  searchFailedMessage: AGENT_MESSAGES.searchContextsFailed,
};

/** SPEC.md §5: an empty search reloads the full list. */
function* loadSearchableList<T>(source: SearchableListSource<T>, agentId: number, query: string) {
  const search = query.trim();
  try {
    const token = yield* call(requireAccessToken);
    const items = search ? yield* call(source.search, token, agentId, search) : yield* call(source.all, token, agentId);
    yield* put(source.loaded({ agentId, query }, items));
  } catch (error) {
    console.error(`The ${source.noun} could not be loaded`, error);
    const message = search ? source.searchFailedMessage : source.loadFailedMessage;
    yield* put(source.failed({ agentId, query, message }));
  }
}

export function* loadMemories(agentId: number, query: string) {
  yield* call(loadSearchableList, MEMORIES, agentId, query);
}

export function* loadContexts(agentId: number, query: string) {
  yield* call(loadSearchableList, CONTEXTS, agentId, query);
}

/** The documents, or null when they could not be read. */
export function* loadDocuments(agentId: number) {
  try {
    const token = yield* call(requireAccessToken);
    const documents = yield* call(agentsApi.documents, token, agentId);
    yield* put(documentsLoaded({ agentId, documents }));
    return documents;
  } catch (error) {
    console.error('The documents could not be loaded', error);
    yield* put(documentsLoadFailed({ agentId }));
    return null;
  }
}

const isProcessing = (document: DocumentItem) => document.status === 'processing';

/** The documents still being read, after a load (the last set when the load failed). */
function* loadDocumentsProcessing(agentId: number, processing = new Set<number>()) {
  const documents = yield* call(loadDocuments, agentId);
  if (!documents) return processing;
  const finished = documents.some((document) => processing.has(document.id) && !isProcessing(document));
  const contexts = yield* select(selectContextsList);
  if (finished && contexts.query === '') yield* put(contextsSearchSubmitted({ agentId, query: '' }));
  return new Set(documents.filter(isProcessing).map((document) => document.id));
}

/**
 * The agent page's documents: read again every DOCUMENTS_POLL_INTERVAL_MS while one is still
 * processing, after each upload and on a live event about them. A document that finishes brings new
 * contexts: the full list is read again (a search the owner typed stays as it is).
 */
export const documentsView = (agentId: number): FreshView<Set<number>> => ({
  load: (processing) => loadDocumentsProcessing(agentId, processing),
  intervalMs: (processing) => (processing.size > 0 ? DOCUMENTS_POLL_INTERVAL_MS : null),
  changed: [
    (action: Action) => documentsUploaded.match(action) && action.payload.agentId === agentId,
    liveEventWhere((event) => event.type === 'document.changed' && event.agentId === agentId),
  ],
});

/** Everything the agent page shows at first, until the page closes. */
export function* openAgentDetail(action: ReturnType<typeof agentDetailOpened>) {
  const { agentId } = action.payload;
  yield* race({
    loads: all([
      call(loadAgentDetail, agentId),
      call(loadMemories, agentId, ''),
      call(loadContexts, agentId, ''),
      call(keepFresh, documentsView(agentId)),
    ]),
    closed: take(agentDetailClosed),
  });
}

export function* searchMemories(action: ReturnType<typeof memoriesSearchSubmitted>) {
  yield* call(loadMemories, action.payload.agentId, action.payload.query);
}

export function* searchContexts(action: ReturnType<typeof contextsSearchSubmitted>) {
  yield* call(loadContexts, action.payload.agentId, action.payload.query);
}

export function* loadGraph(action: ReturnType<typeof graphTabOpened>) {
  const { agentId } = action.payload;
  try {
    const token = yield* call(requireAccessToken);
    const graph = yield* call(agentsApi.graph, token, agentId);
    yield* put(graphLoaded({ agentId, graph }));
  } catch (error) {
    console.error('The graph could not be loaded', error);
    yield* put(graphLoadFailed({ agentId }));
  }
}

/** The memory dialog's confirm was taken by the reducer (it ignores a second click). */
function* isSavingMemory(memoryId: number) {
  const change = yield* select(selectMemoryChange);
  return change?.memoryId === memoryId && change.status === 'saving';
}

export function* updateMemory(action: ReturnType<typeof memoryEditSubmitted>) {
  const { agentId, memoryId, memory } = action.payload;
  if (!((yield* call(isSavingMemory, memoryId)) as boolean)) return;
  try {
    const token = yield* call(requireAccessToken);
    const updated = yield* call(agentsApi.updateMemory, token, agentId, memoryId, memory);
    yield* put(memoryUpdated({ agentId, memory: updated }));
  } catch (error) {
    yield* put(memoryChangeFailed({ agentId, memoryId, message: errorText(error) }));
  }
}

export function* deleteMemory(action: ReturnType<typeof memoryDeleteConfirmed>) {
  const { agentId, memoryId } = action.payload;
  if (!((yield* call(isSavingMemory, memoryId)) as boolean)) return;
  try {
    const token = yield* call(requireAccessToken);
    yield* call(agentsApi.deleteMemory, token, agentId, memoryId);
    yield* put(memoryDeleted({ agentId, memoryId }));
  } catch (error) {
    yield* put(memoryChangeFailed({ agentId, memoryId, message: errorText(error) }));
  }
}

/** Effects of the agent page (/agents/{id}): what it shows at first, its searches, graph and memory edits. */
export function* watchAgentDetail() {
  yield* takeLatest(agentDetailOpened, safely(openAgentDetail));
  yield* takeLatest(memoriesSearchSubmitted, safely(searchMemories));
  yield* takeLatest(contextsSearchSubmitted, safely(searchContexts));
  yield* takeLatest(graphTabOpened, safely(loadGraph));
  yield* takeEvery(memoryEditSubmitted, safely(updateMemory));
  yield* takeEvery(memoryDeleteConfirmed, safely(deleteMemory));
}
