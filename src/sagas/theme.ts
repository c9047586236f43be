import { select, takeEvery } from 'redux-saga/effects';
import { selectThemeMode, themeToggled } from '../features/theme/slice';
import { THEME_STORAGE_KEY } from '../theme';
import { safely } from './safely';

export function* persistThemeMode() {
  const mode: ReturnType<typeof selectThemeMode> = yield select(selectThemeMode);
  window.localStorage.setItem(THEME_STORAGE_KEY, mode);
}

export function* watchTheme() {
  yield takeEvery(themeToggled, safely(persistThemeMode));
}
