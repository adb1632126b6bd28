import { useEffect } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { createLeaderLock } from '../lib/leader-lock';
import { startPeriodicTask } from '../lib/periodic-task';
import { prefixAtom } from '../app/boot-state';
import { isLoggedInAtom } from './state';
import { verifyOnceAtom } from './session-actions';

export const VERIFY_INTERVAL_MS = 20_000;

/** While logged in, one tab (the leader) verifies the session every 20 s. */
export function VerifyEffects() {
  const prefix = useAtomValue(prefixAtom);
  const loggedIn = useAtomValue(isLoggedInAtom);
  const verifyOnce = useSetAtom(verifyOnceAtom);
  useEffect(() => {
    if (!loggedIn || !prefix) return;
    return startPeriodicTask({ intervalMs: VERIFY_INTERVAL_MS, run: verifyOnce, lock: createLeaderLock(`member-verify-${prefix}`) });
  }, [loggedIn, prefix, verifyOnce]);
  return null;
}
