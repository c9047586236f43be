import { render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import App from '../../src/App';
import { routes } from '../../src/routes';
import { setupStore, type RootState, type SetupStoreOptions } from '../../src/store';

/** Renders the real app (store, theme, route table) at `path`, as a person would open it. */
export function renderApp(path: string, preloadedState?: Partial<RootState>, options?: SetupStoreOptions) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const store = setupStore(preloadedState, { navigate: (to, opts) => router.navigate(to, opts), ...options });
  const view = render(<App store={store} router={router} />);
  return { ...view, store, router };
}
