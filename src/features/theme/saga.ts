import { select, takeEvery } from 'typed-redux-saga';
import { selectThemeMode, themeToggled } from './slice';
import { THEME_STORAGE_KEY } from '../../theme';
import { safely } from '../../store/safely';

export function* persistThemeMode() {
  const mode = yield* select(selectThemeMode);
  window.localStorage.setItem(THEME_STORAGE_KEY, mode);
}

export function* watchTheme() {
  yield* takeEvery(themeToggled, safely(persistThemeMode));
}
