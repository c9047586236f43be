import { combineSlices, configureStore, createAction, type Reducer, type Slice } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import authSlice from '../features/auth/slice';
import connectionSlice from '../features/connection/slice';
import liveSlice from '../features/live/slice';
// Types only: the features' code arrives with their pages (src/features/registry.ts).
import type { LazyFeature } from '../features/registry';
import themeSlice from '../features/theme/slice';
import toastsSlice from '../features/toasts/slice';
import rootSaga from './rootSaga';
import { NAVIGATE_CONTEXT_KEY, type Navigate } from './navigation';
import type { Feature } from './feature';
import type { DevToolsSanitizers } from './devTools';

/** What every page needs, the landing page included. */
export const CORE_SLICES = [authSlice, connectionSlice, liveSlice, themeSlice, toastsSlice] as const;

type StateOf<S extends Slice> = { [K in S as K['reducerPath']]: ReturnType<K['getInitialState']> };

/**
 * The whole state, features included. A feature's part exists once its route has loaded it, which
 * happens before any of its pages renders, so selectors may read it without checking.
 */
export type RootState = StateOf<(typeof CORE_SLICES)[number] | LazyFeature['slices'][number]>;

/** Dispatched after a feature's slices are injected, so that their initial state enters the store. */
const featureLoaded = createAction<string>('store/featureLoaded');

export interface SetupStoreOptions {
  /** Tests pass false to drive sagas themselves; the app runs the root saga. */
  runSagas?: boolean;
  /** The router's navigate, for sagas that move the app to another page. */
  navigate?: Navigate;
  /** Features present from the start (tests preload their state); the app loads them by route. */
  features?: readonly Feature[];
  /**
   * Connects Redux DevTools (when the extension is there) with these sanitizers; without them the
   * store does not connect. The app passes them when DevTools are wanted (./devTools.ts).
   */
  devTools?: DevToolsSanitizers;
}

/** The one store factory: the app and the component tests build their store the same way. */
export function setupStore(
  preloadedState?: Partial<RootState>,
  { runSagas = true, navigate, features = [], devTools }: SetupStoreOptions = {},
) {
  const reducer = combineSlices(...CORE_SLICES);
  const inject = (feature: Feature) => feature.slices.forEach((slice) => reducer.inject(slice));
  // Injected before the store exists, so that preloaded state for them is kept.
  features.forEach(inject);
  const sagaMiddleware = createSagaMiddleware({ context: { [NAVIGATE_CONTEXT_KEY]: navigate } });
  const store = configureStore({
    reducer: reducer as unknown as Reducer<RootState>,
    preloadedState: preloadedState as RootState | undefined,
    devTools: devTools ?? false,
    // Serializability and immutability checks stay on: actions must replay in Redux DevTools.
    middleware: (getDefault) => getDefault().concat(sagaMiddleware),
  });
  const loaded = new Set<string>();
  const start = (feature: Feature) => {
    loaded.add(feature.name);
    if (runSagas) sagaMiddleware.run(feature.saga);
  };
  if (runSagas) sagaMiddleware.run(rootSaga);
  features.forEach(start);

  /** Injects a feature's slices and starts its saga, once per store. */
  function loadFeature(feature: Feature) {
    if (loaded.has(feature.name)) return;
    inject(feature);
    store.dispatch(featureLoaded(feature.name));
    start(feature);
  }
  return Object.assign(store, { loadFeature });
}

export type AppStore = ReturnType<typeof setupStore>;
export type AppDispatch = AppStore['dispatch'];
