import { useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { createLeaderLock } from '../effects/leader-lock';
import { startPeriodicTask } from '../effects/periodic-task';
import { prefixAtom } from '../state/boot';
import { isLoggedInAtom } from '../state/session';
import { verifyOnce } from '../session/session-actions';

export const VERIFY_INTERVAL_MS = 20_000;

/** While logged in, one tab (the leader) verifies the session every 20 s. */
export function VerifyEffects() {
  const prefix = useAtomValue(prefixAtom);
  const loggedIn = useAtomValue(isLoggedInAtom);
  useEffect(() => {
    if (!loggedIn || !prefix) return;
    return startPeriodicTask({ intervalMs: VERIFY_INTERVAL_MS, run: verifyOnce, lock: createLeaderLock(`member-verify-${prefix}`) });
  }, [loggedIn, prefix]);
  return null;
}
