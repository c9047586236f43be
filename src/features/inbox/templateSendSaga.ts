import { call, put, select, takeLatest, takeLeading } from 'typed-redux-saga';
import { ApiError, errorText } from '../../api/client';
import { templatesApi } from '../../api/templates';
import { safely } from '../../store/safely';
import { requireAccessToken } from '../auth/session';
import { liveEventWhere } from '../live/events';
import { toastShown } from '../toasts/slice';
import { selectTemplateChoicesStatus } from './templateSendSelectors';
import {
  templateChoicesLoaded,
  templateChoicesLoadFailed,
  templateDialogOpened,
  templateSendFailed,
  templateSendSubmitted,
  templateSent,
  type Refusal,
} from './templateSendSlice';

export const TEMPLATE_SEND_TEXTS = {
  sent: 'Template sent',
  sendFailed: 'Template not sent',
} as const;

function refusalOf(error: unknown): Refusal {
  return { message: errorText(error), field: error instanceof ApiError ? (error.field ?? null) : null };
}

/** The dialog's choices, read from WhatsApp. */
export function* loadTemplateChoices() {
  try {
    const token = yield* call(requireAccessToken);
    const list = yield* call(templatesApi.sync, token);
    yield* put(templateChoicesLoaded(list));
  } catch (error) {
    yield* put(templateChoicesLoadFailed({ message: errorText(error) }));
  }
}

/** The template is the owner's reply: the conversation shows it as any other. */
export function* sendTemplate(action: ReturnType<typeof templateSendSubmitted>) {
  const { conversationId, templateId, bodyValues, headerValues } = action.payload;
  try {
    const token = yield* call(requireAccessToken);
    const message = yield* call(templatesApi.send, token, conversationId, {
      template_id: templateId,
      body_values: bodyValues,
      ...(headerValues.length ? { header_values: headerValues } : {}),
    });
    yield* put(templateSent({ conversationId, message }));
    yield* put(toastShown({ title: TEMPLATE_SEND_TEXTS.sent }));
  } catch (error) {
    yield* put(templateSendFailed(refusalOf(error)));
  }
}

const templateChanged = liveEventWhere((event) => event.type === 'template.changed');

/** A review's outcome (a live event) reads the choices again, as the server already has them, once they were shown. */
export function* reloadTemplateChoices() {
  if ((yield* select(selectTemplateChoicesStatus)) === 'idle') return;
  try {
    const token = yield* call(requireAccessToken);
    yield* put(templateChoicesLoaded(yield* call(templatesApi.list, token)));
  } catch (error) {
    yield* put(templateChoicesLoadFailed({ message: errorText(error) }));
  }
}

export function* watchTemplateSend() {
  yield* takeLatest(templateDialogOpened, safely(loadTemplateChoices));
  yield* takeLeading(templateSendSubmitted, safely(sendTemplate));
  yield* takeLatest(templateChanged, safely(reloadTemplateChoices));
}
