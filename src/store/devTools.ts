import { DEV_TOOLS_SANITIZERS } from './sanitize';

/** Where a developer's own browser keeps its opt-in to Redux DevTools in a production build: 'on'. */
export const DEV_TOOLS_FLAG_KEY = 'threadline.devtools';

/** The only options the store connects Redux DevTools with: secrets never reach them. */
export type DevToolsSanitizers = typeof DEV_TOOLS_SANITIZERS;

type FlagStorage = Pick<Storage, 'getItem' | 'removeItem'>;

/**
 * Whether this browser opted in to Redux DevTools: its stored flag is 'on' (set from the console:
 * README, "Debugging with Redux DevTools"). `?devtools=off` on any page removes the flag.
 */
export function devToolsOptedIn(search: string, storage: FlagStorage): boolean {
  if (new URLSearchParams(search).get('devtools') === 'off') storage.removeItem(DEV_TOOLS_FLAG_KEY);
  return storage.getItem(DEV_TOOLS_FLAG_KEY) === 'on';
}

/**
 * The sanitizers when Redux DevTools are on: always in development, in a production build after
 * this browser's opt-in. The app loads this module only when that may be so (./devToolsFlag.ts), so
 * that visitors' browsers never fetch it.
 */
export default function devToolsOptions(
  search = window.location.search,
  storage: FlagStorage = window.localStorage,
): DevToolsSanitizers | undefined {
  const on = process.env.NODE_ENV !== 'production' || devToolsOptedIn(search, storage);
  return on ? DEV_TOOLS_SANITIZERS : undefined;
}
