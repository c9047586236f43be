import CssBaseline from '@mui/material/CssBaseline';
import { THEME_ID } from '@mui/material/styles';
import { ThemeProvider } from '@mui/system';
import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { selectThemeMode } from './features/theme/slice';
import { selectToastCount } from './features/toasts/slice';
import type { AppStore } from './store';
import { useAppSelector } from './store/hooks';
import { createAppTheme } from './theme';

// Loaded with the first toast: most visits to the landing page never show one.
const Toaster = lazy(() => import(/* webpackChunkName: "toaster" */ './components/Toaster'));

function ThemedFrame({ children }: { children: ReactNode }) {
  const mode = useAppSelector(selectThemeMode);
  const theme = useMemo(() => createAppTheme(mode), [mode]);
  const hasToasts = useAppSelector(selectToastCount) > 0;
  // The system ThemeProvider under Material's theme id: Material's own ThemeProvider also bundles the
  // CSS-variables provider, which this app does not use (about 3 KB gzip off the landing page).
  return (
    <ThemeProvider themeId={THEME_ID} theme={theme}>
      <CssBaseline />
      {children}
      {hasToasts && (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      )}
    </ThemeProvider>
  );
}

export interface AppFrameProps {
  store: AppStore;
  children: ReactNode;
}

/**
 * What every screen stands in: the store, the theme and the toasts. The landing page renders in it
 * without the router (src/main.tsx); the app renders the router in it (./App.tsx).
 */
export default function AppFrame({ store, children }: AppFrameProps) {
  return (
    <Provider store={store}>
      <ThemedFrame>{children}</ThemedFrame>
    </Provider>
  );
}
