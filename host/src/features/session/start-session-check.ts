import { atom } from 'jotai';
import { sessionCheckingAtom, setSessionCheckAtom } from '../../core/base/session-state';
import { loadSessionActions } from './load-session-actions';

/**
 * Loads the session logic and checks the stored session. When even that code cannot be fetched, the member sees the
 * same "can't reach the server" notice with Retry, and the cookies stay for the next attempt.
 */
export const startSessionCheckAtom = atom(
  null,
  (_get, set, prefix: string): Promise<void> =>
    loadSessionActions().then(
      (actions) => set(actions.checkSessionAtom, prefix),
      (error: unknown) => {
        console.warn('[session] session code did not load', error instanceof Error ? error.message : error);
        set(sessionCheckingAtom);
        set(setSessionCheckAtom, { phase: 'unreachable', errorKey: 'api.errors.offline' });
      },
    ),
);
