import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useMemo } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import Toaster from './components/Toaster';
import { selectThemeMode } from './features/theme/slice';
import type { AppStore } from './store';
import { useAppSelector } from './store/hooks';
import { createAppTheme } from './theme';

type Router = ReturnType<typeof createBrowserRouter>;

function ThemedApp({ router }: { router: Router }) {
  const mode = useAppSelector(selectThemeMode);
  const theme = useMemo(() => createAppTheme(mode), [mode]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <RouterProvider router={router} />
      <Toaster />
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
