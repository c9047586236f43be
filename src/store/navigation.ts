import { call, getContext } from 'typed-redux-saga';

interface NavigateOptions {
  replace?: boolean;
}

/** How sagas move the app to another page: the router's navigate, given as saga context. */
export type Navigate = (to: string, options?: NavigateOptions) => unknown;

export const NAVIGATE_CONTEXT_KEY = 'navigate';

export function* navigateTo(to: string, options?: NavigateOptions) {
  const navigate = (yield* getContext(NAVIGATE_CONTEXT_KEY)) as Navigate | undefined;
  if (navigate) yield* call(navigate, to, options);
}
