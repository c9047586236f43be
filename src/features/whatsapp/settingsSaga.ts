import { call, put, select, takeLatest, takeLeading } from 'typed-redux-saga';
import { errorText } from '../../api/client';
import { inboxApi } from '../../api/inbox';
import { safely } from '../../store/safely';
import { requireAccessToken } from '../auth/session';
import { toastShown } from '../toasts/slice';
import {
  INBOX_SETTINGS_TEXTS,
  inboxSettingsLoaded,
  inboxSettingsLoadFailed,
  inboxSettingsLoadStarted,
  inboxSettingsSaved,
  inboxSettingsSaveFailed,
  readReceiptsToggled,
  selectInboxSettings,
} from './settingsSlice';
import { whatsappPageOpened } from './slice';

export function* loadInboxSettings() {
  yield* put(inboxSettingsLoadStarted());
  try {
    const token = yield* call(requireAccessToken);
    const settings = yield* call(inboxApi.settings, token);
    yield* put(inboxSettingsLoaded(settings));
  } catch {
    yield* put(inboxSettingsLoadFailed());
  }
}

/** Saves the switch as it now shows; a refusal puts the saved value back and says why. */
export function* saveInboxSettings() {
  const { shown, saving } = yield* select(selectInboxSettings);
  // The reducer accepted this change only if it set the save under way.
  if (!saving || !shown) return;
  try {
    const token = yield* call(requireAccessToken);
    const saved = yield* call(inboxApi.saveSettings, token, shown);
    yield* put(inboxSettingsSaved(saved));
  } catch (error) {
    yield* put(inboxSettingsSaveFailed());
    yield* put(
      toastShown({ title: INBOX_SETTINGS_TEXTS.saveFailed, description: errorText(error), variant: 'destructive' }),
    );
  }
}

export function* watchInboxSettings() {
  yield* takeLatest(whatsappPageOpened, safely(loadInboxSettings));
  yield* takeLeading(readReceiptsToggled, safely(saveInboxSettings));
}
