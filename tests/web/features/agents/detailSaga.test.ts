import { expectSaga } from 'redux-saga-test-plan';
import { liveEventReceived } from '../../../../src/features/live/slice';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import type { DocumentItem, Memory } from '../../../../contract/agents';
import { agentsApi } from '../../../../src/api/agents';
import { ApiError } from '../../../../src/api/client';
import agentDetailSlice, {
  agentDetailClosed,
  agentDetailOpened,
  contextsSearchSubmitted,
  documentsUploaded,
  memoriesLoaded,
  memoriesSearchSubmitted,
  memoryChangeStarted,
  memoryDeleteConfirmed,
  memoryDeleted,
} from '../../../../src/features/agents/detailSlice';
import {
  deleteMemory,
  DOCUMENTS_POLL_INTERVAL_MS,
  loadMemories,
  openAgentDetail,
  documentsView,
} from '../../../../src/features/agents/detailSaga';
import type { RootState } from '../../../../src/store';
import { signedInStore, testReducer } from '../../support/store';
import { DELAY_FN } from '../../support/saga-time';
import { anAgentDetail } from '../../support/fixtures/agents';
import { keepFresh } from '../../../../src/features/live/freshWhileShown';

/** The documents' poll on its own, as the agent page runs it while it is open. */
const pollDocuments = (agentId: number) => keepFresh(documentsView(agentId));

const aMemory = (id: number, memory: string): Memory => ({
  id,
  from_phone_number: '+15550100',
  memory,
  created_at: '2025-07-28T10:00:00.000Z',
  updated_at: '2025-07-28T10:00:00.000Z',
});

const aDocument = (id: number, status: DocumentItem['status']): DocumentItem => ({
  id,
  filename: `doc-${id}.pdf`,
  media_type: 'application/pdf',
  size_bytes: 100,
  status,
  error: null,
  pages: 1,
  chunks: 0,
  created_at: '2025-07-28T10:00:00.000Z',
  updated_at: '2025-07-28T10:00:00.000Z',
});

afterEach(() => jest.restoreAllMocks());

describe('the agent page', () => {
  const opened = (changes: Partial<RootState> = {}) =>
    testReducer(signedInStore(true, changes), agentDetailOpened({ agentId: 4 }));

  it('lists every memory for an empty search, and searches otherwise', async () => {
    const all = [aMemory(1, 'Likes rye bread')];
    await expectSaga(loadMemories, 4, '')
      .withReducer(testReducer, opened())
      .provide([[matchers.call.fn(agentsApi.memories), all]])
      .call(agentsApi.memories, 'tok', 4)
      .not.call.fn(agentsApi.searchMemories)
      .run();
    const searching = testReducer(opened(), memoriesSearchSubmitted({ agentId: 4, query: 'rye' }));
    const { storeState } = await expectSaga(loadMemories, 4, 'rye')
      .withReducer(testReducer, searching)
      .provide([[matchers.call.fn(agentsApi.searchMemories), all]])
      .call(agentsApi.searchMemories, 'tok', 4, 'rye')
      .run();
    expect(storeState.agentDetail.memories).toMatchObject({ status: 'loaded', query: 'rye' });
  });

  it.each([
    ['', 'Failed to load memories.'],
    ['bread', 'Failed to search memories.'],
  ])('says why memories failed (query "%s")', async (query, message) => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const state = testReducer(opened(), memoriesSearchSubmitted({ agentId: 4, query }));
    const { storeState } = await expectSaga(loadMemories, 4, query)
      .withReducer(testReducer, state)
      .provide([
        [matchers.call.fn(agentsApi.memories), throwError(new ApiError('down', 500))],
        [matchers.call.fn(agentsApi.searchMemories), throwError(new ApiError('down', 500))],
      ])
      .run();
    expect(storeState.agentDetail.memories).toMatchObject({ status: 'failed', error: message });
  });

  it('ignores memories that answer an older search', () => {
    const reducer = agentDetailSlice.reducer;
    const state = reducer(
      reducer(undefined, agentDetailOpened({ agentId: 4 })),
      memoriesSearchSubmitted({ agentId: 4, query: 'new' }),
    );
    const late = reducer(state, memoriesLoaded({ agentId: 4, query: 'old', memories: [aMemory(1, 'x')] }));
    expect(late.memories.status).toBe('loading');
    expect(late.memories.items.ids).toEqual([]);
  });

  it('deletes a memory once the owner confirmed it', async () => {
    let state = opened();
    state = testReducer(state, memoriesLoaded({ agentId: 4, query: '', memories: [aMemory(1, 'x'), aMemory(2, 'y')] }));
    state = testReducer(state, memoryChangeStarted({ mode: 'delete', memoryId: 1 }));
    const confirmed = memoryDeleteConfirmed({ agentId: 4, memoryId: 1 });
    const { storeState } = await expectSaga(deleteMemory, confirmed)
      .withReducer(testReducer, testReducer(state, confirmed))
      .provide([[matchers.call.fn(agentsApi.deleteMemory), undefined]])
      .call(agentsApi.deleteMemory, 'tok', 4, 1)
      .put(memoryDeleted({ agentId: 4, memoryId: 1 }))
      .run();
    expect(storeState.agentDetail.memories.items.ids).toEqual([2]);
    expect(storeState.agentDetail.memoryChange).toBeNull();
  });

  it('reads the documents again while one is processing, then reloads the contexts when it is ready', async () => {
    const documents = jest
      .fn<DocumentItem[], []>()
      .mockReturnValueOnce([aDocument(1, 'processing')])
      .mockReturnValueOnce([aDocument(1, 'ready')]);
    const { storeState } = await expectSaga(pollDocuments, 4)
      .withReducer(testReducer, opened())
      .provide({
        call(effect, next) {
          if (effect.fn === agentsApi.documents) return documents();
          if (effect.fn === DELAY_FN) return null;
          return next();
        },
      })
      .call(DELAY_FN, DOCUMENTS_POLL_INTERVAL_MS)
      .put(contextsSearchSubmitted({ agentId: 4, query: '' }))
      .run({ silenceTimeout: true });
    expect(documents).toHaveBeenCalledTimes(2);
    expect(storeState.agentDetail.documents.items.entities[1]?.status).toBe('ready');
  });

  it('waits for the next upload once nothing is processing', async () => {
    const documents = jest.fn<DocumentItem[], []>(() => [aDocument(1, 'ready')]);
    await expectSaga(pollDocuments, 4)
      .withReducer(testReducer, opened())
      .provide({
        call(effect, next) {
          return effect.fn === agentsApi.documents ? documents() : next();
        },
      })
      .not.call.fn(DELAY_FN)
      .dispatch(documentsUploaded({ agentId: 5 }))
      .dispatch(documentsUploaded({ agentId: 4 }))
      .run({ silenceTimeout: true });
    // Once at first, once more after this agent's upload; another agent's upload changes nothing.
    expect(documents).toHaveBeenCalledTimes(2);
  });

  it('reads the documents again when a live event says one of this agent’s changed', async () => {
    const documents = jest.fn<DocumentItem[], []>(() => [aDocument(1, 'ready')]);
    const changed = (agentId: number) =>
      liveEventReceived({ event: { type: 'document.changed', agentId, documentId: 1, status: 'ready' } });
    await expectSaga(pollDocuments, 4)
      .withReducer(testReducer, opened())
      .provide({
        call(effect, next) {
          return effect.fn === agentsApi.documents ? documents() : next();
        },
      })
      .dispatch(changed(5))
      .dispatch(changed(4))
      .run({ silenceTimeout: true });
    expect(documents).toHaveBeenCalledTimes(2);
  });

  it('stops everything when the page closes', async () => {
    const documents = jest.fn<DocumentItem[], []>(() => [aDocument(1, 'processing')]);
    // Without a time limit: the run only ends if closing the page ends the saga.
    await expectSaga(openAgentDetail, agentDetailOpened({ agentId: 4 }))
      .withReducer(testReducer, opened())
      .provide({
        call(effect, next) {
          if (effect.fn === agentsApi.documents) return documents();
          if (effect.fn === agentsApi.agent) return anAgentDetail();
          if (effect.fn === agentsApi.memories || effect.fn === agentsApi.contexts) return [];
          return next();
        },
      })
      .dispatch(agentDetailClosed())
      .run({ timeout: false });
    expect(documents).toHaveBeenCalledTimes(1);
  });
});
