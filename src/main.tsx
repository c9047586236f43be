import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import App from './App';
import { createRoutes } from './routes';
import { setupStore } from './store';
import type { DevToolsSanitizers } from './store/devTools';
import { mayHaveOptedIntoDevTools } from './store/devToolsFlag';
import { readStoredThemeMode } from './theme';

const themeMode = readStoredThemeMode();

function start(devTools?: DevToolsSanitizers) {
  // The store's sagas navigate through the router (never before it exists), and the router's routes
  // load features into the store.
  const store = setupStore(
    { theme: { mode: themeMode } },
    { navigate: (to, options) => router.navigate(to, options), devTools },
  );
  const router = createBrowserRouter(createRoutes(store.loadFeature));

  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App store={store} router={router} />
    </StrictMode>,
  );
}

// Only a browser that may have turned Redux DevTools on waits for their module, which decides; if it
// fails to load, the app starts without them.
if (process.env.NODE_ENV !== 'production' || mayHaveOptedIntoDevTools()) {
  void import('./store/devTools').then(
    (devTools) => start(devTools.default()),
    () => start(),
  );
} else {
  start();
}
