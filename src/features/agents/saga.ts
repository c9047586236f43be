import { all, call, put, select, spawn, takeEvery, takeLatest, takeLeading } from 'typed-redux-saga';
import { AGENT_MESSAGES, type AgentDetail } from '../../../contract/agents';
import { agentsApi } from '../../api/agents';
import { ApiError, errorText } from '../../api/client';
import { selectCurrentUser } from '../auth/slice';
import {
  agentFormOpened,
  agentFormSubmitted,
  agentSaveBlocked,
  agentSaved,
  agentSaveFailed,
  agentToEditLoaded,
  agentToEditLoadFailed,
  modelsLoaded,
  modelsLoadFailed,
} from './formSlice';
import {
  agentActionConfirmed,
  agentActionFailed,
  agentActionFinished,
  agentsPageOpened,
  agentsSummaryLoaded,
  agentsSummaryLoadFailed,
  agentsSummaryLoadStarted,
  selectPendingAgentAction,
  type AgentAction,
} from './listSlice';
import { toastShown } from '../toasts/slice';
import { navigateTo } from '../../store/navigation';
import { safely } from '../../store/safely';
import { isNotFound, watchAgentDetail } from './detailSaga';
import { watchUploads } from './uploadsSaga';
import { requireAccessToken } from '../auth/session';

/** SPEC.md §5: the `{action}` of the verification toast, and of the save error. */
export const VERIFICATION_ACTIONS = { create: 'create an agent', edit: 'edit an agent' } as const;

// --- The list -------------------------------------------------------------------------------------

export function* loadAgentsSummary() {
  yield* put(agentsSummaryLoadStarted());
  try {
    const token = yield* call(requireAccessToken);
    const agents = yield* call(agentsApi.summary, token);
    yield* put(agentsSummaryLoaded(agents));
  } catch (error) {
    console.error('The agents summary could not be loaded', error);
    yield* put(agentsSummaryLoadFailed());
  }
}

const AGENT_ACTION_CALLS: Record<AgentAction, (token: string, agentId: number) => Promise<unknown>> = {
  activate: agentsApi.activate,
  delete: agentsApi.softDelete,
  restore: agentsApi.restore,
  deletePermanently: agentsApi.deletePermanently,
};

/** SPEC.md §4 Agent status: every action, done or not, is followed by a fresh summary. */
export function* runAgentAction(action: ReturnType<typeof agentActionConfirmed>) {
  const request = action.payload;
  const pending = yield* select(selectPendingAgentAction);
  // One action at a time: a confirmation that arrives while another runs was not taken.
  if (pending?.agentId !== request.agentId || pending.action !== request.action) return;
  try {
    const token = yield* call(requireAccessToken);
    yield* call(AGENT_ACTION_CALLS[request.action], token, request.agentId);
    yield* put(agentActionFinished(request));
  } catch (error) {
    const message = errorText(error);
    yield* put(agentActionFailed({ ...request, message }));
    yield* put(toastShown({ title: message, variant: 'destructive' }));
  }
  yield* call(loadAgentsSummary);
}

// --- The form -------------------------------------------------------------------------------------

export function* loadModels() {
  try {
    const token = yield* call(requireAccessToken);
    const models = yield* call(agentsApi.models, token);
    yield* put(modelsLoaded(models));
  } catch (error) {
    console.error('The models could not be loaded', error);
    yield* put(modelsLoadFailed({ message: AGENT_MESSAGES.fetchModelsFailed }));
  }
}

export function* loadAgentToEdit(agentId: number) {
  try {
    const token = yield* call(requireAccessToken);
    const agent = yield* call(agentsApi.agent, token, agentId);
    yield* put(agentToEditLoaded(agent));
  } catch (error) {
    console.error('The agent to edit could not be loaded', error);
    const notFound = isNotFound(error);
    yield* put(agentToEditLoadFailed({ agentId, notFound, message: AGENT_MESSAGES.fetchAgentFailed }));
  }
}

export function* openAgentForm(action: ReturnType<typeof agentFormOpened>) {
  const { agentId } = action.payload;
  yield* all([call(loadModels), ...(agentId === null ? [] : [call(loadAgentToEdit, agentId)])]);
}

/** SPEC.md §5 Agent create or edit: an unverified email gets the toast and nothing is sent. */
export function* saveAgent(action: ReturnType<typeof agentFormSubmitted>) {
  const { agentId, values } = action.payload;
  const verb = agentId === null ? 'create' : 'edit';
  const user = yield* select(selectCurrentUser);
  if (!user?.is_verified) {
    yield* put(agentSaveBlocked());
    yield* put(
      toastShown({
        title: AGENT_MESSAGES.verificationToastTitle,
        description: AGENT_MESSAGES.verificationToast(VERIFICATION_ACTIONS[verb]),
        variant: 'destructive',
      }),
    );
    return;
  }
  let saved: AgentDetail;
  try {
    const token = yield* call(requireAccessToken);
    saved =
      agentId === null
        ? yield* call(agentsApi.create, token, values)
        : yield* call(agentsApi.update, token, agentId, values);
  } catch (error) {
    const message = AGENT_MESSAGES.saveFailed(verb);
    yield* put(agentSaveFailed({ message }));
    yield* put(
      toastShown({
        title: message,
        ...(error instanceof ApiError && { description: error.message }),
        variant: 'destructive',
      }),
    );
    return;
  }
  yield* put(agentSaved(saved));
  if (agentId === null) {
    // The first agent answers at once; a later one waits until the owner chooses it.
    const first = saved.status === 'active';
    yield* put(
      toastShown({
        title: first ? AGENT_MESSAGES.firstAgentActive : AGENT_MESSAGES.agentCreatedInactive,
        description: first
          ? AGENT_MESSAGES.firstAgentActiveDescription
          : AGENT_MESSAGES.agentCreatedInactiveDescription,
        variant: 'success',
      }),
    );
  }
  yield* call(navigateTo, '/agents');
}

/** Effects of the agents pages (src/features/agents): the list and the form here, the agent page and the uploads in their own sagas. */
export function* watchAgents() {
  yield* spawn(watchUploads);
  yield* spawn(watchAgentDetail);
  yield* takeLatest(agentsPageOpened, safely(loadAgentsSummary));
  yield* takeEvery(agentActionConfirmed, safely(runAgentAction));
  yield* takeLatest(agentFormOpened, safely(openAgentForm));
  yield* takeLeading(agentFormSubmitted, safely(saveAgent));
}
