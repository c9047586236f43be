import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import type { AgentBody, AgentDetail, AgentSummary, DocumentItem, Memory } from '../../../../contract/agents';
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
import agentFormSlice, {
  agentFormOpened,
  agentFormSubmitted,
  agentSaved,
} from '../../../../src/features/agents/formSlice';
import agentsListSlice, {
  agentActionConfirmed,
  agentActionFinished,
  agentsSummaryLoaded,
  selectAgentTabs,
  type AgentAction,
} from '../../../../src/features/agents/listSlice';
import { toastShown, type ToastInput } from '../../../../src/features/toasts/slice';
import {
  deleteMemory,
  DOCUMENTS_POLL_INTERVAL_MS,
  loadAgentsSummary,
  loadMemories,
  openAgentDetail,
  openAgentForm,
  pollDocuments,
  runAgentAction,
  saveAgent,
} from '../../../../src/features/agents/saga';
import { navigateTo } from '../../../../src/store/navigation';
import type { RootState } from '../../../../src/store';
import { testReducer } from '../../support/store';
import { DELAY_FN } from '../../support/saga-time';
import { aUser } from '../../support/users';

const summary = (id: number, status: AgentSummary['status'], name = `Agent ${id}`): AgentSummary => ({
  id,
  name,
  status,
  memories_count: id,
  contexts_count: id * 2,
});

const body: Required<AgentBody> = {
  name: 'Bakery helper',
  description: 'Answers questions about our bread',
  model: 'local/knowledge-base',
  system_prompt: 'You are friendly.',
  user_prompt: 'Answer briefly.',
  api_key: 'sk-…abcd',
  handover_message: '',
};

const detail: AgentDetail = {
  id: 4,
  ...body,
  status: 'inactive',
  created_at: '2025-07-28T10:00:00.000Z',
  updated_at: '2025-07-28T10:00:00.000Z',
};

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

function signedIn(verified = true, changes: Partial<RootState> = {}): RootState {
  const initial = testReducer(undefined, { type: '@@INIT' });
  return {
    ...initial,
    auth: { ...initial.auth, status: 'authenticated', accessToken: 'tok', user: aUser({ is_verified: verified }) },
    ...changes,
  };
}

const toast = ({ variant = 'default', ...rest }: ToastInput) => ({
  action: { type: toastShown.type, payload: { variant, ...rest } },
});

afterEach(() => jest.restoreAllMocks());

describe('the agents list', () => {
  it('shows only the first active agent, and every inactive and deleted one', () => {
    const state = signedIn(true, {
      agentsList: agentsListSlice.reducer(
        undefined,
        agentsSummaryLoaded([
          summary(1, 'active'),
          summary(2, 'active'),
          summary(3, 'inactive'),
          summary(4, 'deleted'),
        ]),
      ),
    });
    const tabs = selectAgentTabs(state);
    expect(tabs.active.map((agent) => agent.id)).toEqual([1]);
    expect(tabs.inactive.map((agent) => agent.id)).toEqual([3]);
    expect(tabs.deleted.map((agent) => agent.id)).toEqual([4]);
  });

  it('takes one action at a time', () => {
    const reducer = agentsListSlice.reducer;
    const busy = reducer(undefined, agentActionConfirmed({ agentId: 1, action: 'delete' }));
    const second = reducer(busy, agentActionConfirmed({ agentId: 2, action: 'activate' }));
    expect(second.pending).toEqual({ agentId: 1, action: 'delete' });
    expect(reducer(second, agentActionFinished({ agentId: 2, action: 'activate' })).pending).not.toBeNull();
    expect(reducer(second, agentActionFinished({ agentId: 1, action: 'delete' })).pending).toBeNull();
  });

  it('loads the summary with the token', async () => {
    const agents = [summary(1, 'active')];
    const { storeState } = await expectSaga(loadAgentsSummary)
      .withReducer(testReducer, signedIn())
      .provide([[matchers.call.fn(agentsApi.summary), agents]])
      .call(agentsApi.summary, 'tok')
      .run();
    expect(storeState.agentsList.status).toBe('loaded');
  });

  it.each<[AgentAction, (token: string, agentId: number) => Promise<unknown>]>([
    ['activate', agentsApi.activate],
    ['delete', agentsApi.softDelete],
    ['restore', agentsApi.restore],
    ['deletePermanently', agentsApi.deletePermanently],
  ])('does "%s" and then reloads the summary', async (action, apiCall) => {
    const request = { agentId: 3, action };
    const reloaded = [summary(3, 'active')];
    const state = signedIn(true, { agentsList: agentsListSlice.reducer(undefined, agentActionConfirmed(request)) });
    const { storeState } = await expectSaga(runAgentAction, agentActionConfirmed(request))
      .withReducer(testReducer, state)
      .provide([
        [matchers.call.fn(apiCall), undefined],
        [matchers.call.fn(agentsApi.summary), reloaded],
      ])
      .call(apiCall, 'tok', 3)
      .put(agentActionFinished(request))
      .call(agentsApi.summary, 'tok')
      .run();
    expect(storeState.agentsList.pending).toBeNull();
    expect(storeState.agentsList.agents.entities[3]).toEqual(reloaded[0]);
  });

  it('says why an action failed, and still reloads the summary', async () => {
    const request = { agentId: 3, action: 'activate' as const };
    const state = signedIn(true, { agentsList: agentsListSlice.reducer(undefined, agentActionConfirmed(request)) });
    const reason = 'A deleted agent cannot be set active. Restore it first.';
    await expectSaga(runAgentAction, agentActionConfirmed(request))
      .withReducer(testReducer, state)
      .provide([
        [matchers.call.fn(agentsApi.activate), throwError(new ApiError(reason, 409))],
        [matchers.call.fn(agentsApi.summary), []],
      ])
      .put.like(toast({ title: reason, variant: 'destructive' }))
      .call(agentsApi.summary, 'tok')
      .run();
  });

  it('does nothing for a confirmation the list did not take (another action was running)', () =>
    expectSaga(runAgentAction, agentActionConfirmed({ agentId: 9, action: 'delete' }))
      .withReducer(testReducer, signedIn())
      .not.call.fn(agentsApi.softDelete)
      .not.call.fn(agentsApi.summary)
      .run());
});

describe('the agent form', () => {
  it('loads the models: loading while asked, then the list', async () => {
    const opening = testReducer(signedIn(), agentFormOpened({ agentId: null }));
    expect(opening.agentForm.models.status).toBe('loading');
    const { storeState } = await expectSaga(openAgentForm, agentFormOpened({ agentId: null }))
      .withReducer(testReducer, opening)
      .provide([[matchers.call.fn(agentsApi.models), ['local/knowledge-base', 'openai/gpt-4o-mini']]])
      .not.call.fn(agentsApi.agent)
      .run();
    expect(storeState.agentForm.models).toEqual({
      status: 'loaded',
      list: ['local/knowledge-base', 'openai/gpt-4o-mini'],
      error: null,
    });
  });

  it("says 'Failed to fetch models.' when they cannot be loaded", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const opening = testReducer(signedIn(), agentFormOpened({ agentId: null }));
    const { storeState } = await expectSaga(openAgentForm, agentFormOpened({ agentId: null }))
      .withReducer(testReducer, opening)
      .provide([[matchers.call.fn(agentsApi.models), throwError(new ApiError('down', 503))]])
      .run();
    expect(storeState.agentForm.models).toEqual({ status: 'failed', list: [], error: 'Failed to fetch models.' });
  });

  it.each([
    [404, 'not_found'],
    [500, 'failed'],
  ])('knows an agent to edit that fails with %i as %s', async (status, expected) => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const opening = testReducer(signedIn(), agentFormOpened({ agentId: 4 }));
    const { storeState } = await expectSaga(openAgentForm, agentFormOpened({ agentId: 4 }))
      .withReducer(testReducer, opening)
      .provide([
        [matchers.call.fn(agentsApi.models), ['local/knowledge-base']],
        [matchers.call.fn(agentsApi.agent), throwError(new ApiError('nope', status))],
      ])
      .run();
    expect(storeState.agentForm.agent).toEqual({
      status: expected,
      data: null,
      error: 'Failed to fetch agent details.',
    });
  });

  it('ignores an agent that arrives for another form', () => {
    const state = agentFormSlice.reducer(undefined, agentFormOpened({ agentId: 5 }));
    expect(agentFormSlice.reducer(state, { type: 'agentForm/agentToEditLoaded', payload: detail }).agent.status).toBe(
      'loading',
    );
  });

  it.each([
    [null, 'create an agent'],
    [4, 'edit an agent'],
  ])('asks an unverified owner to verify first and sends nothing (agent %s)', async (agentId, action) => {
    const submitted = agentFormSubmitted({ agentId, values: body });
    const { storeState } = await expectSaga(saveAgent, submitted)
      .withReducer(testReducer, testReducer(signedIn(false), submitted))
      .put.like(
        toast({
          title: 'Email verification required',
          description: `Please verify your email address to ${action}.`,
          variant: 'destructive',
        }),
      )
      .not.call.fn(agentsApi.create)
      .not.call.fn(agentsApi.update)
      .run();
    expect(storeState.agentForm.save.status).toBe('idle');
  });

  it('creates the agent and goes back to the list', () => {
    const submitted = agentFormSubmitted({ agentId: null, values: body });
    return expectSaga(saveAgent, submitted)
      .withReducer(testReducer, testReducer(signedIn(), submitted))
      .provide([
        [matchers.call.fn(agentsApi.create), detail],
        [matchers.call.fn(navigateTo), null],
      ])
      .call(agentsApi.create, 'tok', body)
      .put(agentSaved(detail))
      .call(navigateTo, '/agents')
      .run();
  });

  it('sends the masked key back on edit, so that the stored key stays', () =>
    expectSaga(saveAgent, agentFormSubmitted({ agentId: 4, values: body }))
      .withReducer(testReducer, signedIn())
      .provide([
        [matchers.call.fn(agentsApi.update), detail],
        [matchers.call.fn(navigateTo), null],
      ])
      .call(agentsApi.update, 'tok', 4, { ...body, api_key: 'sk-…abcd' })
      .run());

  it.each([
    [null, 'Failed to create agent. Please check your input and try again.'],
    [4, 'Failed to edit agent. Please check your input and try again.'],
  ])('says the save failed (agent %s)', async (agentId, message) => {
    const submitted = agentFormSubmitted({ agentId, values: body });
    const { storeState } = await expectSaga(saveAgent, submitted)
      .withReducer(testReducer, testReducer(signedIn(), submitted))
      .provide([
        [matchers.call.fn(agentsApi.create), throwError(new ApiError('Name is required.', 422))],
        [matchers.call.fn(agentsApi.update), throwError(new ApiError('Name is required.', 422))],
      ])
      .put.like(toast({ title: message, description: 'Name is required.', variant: 'destructive' }))
      .not.call.fn(navigateTo)
      .run();
    expect(storeState.agentForm.save).toEqual({ status: 'failed', error: message });
  });
});

describe('the agent page', () => {
  const opened = (changes: Partial<RootState> = {}) =>
    testReducer(signedIn(true, changes), agentDetailOpened({ agentId: 4 }));

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

  it('stops everything when the page closes', async () => {
    const documents = jest.fn<DocumentItem[], []>(() => [aDocument(1, 'processing')]);
    // Without a time limit: the run only ends if closing the page ends the saga.
    await expectSaga(openAgentDetail, agentDetailOpened({ agentId: 4 }))
      .withReducer(testReducer, opened())
      .provide({
        call(effect, next) {
          if (effect.fn === agentsApi.documents) return documents();
          if (effect.fn === agentsApi.agent) return detail;
          if (effect.fn === agentsApi.memories || effect.fn === agentsApi.contexts) return [];
          return next();
        },
      })
      .dispatch(agentDetailClosed())
      .run({ timeout: false });
    expect(documents).toHaveBeenCalledTimes(1);
  });
});
