import { useEffect } from 'react';
import { useAtomValue, useStore } from 'jotai';
import { createLeaderLock } from '../../core/lib/leader-lock';
import { prefixAtom } from '../../core/base/boot-state';
import { isLoggedInAtom } from '../../core/base/session-state';
import { startVerifySchedule } from './verify-schedule';

/** While logged in, one tab (the leader) verifies the session every 20 s (see verify-schedule.ts). */
export function VerifyEffects() {
  const store = useStore();
  const prefix = useAtomValue(prefixAtom);
  const loggedIn = useAtomValue(isLoggedInAtom);
  useEffect(() => {
    if (!loggedIn || !prefix) return;
    return startVerifySchedule({ store, lock: createLeaderLock(`member-verify-${prefix}`) });
  }, [loggedIn, prefix, store]);
  return null;
}
