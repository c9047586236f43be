import { combineSlices, configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import accountSlice from '../features/account/slice';
import availabilitySlice from '../features/auth/availability';
import authSlice from '../features/auth/slice';
import connectionSlice from '../features/connection/slice';
import inboxSlice from '../features/inbox/slice';
import themeSlice from '../features/theme/slice';
import toastsSlice from '../features/toasts/slice';
import { whatsappSlices } from '../features/whatsapp/slices';
import rootSaga from '../sagas';
import { NAVIGATE_CONTEXT_KEY, type Navigate } from '../sagas/navigation';

export const rootReducer = combineSlices(
  authSlice,
  availabilitySlice,
  connectionSlice,
  accountSlice,
  themeSlice,
  toastsSlice,
  ...whatsappSlices,
  inboxSlice,
);

export type RootState = ReturnType<typeof rootReducer>;

export interface SetupStoreOptions {
  /** Tests pass false to drive sagas themselves; the app runs the root saga. */
  runSagas?: boolean;
  /** The router's navigate, for sagas that move the app to another page. */
  navigate?: Navigate;
}

/** The one store factory: the app and the component tests build their store the same way. */
export function setupStore(preloadedState?: Partial<RootState>, { runSagas = true, navigate }: SetupStoreOptions = {}) {
  const sagaMiddleware = createSagaMiddleware({ context: { [NAVIGATE_CONTEXT_KEY]: navigate } });
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    devTools: process.env.NODE_ENV !== 'production',
    // Serializability and immutability checks stay on: actions must replay in Redux DevTools.
    middleware: (getDefault) => getDefault().concat(sagaMiddleware),
  });
  if (runSagas) sagaMiddleware.run(rootSaga);
  return store;
}

export type AppStore = ReturnType<typeof setupStore>;
export type AppDispatch = AppStore['dispatch'];
