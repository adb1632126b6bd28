import { useEffect } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { leaderLock } from '../../core/lib/leader-lock';
import { startPeriodicTask } from '../../core/lib/periodic-task';
import { prefixAtom } from '../../core/base/boot-state';
import { isLoggedInAtom, memberIdAtom } from '../../core/base/session-state';
import { takeReturnFromGameAtom } from './state';
import { refreshAllBalancesAtom, setUpGamesAtom, takeKeptBalancesAtom } from './game-actions';
import { KEPT_BALANCES_KEY } from './kept-balances';
import { loadMemberStrings } from '../../core/i18n/init-i18n';

export const CREDIT_INTERVAL_MS = 60_000;

/** Provider sessions and balances, tied to a logged-in member: set up once, then credits every 60 s. */
export function GameEffects() {
  const prefix = useAtomValue(prefixAtom);
  const loggedIn = useAtomValue(isLoggedInAtom);
  const memberId = useAtomValue(memberIdAtom);
  const setUpGames = useSetAtom(setUpGamesAtom);
  const refreshAllBalances = useSetAtom(refreshAllBalancesAtom);
  const takeReturnFromGame = useSetAtom(takeReturnFromGameAtom);
  const takeKeptBalances = useSetAtom(takeKeptBalancesAtom);

  useEffect(() => {
    if (!loggedIn || !prefix) return;
    let stop: (() => void) | null = null;
    let cancelled = false;
    // The maintenance dialogs the set-up may open speak with the member strings.
    void loadMemberStrings()
      .then(setUpGames)
      .then(() => {
        if (cancelled) return;
        stop = startPeriodicTask({ intervalMs: CREDIT_INTERVAL_MS, run: refreshAllBalances, lock: leaderLock(`member-credit-${prefix}`) });
      })
      .catch((error: unknown) => console.warn('[games] set-up failed', error instanceof Error ? error.message : error));
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [loggedIn, prefix, memberId, setUpGames, refreshAllBalances]);

  // A balance another tab of the member's read (and kept) is shown here too: no request of this tab's own.
  useEffect(() => {
    if (!loggedIn || !prefix) return;
    const onStorage = (event: StorageEvent) => {
      if (event.key === `${KEPT_BALANCES_KEY}${prefix}`) takeKeptBalances();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [loggedIn, prefix, takeKeptBalances]);

  // Back from a game (a new window closed, or the same tab restored from the back-forward cache).
  useEffect(() => {
    if (!loggedIn) return;
    const onReturn = (event: Event) => {
      const restored = event instanceof PageTransitionEvent && event.persisted;
      if (restored || (document.visibilityState === 'visible' && takeReturnFromGame())) void refreshAllBalances();
    };
    window.addEventListener('pageshow', onReturn);
    window.addEventListener('focus', onReturn);
    return () => {
      window.removeEventListener('pageshow', onReturn);
      window.removeEventListener('focus', onReturn);
    };
  }, [loggedIn, refreshAllBalances, takeReturnFromGame]);

  return null;
}
