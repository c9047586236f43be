import { call, put, select, takeEvery, takeLatest, takeLeading } from 'typed-redux-saga';
import { ApiError, errorText } from '../../api/client';
import { templatesApi } from '../../api/templates';
import { safely } from '../../store/safely';
import { selectTemplatesStatus } from './selectors';
import { requireAccessToken } from '../auth/session';
import { liveEventWhere } from '../live/events';
import { toastShown } from '../toasts/slice';
import {
  templateCreated,
  templateCreateFailed,
  templateDeleteConfirmed,
  templateDeleted,
  templateDeleteFailed,
  templatesLoaded,
  templatesLoadFailed,
  templatesRequested,
  templateSubmitted,
  type Refusal,
} from './slice';

export const TEMPLATE_TEXTS = {
  created: 'Template submitted',
  createdDescription: 'WhatsApp reviews it; its status changes here when the review is done.',
  deleted: 'Template deleted',
  deleteFailed: 'Template not deleted',
} as const;

function refusalOf(error: unknown): Refusal {
  return { message: errorText(error), field: error instanceof ApiError ? (error.field ?? null) : null };
}

/** The list, read from WhatsApp. */
export function* loadTemplates() {
  try {
    const token = yield* call(requireAccessToken);
    const list = yield* call(templatesApi.sync, token);
    yield* put(templatesLoaded(list));
  } catch (error) {
    yield* put(templatesLoadFailed({ message: errorText(error) }));
  }
}

export function* createTemplate(action: ReturnType<typeof templateSubmitted>) {
  try {
    const token = yield* call(requireAccessToken);
    const template = yield* call(templatesApi.create, token, action.payload);
    yield* put(templateCreated(template));
    yield* put(toastShown({ title: TEMPLATE_TEXTS.created, description: TEMPLATE_TEXTS.createdDescription }));
  } catch (error) {
    yield* put(templateCreateFailed(refusalOf(error)));
  }
}

export function* deleteTemplate(action: ReturnType<typeof templateDeleteConfirmed>) {
  const templateId = action.payload;
  try {
    const token = yield* call(requireAccessToken);
    yield* call(templatesApi.remove, token, templateId);
    yield* put(templateDeleted(templateId));
    yield* put(toastShown({ title: TEMPLATE_TEXTS.deleted }));
  } catch (error) {
    yield* put(templateDeleteFailed(templateId));
    yield* put(
      toastShown({ title: TEMPLATE_TEXTS.deleteFailed, description: errorText(error), variant: 'destructive' }),
    );
  }
}

const templateChanged = liveEventWhere((event) => event.type === 'template.changed');

/** A review's outcome (a live event) reads the list again, as the server already has it, once it was shown. */
export function* reloadTemplates() {
  if ((yield* select(selectTemplatesStatus)) === 'idle') return;
  try {
    const token = yield* call(requireAccessToken);
    yield* put(templatesLoaded(yield* call(templatesApi.list, token)));
  } catch (error) {
    yield* put(templatesLoadFailed({ message: errorText(error) }));
  }
}

export function* watchTemplates() {
  yield* takeLatest(templatesRequested, safely(loadTemplates));
  yield* takeLeading(templateSubmitted, safely(createTemplate));
  yield* takeEvery(templateDeleteConfirmed, safely(deleteTemplate));
  yield* takeLatest(templateChanged, safely(reloadTemplates));
}
