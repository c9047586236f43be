import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import type { AgentBody, AgentDetail, AgentSummary } from '../../../../contract/agents';
import { agentsApi } from '../../../../src/api/agents';
import { ApiError } from '../../../../src/api/client';
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
import { loadAgentsSummary, openAgentForm, runAgentAction, saveAgent } from '../../../../src/features/agents/saga';
import { navigateTo } from '../../../../src/store/navigation';
import { signedInStore, testReducer } from '../../support/store';

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
  voice_notes: 'ask_for_text',
  resume_after_minutes: 30,
};

const detail: AgentDetail = {
  id: 4,
  ...body,
  voice_notes: 'ask_for_text',
  status: 'inactive',
  created_at: '2025-07-28T10:00:00.000Z',
  updated_at: '2025-07-28T10:00:00.000Z',
};

const toast = ({ variant = 'default', ...rest }: ToastInput) => ({
  action: { type: toastShown.type, payload: { variant, ...rest } },
});

afterEach(() => jest.restoreAllMocks());

describe('the agents list', () => {
  it('shows only the first active agent, and every inactive and deleted one', () => {
    const state = signedInStore(true, {
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
      .withReducer(testReducer, signedInStore())
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
    const state = signedInStore(true, {
      agentsList: agentsListSlice.reducer(undefined, agentActionConfirmed(request)),
    });
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
    const state = signedInStore(true, {
      agentsList: agentsListSlice.reducer(undefined, agentActionConfirmed(request)),
    });
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
      .withReducer(testReducer, signedInStore())
      .not.call.fn(agentsApi.softDelete)
      .not.call.fn(agentsApi.summary)
      .run());
});

describe('the agent form', () => {
  it('loads the models: loading while asked, then the list', async () => {
    const opening = testReducer(signedInStore(), agentFormOpened({ agentId: null }));
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
    const opening = testReducer(signedInStore(), agentFormOpened({ agentId: null }));
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
    const opening = testReducer(signedInStore(), agentFormOpened({ agentId: 4 }));
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
      .withReducer(testReducer, testReducer(signedInStore(false), submitted))
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
      .withReducer(testReducer, testReducer(signedInStore(), submitted))
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
      .withReducer(testReducer, signedInStore())
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
      .withReducer(testReducer, testReducer(signedInStore(), submitted))
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
