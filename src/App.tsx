import CssBaseline from '@mui/material/CssBaseline';
import { THEME_ID } from '@mui/material/styles';
import { ThemeProvider } from '@mui/system';
import { lazy, Suspense, useMemo } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { selectThemeMode } from './features/theme/slice';
import { selectToasts } from './features/toasts/slice';
import type { AppStore } from './store';
import { useAppSelector } from './store/hooks';
import { createAppTheme } from './theme';

type Router = ReturnType<typeof createBrowserRouter>;

// Loaded with the first toast: most visits to the landing page never show one.
const Toaster = lazy(() => import(/* webpackChunkName: "toaster" */ './components/Toaster'));

function ThemedApp({ router }: { router: Router }) {
  const mode = useAppSelector(selectThemeMode);
  const theme = useMemo(() => createAppTheme(mode), [mode]);
  const hasToasts = useAppSelector(selectToasts).length > 0;
  // The system ThemeProvider under Material's theme id: Material's own ThemeProvider also bundles the
  // CSS-variables provider, which this app does not use (about 3 KB gzip off the landing page).
  return (
    <ThemeProvider themeId={THEME_ID} theme={theme}>
      <CssBaseline />
      <RouterProvider router={router} />
      {hasToasts && (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      )}
    </ThemeProvider>
  );
}

export interface AppProps {
  store: AppStore;
  router: Router;
}

export default function App({ store, router }: AppProps) {
  return (
    <Provider store={store}>
      <ThemedApp router={router} />
    </Provider>
  );
}
