import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import App from './App';
import { createRoutes } from './routes';
import { setupStore } from './store';
import { readStoredThemeMode } from './theme';

// The store's sagas navigate through the router (never before it exists), and the router's routes
// load features into the store.
const store = setupStore(
  { theme: { mode: readStoredThemeMode() } },
  { navigate: (to, options) => router.navigate(to, options) },
);
const router = createBrowserRouter(createRoutes(store.loadFeature));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App store={store} router={router} />
  </StrictMode>,
);
