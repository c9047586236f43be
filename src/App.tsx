import { createBrowserRouter, RouterProvider } from 'react-router';
import AppFrame from './AppFrame';
import { createRoutes } from './routes';
import type { AppStore } from './store';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/** The router of every page of SPEC.md §2, at the browser's location; pages load their features into `store`. */
export function createAppRouter(store: AppStore): AppRouter {
  return createBrowserRouter(createRoutes(store.loadFeature));
}

export interface AppProps {
  store: AppStore;
  router: AppRouter;
}

export default function App({ store, router }: AppProps) {
  return (
    <AppFrame store={store}>
      <RouterProvider router={router} />
    </AppFrame>
  );
}
