import { call, getContext } from 'redux-saga/effects';

export interface NavigateOptions {
  replace?: boolean;
}

/** How sagas move the app to another page: the router's navigate, given as saga context. */
export type Navigate = (to: string, options?: NavigateOptions) => unknown;

export const NAVIGATE_CONTEXT_KEY = 'navigate';

export function* navigateTo(to: string, options?: NavigateOptions) {
  const navigate: Navigate | undefined = yield getContext(NAVIGATE_CONTEXT_KEY);
  if (navigate) yield call(navigate, to, options);
}
