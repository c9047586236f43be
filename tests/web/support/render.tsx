import { render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import App from '../../../src/App';
import { createRoutes } from '../../../src/routes';
import { setupStore, type RootState, type SetupStoreOptions } from '../../../src/store';
import { allFeatures } from './store';

/**
 * Renders the real app (store, theme, route table) at `path`, as a person would open it. Every
 * feature is loaded from the start so that tests can preload its state; pass `features: []` to see
 * the routes load them.
 */
export function renderApp(path: string, preloadedState?: Partial<RootState>, options?: SetupStoreOptions) {
  const store = setupStore(preloadedState, {
    navigate: (to, opts) => router.navigate(to, opts),
    features: allFeatures(),
    ...options,
  });
  const router = createMemoryRouter(createRoutes(store.loadFeature), { initialEntries: [path] });
  const view = render(<App store={store} router={router} />);
  return { ...view, store, router };
}
