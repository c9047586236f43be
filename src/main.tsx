import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import App from './App';
import { routes } from './routes';
import { setupStore } from './store';
import { readStoredThemeMode } from './theme';

const router = createBrowserRouter(routes);
const store = setupStore(
  { theme: { mode: readStoredThemeMode() } },
  { navigate: (to, options) => router.navigate(to, options) },
);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App store={store} router={router} />
  </StrictMode>,
);
