import { call, delay, race, select, take } from 'typed-redux-saga';
import { safely } from '../../store/safely';
import { loggedOut, selectAuthStatus } from '../auth/slice';
import { sessionSignedIn } from './saga';

/** The reporter's code, fetched at sign-in like the live stream's, rather than with the landing page's script. */
export const loadPresence = () => import('./presence');

/** A reporter whose code did not arrive, or that stopped, starts again after this long. */
export const PRESENCE_RESTART_MS = 5_000;

/**
 * Started with the live core (src/store/rootSaga.ts): this tab reports whether it is seen (live/presence.ts)
 * from sign-in until the member signs out, whatever page shows.
 */
export function* watchPresence() {
  while (true) {
    if ((yield* select(selectAuthStatus)) !== 'authenticated') yield* take(sessionSignedIn);
    let stopped: unknown;
    try {
      const { reportPresence } = yield* call(loadPresence);
      ({ stopped } = yield* race({ run: call(safely(reportPresence)), stopped: take(loggedOut) }));
    } catch {
      stopped = undefined;
    }
    if (!stopped) yield* race({ retry: delay(PRESENCE_RESTART_MS), stopped: take(loggedOut) });
  }
}
