import { StrictMode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import type { AppRouter } from './App';
import LandingApp, { PRERENDERED_THEME } from './features/landing/LandingApp';
import { setupStore } from './store';
import type { DevToolsSanitizers } from './store/devTools';
import { mayHaveOptedIntoDevTools } from './store/devToolsFlag';
import { readStoredThemeMode } from './theme';

const themeMode = readStoredThemeMode();

/**
 * A first visit to `/` renders the landing page without the router, which loads (with every other
 * page) only when the visitor goes on: the landing page ships little script. The server sends `/`
 * prerendered in PRERENDERED_THEME (scripts/prerender-landing.tsx), which this script hydrates.
 */
function start(devTools?: DevToolsSanitizers) {
  let router: AppRouter | undefined;
  let app: Promise<void> | undefined;
  let root: Root;
  // Sagas navigate through the router once it exists; before that, going somewhere opens the app.
  const store = setupStore(
    { theme: { mode: themeMode } },
    { navigate: (to, options) => (router ? router.navigate(to, options) : openApp(to, options?.replace)), devTools },
  );

  /** Loads the app (once) and renders its router at the browser's location, first moved to `to`. */
  function openApp(to?: string, replace = false): Promise<void> {
    if (to !== undefined) window.history[replace ? 'replaceState' : 'pushState'](null, '', to);
    app ??= import(/* webpackChunkName: "app" */ './App').then(({ default: App, createAppRouter }) => {
      router = createAppRouter(store);
      root.render(
        <StrictMode>
          <App store={store} router={router} />
        </StrictMode>,
      );
    });
    return app;
  }

  const container = document.getElementById('root')!;
  if (window.location.pathname !== '/') {
    root = createRoot(container);
    void openApp();
    return;
  }
  const landing = (
    <StrictMode>
      <LandingApp store={store} navigate={(to) => void openApp(to)} />
    </StrictMode>
  );
  if (container.hasChildNodes() && themeMode === PRERENDERED_THEME) {
    root = hydrateRoot(container, landing);
  } else {
    root = createRoot(container);
    root.render(landing);
  }
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
